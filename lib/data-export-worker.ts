import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { jobHandlers } from '../lambdas/callable-handlers.ts';
import { AppFunction, type FunctionResources } from './app-function.ts';
import type { Stage } from './stage.ts';

/** The callable that hands each export to the worker. */
export const DATA_EXPORT_CALLABLE = 'requestDataExport';

export interface DataExportWorkerProps {
  readonly stage: Stage;
  readonly resources: FunctionResources;
  /** The Lambdas of the callables, by name (CallableApi.functions). */
  readonly callableFunctions: ReadonlyMap<string, AppFunction>;
  readonly logRetention: logs.RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
}

/**
 * The data export worker: builds a member's zip in the background (lambdas/jobs/data-export-worker.ts).
 * requestDataExport invokes it asynchronously (it holds lambda:InvokeFunction on this function alone,
 * and its name in DATA_EXPORT_WORKER_FUNCTION); Lambda retries a failed run twice, as for removal.
 */
export class DataExportWorker extends Construct {
  public readonly worker: AppFunction;

  constructor(scope: Construct, id: string, props: DataExportWorkerProps) {
    super(scope, id);
    this.worker = new AppFunction(this, 'Worker', {
      entry: jobHandlers.dataExportWorker.entry,
      permissions: jobHandlers.dataExportWorker.permissions,
      resources: props.resources,
      stage: props.stage,
      description: "Data export worker: builds a member's zip in the background",
      // A member's items and at most 11 pictures, streamed: seconds; the margin is for a slow bucket.
      timeout: Duration.minutes(5),
      logRetention: props.logRetention,
      logRemovalPolicy: props.logRemovalPolicy,
    });
    const fn = this.worker.function;
    fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(1) });

    // Absent only in tests that build the API from a few rows.
    const callable = props.callableFunctions.get(DATA_EXPORT_CALLABLE);
    if (!callable) return;
    // The exact function ARN (grantInvoke would add `:*` for every version, a wildcard cdk-nag flags).
    callable.function.addToRolePolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
    callable.function.addEnvironment('DATA_EXPORT_WORKER_FUNCTION', fn.functionName);
  }
}
