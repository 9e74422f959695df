import * as z from 'zod';

/**
 * Live changes pushed to a member's open pages over one WebSocket (API Gateway WebSocket API on
 * AWS, the local gateway's /live locally). A message says what changed, never more than its
 * recipient may read: the page then reads what it shows through the callables, as it would anyway.
 *
 * Connecting: `new WebSocket(liveUrl, liveProtocols(accessToken))` with the member's Cognito access
 * token in the `Sec-WebSocket-Protocol` header (the one header a browser lets a page set on a
 * WebSocket), never in the URL, which CloudFront's and proxies' logs record. A missing, bad or
 * expired token, an ID token, an account without a joined record or one being removed is refused
 * at the handshake; an accepted one is answered with LIVE_PROTOCOL. The client sends only what
 * clientMessageSchema defines: `{"action":"ping"}` (keeps the connection open past idle timeouts;
 * answered by nothing). Any other frame closes the socket.
 */
export const pushMessageSchema = z.discriminatedUnion('type', [
  /** A post entered the recipient's feed (their own or an anchor's): read the feed's first page. */
  z.object({ type: z.literal('feed.post'), postId: z.string(), authorId: z.string() }),
  /** A post the recipient's feed holds has new counts. */
  z.object({ type: z.literal('post.counts'), postId: z.string(), likeCount: z.number().int(), commentCount: z.number().int() }),
  /** Its author edited a post the recipient's feed may hold: a page showing it reads it again (getPost). */
  z.object({ type: z.literal('post.edited'), postId: z.string() }),
  /** A post the recipient's feed held was deleted: it leaves the open page, its thread with it. */
  z.object({ type: z.literal('post.deleted'), postId: z.string() }),
  /** A comment was added on a post the recipient's feed holds: an open thread reads it. */
  z.object({ type: z.literal('comment.added'), postId: z.string(), commentId: z.string() }),
  /**
   * The recipient's anchors changed: a request received, sent, accepted or removed, an anchor
   * added or removed (by either member, a block, a removal or an account deletion): the pending
   * count, the Anchors page and the News Feed read again. It is pushed after the owner's feed
   * followed the change (an anchor who went: their posts are out of it; no post.deleted is pushed
   * for them; a new anchor: their recent posts are in).
   */
  z.object({ type: z.literal('anchors.changed') }),
  /**
   * The recipient has a new notification, or an unread one went (its actor left Anchored): the bell
   * and the notifications page read again (listNotifications).
   */
  z.object({ type: z.literal('notifications.changed') }),
  /**
   * The recipient's own record changed in what their pages show of them: they became verified in
   * person or went back to pending. The member's record (getMe) and their own profile read again.
   */
  z.object({ type: z.literal('me.changed') }),
  /** The member was removed (or signed out everywhere): every open page signs out. */
  z.object({ type: z.literal('session.ended'), reason: z.enum(['removed', 'signed-out']) }),
]);
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** What a client may send: a keep-alive, nothing else. */
export const clientMessageSchema = z.object({ action: z.literal('ping') }).strict();

/** The subprotocol a live socket speaks: offered by the page, and the one $connect answers with. */
export const LIVE_PROTOCOL = 'anchored.live.v1';
/**
 * The second subprotocol a page offers carries its access token: `token.<jwt>`. A JWT is base64url
 * and dots, all of them characters a subprotocol name may hold (RFC 6455: an HTTP token).
 */
export const LIVE_TOKEN_PROTOCOL_PREFIX = 'token.';

/** What a page offers in `Sec-WebSocket-Protocol` to connect with `accessToken`. */
export function liveProtocols(accessToken: string): [string, string] {
  return [LIVE_PROTOCOL, `${LIVE_TOKEN_PROTOCOL_PREFIX}${accessToken}`];
}

/**
 * The access token a handshake's `Sec-WebSocket-Protocol` header carries (comma-separated offers),
 * or undefined when it does not offer LIVE_PROTOCOL with exactly one token.
 */
export function accessTokenOfProtocols(header: string | undefined): string | undefined {
  const offers = (header ?? '')
    .split(',')
    .map((offer) => offer.trim())
    .filter(Boolean);
  const tokens = offers.filter((offer) => offer.startsWith(LIVE_TOKEN_PROTOCOL_PREFIX));
  if (!offers.includes(LIVE_PROTOCOL) || tokens.length !== 1) return undefined;
  return tokens[0]?.slice(LIVE_TOKEN_PROTOCOL_PREFIX.length) || undefined;
}

/** The handshake header that names the subprotocols (offered by the page, chosen by $connect). */
export const LIVE_PROTOCOL_HEADER = 'Sec-WebSocket-Protocol';
