import { describe, expect, it } from 'vitest';
import { ANCHOR_MESSAGES, type FriendshipStatus } from '#contracts/anchors';
import {
  connectionTypeOf,
  friendshipIdOf,
  invitationChainOf,
  mutualFriendsOf,
  isOwnAcceptance,
  isOwnPendingRequest,
  refuseAccept,
  refuseOutsider,
  refuseRemoveAnchor,
  refuseRemoveRequest,
  refuseSend,
  usersOfFriendshipId,
  type PairState,
} from '#domain/friendship';

const A = 'aaaa-1';
const B = 'bbbb-2';
const OUTSIDER = 'cccc-3';

function pair(status: FriendshipStatus, requestedBy = A): PairState {
  return { status, requestedBy, users: [A, B] };
}

describe('friendship ids', () => {
  it('sorts the two uids and joins them with an underscore, whoever sends', () => {
    expect(friendshipIdOf(B, A)).toBe(`${A}_${B}`);
    expect(friendshipIdOf(A, B)).toBe(`${A}_${B}`);
  });

  it('reads the two uids back, and refuses what is not a sorted pair', () => {
    expect(usersOfFriendshipId(`${A}_${B}`)).toEqual([A, B]);
    for (const bad of [`${B}_${A}`, `${A}_${A}`, A, `${A}_`, `_${B}`, `${A}_${B}_x`, '']) expect(usersOfFriendshipId(bad)).toBeNull();
  });
});

describe('connectionType, invitationChain, mutualFriends', () => {
  it('is local for the same city and state (case and spacing aside), distant otherwise or when a place is missing', () => {
    expect(connectionTypeOf({ city: 'Austin', state: 'Texas' }, { city: ' austin ', state: 'TEXAS' })).toBe('local');
    expect(connectionTypeOf({ city: 'San  Marcos', state: 'Texas' }, { city: 'san marcos', state: 'texas' })).toBe('local');
    expect(connectionTypeOf({ city: 'Austin', state: 'Texas' }, { city: 'Dallas', state: 'Texas' })).toBe('distant');
    expect(connectionTypeOf({ city: 'Portland', state: 'Oregon' }, { city: 'Portland', state: 'Maine' })).toBe('distant');
    expect(connectionTypeOf({ city: '', state: '' }, { city: '', state: '' })).toBe('distant');
  });

  it('has an invitation chain when either invited the other', () => {
    const member = (uid: string, invitedBy: string | null) => ({ uid, inviteSystem: { invitedBy } });
    expect(invitationChainOf(member(A, B), member(B, null))).toBe(true);
    expect(invitationChainOf(member(A, null), member(B, A))).toBe(true);
    expect(invitationChainOf(member(A, OUTSIDER), member(B, OUTSIDER))).toBe(false);
    expect(invitationChainOf(member(A, null), member(B, null))).toBe(false);
  });

  it('counts the anchors both have', () => {
    expect(mutualFriendsOf(['x', 'y', 'z'], ['y', 'z', 'w'])).toBe(2);
    expect(mutualFriendsOf([], ['y'])).toBe(0);
  });
});

describe('send (none → pending)', () => {
  it('allows a new pair below the cap (99 anchors is still fine)', () => {
    expect(refuseSend(A, B, null, 0)).toBeNull();
    expect(refuseSend(A, B, null, 99)).toBeNull();
  });

  it('refuses yourself, a blocked, accepted or pending pair (either direction), and a sender at 100', () => {
    expect(refuseSend(A, A, null, 0)).toEqual({ status: 'invalid-argument', message: ANCHOR_MESSAGES.toYourself });
    expect(refuseSend(A, B, pair('blocked', B), 0)).toEqual({ status: 'permission-denied', message: ANCHOR_MESSAGES.blocked });
    expect(refuseSend(A, B, pair('accepted'), 0)?.message).toBe(ANCHOR_MESSAGES.alreadyAnchored);
    expect(refuseSend(A, B, pair('pending', A), 0)?.message).toBe(ANCHOR_MESSAGES.alreadyPending);
    expect(refuseSend(A, B, pair('pending', B), 0)?.message).toBe(ANCHOR_MESSAGES.alreadyPending);
    expect(refuseSend(A, B, null, 100)).toEqual({ status: 'aborted', message: ANCHOR_MESSAGES.maxReached });
  });
});

describe('accept (pending → accepted, only by the recipient)', () => {
  it('lets the recipient accept while both are below the cap', () => {
    expect(refuseAccept(B, pair('pending', A), 99, 99)).toBeNull();
  });

  it('refuses a missing or blocked pair, an outsider, an accepted pair, the sender, and either member at 100', () => {
    expect(refuseAccept(B, null, 0, 0)).toEqual({ status: 'not-found', message: ANCHOR_MESSAGES.requestNotFound });
    expect(refuseAccept(B, pair('blocked'), 0, 0)?.message).toBe(ANCHOR_MESSAGES.requestNotFound);
    expect(refuseAccept(OUTSIDER, pair('pending'), 0, 0)).toEqual({ status: 'permission-denied', message: ANCHOR_MESSAGES.notPartOfRequest });
    expect(refuseAccept(B, pair('accepted'), 0, 0)).toEqual({ status: 'aborted', message: ANCHOR_MESSAGES.alreadyAccepted });
    expect(refuseAccept(A, pair('pending', A), 0, 0)).toEqual({ status: 'permission-denied', message: ANCHOR_MESSAGES.ownRequest });
    expect(refuseAccept(B, pair('pending'), 100, 0)?.message).toBe(ANCHOR_MESSAGES.maxReached);
    expect(refuseAccept(B, pair('pending'), 0, 100)?.message).toBe(ANCHOR_MESSAGES.otherMaxReached);
  });
});

