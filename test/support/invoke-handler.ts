import type { CallableName } from '../../lambdas/contracts/callables.ts';
import { callableHandlers } from '../../lambdas/callable-handlers.ts';
import { apiGatewayEvent } from '../../local/api-gateway-event.ts';
import type { Reply } from './callable-client.ts';

const LAMBDAS_DIR = new URL('../../lambdas/', import.meta.url).href;

/**
 * Calls a callable's Lambda module in this process, as API Gateway would with these JWT claims (or
 * none: a route without authorizer), so a test can check the handler's own refusals or run it
 * against a table of its own (TABLE_NAME of this process). `data` is sent as given, valid or not;
 * the reply is typed by the callable's name.
 */
export async function invokeHandler<N extends CallableName>(name: N, claims: Record<string, unknown> | null, data: unknown = {}): Promise<Reply<N>> {
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
  // The handler parses its own output with the callable's contract, as over HTTP (callable-client.ts).
  return { status: result.statusCode, body: JSON.parse(result.body) } as Reply<N>;
}
