import { clientMessageSchema } from '#contracts/push';
import { logger } from '#http/logger';
import { ACCEPTED, type LiveEvent, type LiveResult } from './live-event.ts';
import { tracedHandler } from '#data/tracer';

function parsed(body: string | undefined): unknown {
  try {
    return JSON.parse(body ?? '');
  } catch {
    return undefined;
  }
}

/**
 * $default: every frame a page sends. The only one the protocol has is `{"action":"ping"}`, which
 * exists to keep the socket past API Gateway's 10-minute idle timeout and needs no answer; anything
 * else is ignored (and logged at debug: a page must not be able to fill the logs).
 */
export const handler = tracedHandler('live $default', { route: '$default' }, ignoreFrame);

async function ignoreFrame(event: LiveEvent): Promise<LiveResult> {
  if (!clientMessageSchema.safeParse(parsed(event.body)).success) {
    logger.debug('Live frame ignored', { connectionId: event.requestContext.connectionId, length: event.body?.length ?? 0 });
  }
  return ACCEPTED;
}
