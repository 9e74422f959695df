import { accessTokenOfProtocols, LIVE_PROTOCOL, LIVE_PROTOCOL_HEADER } from '#contracts/push';
import { verifyAccessToken, callerStanding } from '#data/members';
import { forgetLiveConnection, registerLiveConnection } from '#data/live';
import { isEndedBySessionEpoch } from '#domain/session-epoch';
import { LIVE_SOCKETS_PER_MEMBER } from '#domain/live-sockets';
import { requireCloudFrontOrigin } from '#http/client-address';
import { logger } from '#http/logger';
import type { LiveEvent, LiveResult } from './live-event.ts';
import { tracedHandler } from '#data/table';

/**
 * $connect: first the origin secret (on AWS the socket is reached through CloudFront and its web
 * ACL, which adds it; a handshake straight to the execute-api hostname is refused 403 before any
 * read). Then the member's access token, in the `Sec-WebSocket-Protocol` header beside
 * LIVE_PROTOCOL (lambdas/contracts/push.ts: never in the URL, which logs record), checked here
 * rather than by a Lambda authorizer: a WebSocket API has no JWT authorizer, so either way a Lambda
 * verifies it, and this one also needs the uid for the presence check and the registration. A
 * refusal is the handshake's answer (no connection is made): 401 without a valid access token, 403
 * for an account that is not a joined member (not joined yet, removed, or being removed — the same
 * presence check every member callable makes). A token issued before the member signed out
 * everywhere is 401 too, from the same read. A member who already holds
 * LIVE_SOCKETS_PER_MEMBER open sockets is refused with 429. An accepted handshake answers
 * LIVE_PROTOCOL as the socket's subprotocol, as a browser requires of a server it offered some to.
 */
export const handler = tracedHandler('live $connect', { route: '$connect' }, connect);

async function connect(event: LiveEvent): Promise<LiveResult> {
  const { connectionId, connectedAt } = event.requestContext;
  const headers = lowerCased(event.headers);
  try {
    requireCloudFrontOrigin({ headers });
  } catch {
    logger.info('Live connect refused: not through CloudFront', { connectionId });
    return { statusCode: 403 };
  }
  const token = await verifyAccessToken(accessTokenOfProtocols(headers[LIVE_PROTOCOL_HEADER.toLowerCase()]));
  if (!token.ok) {
    logger.info('Live connect refused: no valid access token', { reason: token.reason });
    return { statusCode: 401 };
  }
  const refusal = await refusalOf(token.uid, token.issuedAt);
  if (refusal) return refusal;
  if ((await registerLiveConnection({ uid: token.uid, connectionId, connectedAt })) === 'full') {
    logger.info('Live connect refused: the member holds the most open sockets', { uid: token.uid, max: LIVE_SOCKETS_PER_MEMBER });
    return { statusCode: 429 };
  }
  // Read again once registered: a sign-out everywhere or a removal that landed between the first
  // read and the registration looked for the member's connections before this one was there, so
  // nobody would tell it. Either that lookup finds this registration, or this read finds the change.
  const late = await refusalOf(token.uid, token.issuedAt);
  if (late) {
    await forgetLiveConnection(token.uid, connectionId);
    return late;
  }
  return { statusCode: 200, headers: { [LIVE_PROTOCOL_HEADER]: LIVE_PROTOCOL } };
}

/** The handshake's headers by lower-case name (API Gateway passes a WebSocket handshake's as the client wrote them). */
function lowerCased(headers: LiveEvent['headers']): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
}

/** 401 for a token from before a sign-out everywhere, 403 for an account that is not a joined member; else null. */
async function refusalOf(uid: string, issuedAt: number | undefined): Promise<LiveResult | null> {
  const { presence, sessionEpoch } = await callerStanding(uid);
  if (isEndedBySessionEpoch(issuedAt, sessionEpoch)) {
    logger.info('Live connect refused: token issued before a sign-out everywhere', { uid });
    return { statusCode: 401 };
  }
  if (presence !== 'member') {
    logger.info('Live connect refused: not a joined member', { uid, presence });
    return { statusCode: 403 };
  }
  return null;
}
