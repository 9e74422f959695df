import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { functionEnv, region, requiredEnv } from '#data/table';
import { tracedClient } from '#data/table';

/** What the data export worker is invoked with: whose export, and which (a later one replaces it). */
export interface DataExportWorkerEvent {
  uid: string;
  exportId: string;
}

let lambdaClient: LambdaClient | undefined;

/** Locally LAMBDA_ENDPOINT points at the gateway, which serves the Lambda Invoke API. */
function lambda(): LambdaClient {
  lambdaClient ??= tracedClient(new LambdaClient({ region: region(), endpoint: functionEnv('LAMBDA_ENDPOINT') || undefined }));
  return lambdaClient;
}

/**
 * Hands an export to the worker (DATA_EXPORT_WORKER_FUNCTION): an asynchronous invoke
 * (InvocationType Event), so requestDataExport answers at once; Lambda queues the event and retries a
 * failed run twice, as it does for the removal worker (removal-dispatch.ts).
 */
export async function dispatchDataExportWorker(event: DataExportWorkerEvent): Promise<void> {
  await lambda().send(
    new InvokeCommand({
      FunctionName: requiredEnv('DATA_EXPORT_WORKER_FUNCTION'),
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(event)),
    }),
  );
}
