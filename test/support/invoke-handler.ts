import type { CallableName } from '../../lambdas/contracts/callables.ts';
import { callableHandlers } from '../../lambdas/callable-handlers.ts';
import { apiGatewayEvent } from '../../local/api-gateway-event.ts';

const LAMBDAS_DIR = new URL('../../lambdas/', import.meta.url).href;

/**
 * Calls a callable's Lambda module in this process, as API Gateway would with these JWT claims (or
 * none: a route without authorizer), so a test can check the handler's own refusals or run it
 * against a table of its own (TABLE_NAME of this process).
 */
export async function invokeHandler(name: CallableName, claims: Record<string, unknown> | null, data: unknown = {}) {
  const module = (await import(LAMBDAS_DIR + callableHandlers[name].entry)) as {
    handler: (event: unknown) => Promise<{ statusCode: number; body: string }>;
  };
  const request = { method: 'POST', url: `/api/${name}`, headers: { 'content-type': 'application/json' }, socket: { remoteAddress: '127.0.0.1' } } as never;
  const event = apiGatewayEvent({
    request,
    requestId: `in-process-${name}`,
    routeKey: `POST /api/${name}`,
    rawPath: `/api/${name}`,
    body: Buffer.from(JSON.stringify({ data })),
    claims: claims as never,
  });
  const result = await module.handler(event);
  return { status: result.statusCode, body: JSON.parse(result.body) as unknown };
}
