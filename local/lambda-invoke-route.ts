import type { IncomingMessage, ServerResponse } from 'node:http';
import { jobHandlers, triggerHandlers } from '#lambdas/callable-handlers';
import { readBody, send, sendJson } from './http-helpers.ts';
import { lambdaContext, loadHandler } from './lambda-modules.ts';

/** Lambda's synchronous payload limit. */
const INVOKE_BODY_LIMIT_BYTES = 6 * 1024 * 1024;
const TRIGGER_TIMEOUT_MS = 5_000;

/**
 * The Lambda functions cognito-local may invoke, by function name. The names are Cognito's trigger
 * names on purpose: cognito-local words a refusal as "<function> failed with error <message>.",
 * and AWS words it "<Trigger> failed with error <message>.", so the SPA sees the same text.
 */
export const TRIGGER_FUNCTIONS: Record<string, string> = {
  PreSignUp: triggerHandlers.preSignUp.entry,
  PostConfirmation: triggerHandlers.postConfirmation.entry,
};

/** Functions the handlers themselves invoke (REMOVAL_WORKER_FUNCTION names this one locally). */
export const REMOVAL_WORKER_FUNCTION = 'RemovalWorker';
/** DATA_EXPORT_WORKER_FUNCTION locally: requestDataExport hands each export to it. */
export const DATA_EXPORT_WORKER_FUNCTION = 'DataExportWorker';
const WORKER_FUNCTIONS: Record<string, { entry: string; timeoutMs: number }> = {
  [REMOVAL_WORKER_FUNCTION]: { entry: jobHandlers.removalWorker.entry, timeoutMs: 5 * 60_000 },
  [DATA_EXPORT_WORKER_FUNCTION]: { entry: jobHandlers.dataExportWorker.entry, timeoutMs: 5 * 60_000 },
};

/** cognito-local's config: trigger → function name. */
export const COGNITO_TRIGGER_CONFIG: Record<string, string> = Object.fromEntries(Object.keys(TRIGGER_FUNCTIONS).map((name) => [name, name]));

/**
 * `POST /2015-03-31/functions/{name}/invocations` (RequestResponse), the part of the Lambda API
 * cognito-local calls for triggers, below a base path with this start's token (gateway.ts
 * `lambdaBasePath`; the SDKs' endpoint carries it). A handler that throws is reported as Lambda
 * reports an unhandled function error: status 200, `X-Amz-Function-Error: Unhandled` and an
 * {errorMessage, errorType} payload, which Cognito turns into UserLambdaValidationException.
 */
export function createLambdaInvokeRoute(log: (line: string) => void) {
  return async (request: IncomingMessage, response: ServerResponse, functionName: string): Promise<void> => {
    const worker = WORKER_FUNCTIONS[functionName];
    const entry = TRIGGER_FUNCTIONS[functionName] ?? worker?.entry;
    if (!entry) {
      sendJson(
        response,
        404,
        { Type: 'User', message: `Function not found: ${functionName}` },
        {
          'x-amzn-errortype': 'ResourceNotFoundException',
        },
      );
      return;
    }
    const payload = await readBody(request, INVOKE_BODY_LIMIT_BYTES);
    if (request.headers['x-amz-invocation-type'] === 'Event') {
      // Asynchronous invoke: Lambda answers 202 at once and runs the function in the background.
      send(response, 202, { 'x-amz-executed-version': '$LATEST' }, '');
      void runInBackground(functionName, entry, payload, worker?.timeoutMs ?? TRIGGER_TIMEOUT_MS, log);
      return;
    }
    try {
      const event: unknown = JSON.parse(payload.toString('utf8') || '{}');
      const handler = await loadHandler(entry);
      const result = await handler(event, lambdaContext(functionName, TRIGGER_TIMEOUT_MS));
      sendJson(response, 200, result ?? null, { 'x-amz-executed-version': '$LATEST' });
    } catch (error) {
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      log(`Lambda ${functionName} refused: ${message}`);
      sendJson(
        response,
        200,
        { errorType: name, errorMessage: message, trace: [] },
        {
          'x-amz-executed-version': '$LATEST',
          'x-amz-function-error': 'Unhandled',
        },
      );
    }
  };
}

async function runInBackground(functionName: string, entry: string, payload: Buffer, timeoutMs: number, log: (line: string) => void): Promise<void> {
  try {
    const handler = await loadHandler(entry);
    await handler(JSON.parse(payload.toString('utf8') || '{}'), lambdaContext(functionName, timeoutMs));
  } catch (error) {
    log(`Lambda ${functionName} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}
