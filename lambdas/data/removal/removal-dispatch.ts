import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { functionEnv, region, requiredEnv } from '#data/table';
import { tracedClient } from '#data/table';
import type { JobKey } from './removal-jobs.ts';

/** What the removal worker is invoked with. */
export interface RemovalWorkerEvent extends JobKey {
  /** Overrides the worker's budget (ms) for this run and the runs it hands on to (tests, bench). */
  budgetMs?: number;
}

let lambdaClient: LambdaClient | undefined;

/** Locally LAMBDA_ENDPOINT points at the gateway, which serves the Lambda Invoke API. */
function lambda(): LambdaClient {
  lambdaClient ??= tracedClient(new LambdaClient({ region: region(), endpoint: functionEnv('LAMBDA_ENDPOINT') || undefined }));
  return lambdaClient;
}

/**
 * Hands the rest of a removal to the worker: an asynchronous invoke (InvocationType Event), so the
 * caller returns at once; Lambda queues the event and retries a failed run twice. The callables
 * name the worker by REMOVAL_WORKER_FUNCTION; the worker names itself (its own context), since a
 * function's environment cannot hold its own name in CloudFormation.
 */
export async function dispatchRemovalWorker(event: RemovalWorkerEvent, functionName = requiredEnv('REMOVAL_WORKER_FUNCTION')): Promise<void> {
  await lambda().send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(event)),
    }),
  );
}
