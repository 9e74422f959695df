import { unregisterLiveConnection } from '#data/live';
import { logger } from '#http/logger';
import { ACCEPTED, type LiveEvent, type LiveResult } from './live-event.ts';
import { tracedHandler } from '#data/table';

/**
 * $disconnect: the socket closed (the page, the network, API Gateway's idle or 2-hour limit, or a
 * DeleteConnection). Only the connection id arrives, so the registry's owner item names the member.
 * Nothing to do when it is already unregistered (a push or endMemberSessions got there first).
 */
export const handler = tracedHandler('live $disconnect', { route: '$disconnect' }, disconnect);

async function disconnect(event: LiveEvent): Promise<LiveResult> {
  const { connectionId } = event.requestContext;
  const uid = await unregisterLiveConnection(connectionId);
  logger.debug('Live socket closed', { connectionId, uid });
  return ACCEPTED;
}
