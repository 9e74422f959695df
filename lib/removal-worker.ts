import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { jobHandlers } from '../lambdas/callable-handlers.ts';
import { AppFunction, type FunctionResources } from './app-function.ts';
import type { Stage } from './stage.ts';

/** The callables that hand the rest of a removal to the worker (resolveReport: its remove-member and remove-member-and-tree). */
export const REMOVAL_CALLABLES = ['removeUserAndInviteTree', 'deleteMyAccount', 'resolveReport'] as const;

export interface RemovalWorkerProps {
  readonly stage: Stage;
  readonly resources: Required<FunctionResources>;
  /** The Lambdas of the callables, by name (CallableApi.functions). */
  readonly callableFunctions: ReadonlyMap<string, AppFunction>;
  readonly logRetention: logs.RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
}

/**
 * The removal worker: finishes in the background what a removal callable could not do within an
 * API request (a tree of 1,000 members). The callables invoke it asynchronously (they hold
 * lambda:InvokeFunction on it, and its name in REMOVAL_WORKER_FUNCTION), it re-invokes itself until
 * the job is done, and Lambda retries a failed run twice.
 */
export class RemovalWorker extends Construct {
  public readonly worker: AppFunction;

  constructor(scope: Construct, id: string, props: RemovalWorkerProps) {
    super(scope, id);
    this.worker = new AppFunction(this, 'Worker', {
      entry: jobHandlers.removalWorker.entry,
      permissions: jobHandlers.removalWorker.permissions,
      resources: props.resources,
      stage: props.stage,
      description: 'Removal worker: finishes large removals in the background',
      // Its run budget (2 min, REMOVAL_WORKER_BUDGET_MS) stays well below this.
      timeout: Duration.minutes(5),
      logRetention: props.logRetention,
      logRemovalPolicy: props.logRemovalPolicy,
    });
    const fn = this.worker.function;
    fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(1) });

    // The exact function ARN (grantInvoke would add `:*` for every version, a wildcard cdk-nag flags).
    const invoke = new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] });
    // A policy of its own: the function cannot depend on a policy that names it (a cycle).
    if (fn.role) new iam.Policy(this, 'InvokeItself', { roles: [fn.role], statements: [invoke] });

    for (const name of REMOVAL_CALLABLES) {
      // Absent only in tests that build the API from a few rows.
      const callable = props.callableFunctions.get(name);
      if (!callable) continue;
      callable.function.addToRolePolicy(invoke);
      callable.function.addEnvironment('REMOVAL_WORKER_FUNCTION', fn.functionName);
    }
  }
}
