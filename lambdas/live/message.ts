import { clientMessageSchema } from '#contracts/push';
import { deleteConnection } from '#data/live';
import { FrameTally } from '#domain/live-frames';
import { logger } from '#http/logger';
import { ACCEPTED, type LiveEvent, type LiveResult } from './live-event.ts';
import { tracedHandler } from '#data/table';

function parsed(body: string | undefined): unknown {
  try {
    return JSON.parse(body ?? '');
  } catch {
    return undefined;
  }
}

/** This warm function's count of each socket's frames (no table write per frame). */
const frames = new FrameTally();

/**
 * $default: every frame a page sends. A page may send only what the client message contract
 * (clientMessageSchema) defines, today `{"action":"ping"}`, which keeps the socket past API
 * Gateway's 10-minute idle timeout and needs no answer, and at most LIVE_FRAME_LIMIT of them. Any
 * other frame (unknown, malformed, binary), or one past the limit, closes that socket through
 * @connections: an honest page never sends one, and a socket that does gets no second chance.
 */
export const handler = tracedHandler('live $default', { route: '$default' }, receiveFrame);

async function receiveFrame(event: LiveEvent): Promise<LiveResult> {
  const { connectionId } = event.requestContext;
  // Counted before anything is awaited: concurrent frames of one socket are each counted once.
  const withinRate = frames.admit(connectionId, Date.now());
  const defined = !event.isBase64Encoded && clientMessageSchema.safeParse(parsed(event.body)).success;
  if (withinRate && defined) return ACCEPTED;
  // Each such frame closes its socket, so a page cannot fill the logs with them for long.
  logger.info('Live socket closed: a frame outside the contract or its rate', {
    connectionId,
    reason: defined ? 'rate' : 'undefined-frame',
    length: event.body?.length ?? 0,
  });
  frames.forget(connectionId);
  await deleteConnection(connectionId);
  return ACCEPTED;
}
