import { ANCHOR_MESSAGES, MAX_ANCHORS, type ConnectionType, type FriendshipStatus } from '#contracts/anchors';
import type { ErrorStatus } from '#contracts/protocol';

/**
 * The friendship state machine (spec §4): none → pending (send) → accepted (accept, only by the
 * recipient); a pending request is deleted by reject or cancel, an accepted one by remove; a
 * 'blocked' pair refuses new requests. These pure decisions say which refusal applies; the data
 * layer makes the same rules conditions of its writes, so a race can never slip past them.
 */

export interface Refusal {
  status: ErrorStatus;
  message: string;
}

/** The pair as the data layer stored it (null when there is no record). */
export interface PairState {
  status: FriendshipStatus;
  requestedBy: string;
  users: readonly [string, string];
}

/** Spec §3: the two uids sorted and joined by '_'. */
export function friendshipIdOf(a: string, b: string): string {
  return [a, b].sort().join('_');
}

/** The two uids of a friendship id, or null when it is not one (a uid never contains '_'). */
export function usersOfFriendshipId(friendshipId: string): [string, string] | null {
  const parts = friendshipId.split('_');
  if (parts.length !== 2 || !parts[0] || !parts[1] || parts[0] >= parts[1]) return null;
  return [parts[0], parts[1]];
}

function normalizePlacePart(part: string): string {
  return part.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** 'local' when both live in the same city and state (normalized), else 'distant'. */
export function connectionTypeOf(a: { city: string; state: string }, b: { city: string; state: string }): ConnectionType {
  const cityA = normalizePlacePart(a.city);
  const stateA = normalizePlacePart(a.state);
  if (!cityA || !stateA) return 'distant';
  return cityA === normalizePlacePart(b.city) && stateA === normalizePlacePart(b.state) ? 'local' : 'distant';
}

/** true when either member invited the other (inviteSystem.invitedBy). */
export function invitationChainOf(
  a: { uid: string; inviteSystem: { invitedBy: string | null } },
  b: { uid: string; inviteSystem: { invitedBy: string | null } },
): boolean {
  return a.inviteSystem.invitedBy === b.uid || b.inviteSystem.invitedBy === a.uid;
}

/** Accepted anchors the two have in common (neither counts the other). */
export function mutualFriendsOf(anchorsOfA: readonly string[], anchorsOfB: readonly string[]): number {
  const ofB = new Set(anchorsOfB);
  return anchorsOfA.filter((uid) => ofB.has(uid)).length;
}

const refuse = (status: ErrorStatus, message: string): Refusal => ({ status, message });

/**
 * No graph oracle: a caller who is not one of the two members a friendship id names is
 * refused from the id alone, before the pair is read, with one answer whatever the pair is (none,
 * pending either way, anchored, blocked, a member gone). Asking about other members' pairs then
 * tells nothing of who is anchored to, asked or blocked whom. null: the caller is one of the two,
 * or the id names no pair at all (then it is "not found", as for anyone).
 */
export function refuseOutsider(caller: string, friendshipId: string, about: 'request' | 'connection'): Refusal | null {
  const users = usersOfFriendshipId(friendshipId);
  if (!users || users.includes(caller)) return null;
  return refuse('permission-denied', about === 'request' ? ANCHOR_MESSAGES.notPartOfRequest : ANCHOR_MESSAGES.notPartOfConnection);
}

/**
 * The sender's own request already stands (a double click, a retry, a second tab): the repeat is
 * answered with that request, not refused. A request the OTHER member sent is not this.
 */
export function isOwnPendingRequest(sender: string, pair: PairState | null): boolean {
  return pair?.status === 'pending' && pair.requestedBy === sender && pair.users.includes(sender);
}

/**
 * The recipient already accepted this pair (only the recipient can): a repeated accept is answered
 * with the accepted pair, not refused. The sender calling accept is still refused.
 */
export function isOwnAcceptance(accepter: string, pair: PairState | null): boolean {
  return pair?.status === 'accepted' && pair.requestedBy !== accepter && pair.users.includes(accepter);
}

/** Why `sender` may not request `recipient` now, or null. The cap is the sender's only. */
export function refuseSend(sender: string, recipient: string, pair: PairState | null, senderAnchorCount: number): Refusal | null {
  if (sender === recipient) return refuse('invalid-argument', ANCHOR_MESSAGES.toYourself);
  if (pair?.status === 'blocked') return refuse('permission-denied', ANCHOR_MESSAGES.blocked);
  if (pair?.status === 'accepted') return refuse('aborted', ANCHOR_MESSAGES.alreadyAnchored);
  if (pair?.status === 'pending') return refuse('aborted', ANCHOR_MESSAGES.alreadyPending);
  if (senderAnchorCount >= MAX_ANCHORS) return refuse('aborted', ANCHOR_MESSAGES.maxReached);
  return null;
}

/** Why `caller` may not accept the pair now, or null. Caps of both members count. */
export function refuseAccept(caller: string, pair: PairState | null, callerAnchorCount: number, otherAnchorCount: number): Refusal | null {
  if (!pair) return refuse('not-found', ANCHOR_MESSAGES.requestNotFound);
  if (!pair.users.includes(caller)) return refuse('permission-denied', ANCHOR_MESSAGES.notPartOfRequest);
  if (pair.status === 'blocked') return refuse('not-found', ANCHOR_MESSAGES.requestNotFound);
  if (pair.status === 'accepted') return refuse('aborted', ANCHOR_MESSAGES.alreadyAccepted);
  if (pair.requestedBy === caller) return refuse('permission-denied', ANCHOR_MESSAGES.ownRequest);
  if (callerAnchorCount >= MAX_ANCHORS) return refuse('aborted', ANCHOR_MESSAGES.maxReached);
  if (otherAnchorCount >= MAX_ANCHORS) return refuse('aborted', ANCHOR_MESSAGES.otherMaxReached);
  return null;
}

/** Reject (recipient) and cancel (sender) are one action on a pending request. */
export function refuseRemoveRequest(caller: string, pair: PairState | null): Refusal | null {
  if (!pair) return refuse('not-found', ANCHOR_MESSAGES.requestNotFound);
  if (!pair.users.includes(caller)) return refuse('permission-denied', ANCHOR_MESSAGES.notPartOfRequest);
  if (pair.status === 'blocked') return refuse('not-found', ANCHOR_MESSAGES.requestNotFound);
  if (pair.status === 'accepted') return refuse('aborted', ANCHOR_MESSAGES.alreadyAccepted);
  return null;
}

/** Remove applies to an accepted connection only. */
export function refuseRemoveAnchor(caller: string, pair: PairState | null): Refusal | null {
  if (!pair) return refuse('not-found', ANCHOR_MESSAGES.connectionNotFound);
  if (!pair.users.includes(caller)) return refuse('permission-denied', ANCHOR_MESSAGES.notPartOfConnection);
  if (pair.status !== 'accepted') return refuse('not-found', ANCHOR_MESSAGES.connectionNotFound);
  return null;
}