describe('reject / cancel (pending → deleted)', () => {
  it('lets either member delete a pending request (reject by the recipient, cancel by the sender)', () => {
    expect(refuseRemoveRequest(A, pair('pending', A))).toBeNull();
    expect(refuseRemoveRequest(B, pair('pending', A))).toBeNull();
  });

  it('refuses a missing or blocked pair, an outsider and an accepted pair', () => {
    expect(refuseRemoveRequest(A, null)?.message).toBe(ANCHOR_MESSAGES.requestNotFound);
    expect(refuseRemoveRequest(A, pair('blocked'))?.message).toBe(ANCHOR_MESSAGES.requestNotFound);
    expect(refuseRemoveRequest(OUTSIDER, pair('pending'))?.message).toBe(ANCHOR_MESSAGES.notPartOfRequest);
    expect(refuseRemoveRequest(A, pair('accepted'))?.message).toBe(ANCHOR_MESSAGES.alreadyAccepted);
  });
});

describe('remove (accepted → deleted)', () => {
  it('lets either member remove an accepted anchor', () => {
    expect(refuseRemoveAnchor(A, pair('accepted'))).toBeNull();
    expect(refuseRemoveAnchor(B, pair('accepted'))).toBeNull();
  });

  it('refuses a missing, pending or blocked pair and an outsider', () => {
    expect(refuseRemoveAnchor(A, null)).toEqual({ status: 'not-found', message: ANCHOR_MESSAGES.connectionNotFound });
    expect(refuseRemoveAnchor(A, pair('pending'))?.message).toBe(ANCHOR_MESSAGES.connectionNotFound);
    expect(refuseRemoveAnchor(A, pair('blocked'))?.message).toBe(ANCHOR_MESSAGES.connectionNotFound);
    expect(refuseRemoveAnchor(OUTSIDER, pair('accepted'))).toEqual({ status: 'permission-denied', message: ANCHOR_MESSAGES.notPartOfConnection });
  });
});

describe('an outsider is told the same whatever the pair is (no graph oracle)', () => {
  const STORED: PairState[] = [pair('pending', A), pair('pending', B), pair('accepted'), pair('blocked', A), pair('blocked', B)];

  it('refuses a caller the friendship id does not name from the id alone, as not part of it', () => {
    const id = friendshipIdOf(A, B);
    expect(refuseOutsider(OUTSIDER, id, 'request')).toEqual({ status: 'permission-denied', message: ANCHOR_MESSAGES.notPartOfRequest });
    expect(refuseOutsider(OUTSIDER, id, 'connection')).toEqual({ status: 'permission-denied', message: ANCHOR_MESSAGES.notPartOfConnection });
    // Either member, and an id that names no pair (not found, for anyone), pass on to the pair's rules.
    expect(refuseOutsider(A, id, 'request')).toBeNull();
    expect(refuseOutsider(B, id, 'connection')).toBeNull();
    expect(refuseOutsider(OUTSIDER, 'not-a-pair', 'request')).toBeNull();
  });

  it('answers an outsider of a stored pair the same in every state, blocked included', () => {
    for (const state of STORED) {
      expect(refuseAccept(OUTSIDER, state, 0, 0)).toEqual({ status: 'permission-denied', message: ANCHOR_MESSAGES.notPartOfRequest });
      expect(refuseRemoveRequest(OUTSIDER, state)).toEqual({ status: 'permission-denied', message: ANCHOR_MESSAGES.notPartOfRequest });
      expect(refuseRemoveAnchor(OUTSIDER, state)).toEqual({ status: 'permission-denied', message: ANCHOR_MESSAGES.notPartOfConnection });
    }
  });
});

describe("a repeat of one's own action is not a refusal (a double click reads as success)", () => {
  it("knows the sender's own pending request, never the other member's", () => {
    expect(isOwnPendingRequest(A, pair('pending', A))).toBe(true);
    expect(isOwnPendingRequest(A, pair('pending', B))).toBe(false);
    expect(isOwnPendingRequest(A, pair('accepted', A))).toBe(false);
    expect(isOwnPendingRequest(OUTSIDER, { status: 'pending', requestedBy: OUTSIDER, users: [A, B] })).toBe(false);
    expect(isOwnPendingRequest(A, null)).toBe(false);
  });

  it("knows the recipient's own acceptance, never the sender's call", () => {
    expect(isOwnAcceptance(B, pair('accepted', A))).toBe(true);
    expect(isOwnAcceptance(A, pair('accepted', A))).toBe(false);
    expect(isOwnAcceptance(B, pair('pending', A))).toBe(false);
    expect(isOwnAcceptance(OUTSIDER, pair('accepted', A))).toBe(false);
  });
});
