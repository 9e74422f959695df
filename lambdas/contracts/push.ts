import * as z from 'zod';

/**
 * Live changes pushed to a member's open pages over one WebSocket (API Gateway WebSocket API on
 * AWS, the local gateway's /live locally). A message says what changed, never more than its
 * recipient may read: the page then reads what it shows through the callables, as it would anyway.
 *
 * Connecting: `new WebSocket(`${liveUrl}?token=${accessToken}`)` with the member's Cognito access
 * token (browsers cannot set headers on a WebSocket). A missing, bad or expired token, an ID token,
 * an account without a joined record or one being removed is refused at the handshake. The client
 * sends only `{"action":"ping"}` (keeps the connection open past idle timeouts; answered by nothing).
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
  /** The member was removed (or signed out everywhere): every open page signs out. */
  z.object({ type: z.literal('session.ended'), reason: z.enum(['removed', 'signed-out']) }),
]);
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** What a client may send: a keep-alive, nothing else. */
export const clientMessageSchema = z.object({ action: z.literal('ping') }).strict();

/** The query parameter that carries the access token on connect. */
export const LIVE_TOKEN_PARAMETER = 'token';
