import { LIVE_TOKEN_PARAMETER } from '#contracts/push';
import { verifyAccessToken } from '#data/access-tokens';
import { registerLiveConnection } from '#data/live-connections';
import { isEndedBySessionEpoch } from '#domain/session-epoch';
import { callerStanding } from '#data/member-presence';
import { logger } from '#http/logger';
import { ACCEPTED, type LiveEvent, type LiveResult } from './live-event.ts';

/**
 * $connect: the member's access token in the `token` query parameter (a browser cannot set headers
 * on a WebSocket), checked here rather than by a Lambda authorizer: a WebSocket API has no JWT
 * authorizer, so either way a Lambda verifies it, and this one also needs the uid for the presence
 * check and the registration. A refusal is the handshake's answer (no connection is made):
 * 401 without a valid access token, 403 for an account that is not a joined member (not joined yet,
 * removed, or being removed — the same presence check every member callable makes). A token
 * issued before the member signed out everywhere is 401 too, from the same read (issue 17).
 */
export async function handler(event: LiveEvent): Promise<LiveResult> {
  const { connectionId, connectedAt } = event.requestContext;
  const token = await verifyAccessToken(event.queryStringParameters?.[LIVE_TOKEN_PARAMETER]);
  if (!token.ok) {
    logger.info('Live connect refused: no valid access token', { reason: token.reason });
    return { statusCode: 401 };
  }
  const { presence, sessionEpoch } = await callerStanding(token.uid);
  if (isEndedBySessionEpoch(token.issuedAt, sessionEpoch)) {
    logger.info('Live connect refused: token issued before a sign-out everywhere', { uid: token.uid });
    return { statusCode: 401 };
  }
  if (presence !== 'member') {
    logger.info('Live connect refused: not a joined member', { uid: token.uid, presence });
    return { statusCode: 403 };
  }
  await registerLiveConnection({ uid: token.uid, connectionId, connectedAt });
  return ACCEPTED;
}
