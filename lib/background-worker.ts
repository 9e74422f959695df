import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { CallableHandlerEntry } from '../lambdas/handler-row.ts';
import { AppFunction, type FunctionResources } from './app-function.ts';
import type { Stage } from './stage.ts';

export interface BackgroundWorkerProps {
  readonly stage: Stage;
  /** The worker's row of lambdas/callable-handlers.ts jobHandlers (handler module and grants). */
  readonly job: CallableHandlerEntry;
  readonly description: string;
  readonly resources: FunctionResources;
  /** The Lambdas of the callables, by name (CallableApi.functions). */
  readonly callableFunctions: ReadonlyMap<string, AppFunction>;
  /** The callables that hand work to it (the rows that declare it among their `needs.workers`): each may invoke it and finds its name in `functionNameEnv`. */
  readonly invokedBy: readonly string[];
  readonly functionNameEnv: string;
  /** A worker that re-invokes itself until its job is done (the removal of a large tree). */
  readonly invokesItself?: boolean;
  readonly logRetention: logs.RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
}

/**
 * A worker that finishes in the background what a callable cannot do within an API request (a
 * removal of 1,000 members, a member's data export). The callables invoke it asynchronously: they
 * hold lambda:InvokeFunction on this function alone, and its name in `functionNameEnv`. Lambda
 * retries a failed run twice.
 */
export class BackgroundWorker extends Construct {
  public readonly worker: AppFunction;

  constructor(scope: Construct, id: string, props: BackgroundWorkerProps) {
    super(scope, id);
    this.worker = new AppFunction(this, 'Worker', {
      entry: props.job.entry,
      permissions: props.job.permissions,
      resources: props.resources,
      stage: props.stage,
      description: props.description,
      // A removal's run budget is 2 minutes (REMOVAL_WORKER_BUDGET_MS); an export streams a member's
      // items and at most 11 pictures in seconds. The margin is for a slow bucket or table.
      timeout: Duration.minutes(5),
      logRetention: props.logRetention,
      logRemovalPolicy: props.logRemovalPolicy,
    });
    const fn = this.worker.function;
    const alias = this.worker.alias;
    // The callables invoke the alias (the canary decides which version runs); a configuration
    // applies to the qualifier it names, so the alias gets the retries.
    alias.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(1) });

    // The exact alias ARN (grantInvoke would add `:*` for every version, a wildcard cdk-nag flags).
    const invoke = new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [alias.functionArn] });
    if (props.invokesItself && fn.role) {
      // A removal's next run names the worker from its own context (lambdas/jobs/removal-worker.ts:
      // the unqualified name, so $LATEST, which is the newest code once the deployment finished):
      // that invoke needs the function's ARN and its retries. A policy of its own: the function
      // cannot depend on a policy that names it (a cycle).
      fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(1) });
      const itself = new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] });
      new iam.Policy(this, 'InvokeItself', { roles: [fn.role], statements: [itself] });
    }

    for (const name of props.invokedBy) {
      // Absent only in tests that build the API from a few rows.
      const callable = props.callableFunctions.get(name);
      if (!callable) continue;
      callable.function.addToRolePolicy(invoke);
      // The alias's ARN: Invoke takes it as FunctionName, and runs the version the canary chose.
      callable.function.addEnvironment(props.functionNameEnv, alias.functionArn);
    }
  }
}
