import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ANCHOR_MESSAGES } from '../../lambdas/contracts/anchors.ts';
import type { User, Visibility } from '../../lambdas/contracts/user.ts';
import { call, callRaw, expectRefusal, ok } from '../support/callable-client.ts';
import { createMember, useLocalCloudData, type MemberOptions, type TestMember } from '../support/local-cloud-members.ts';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { getUser } = await import('#data/members');
const { seedAcceptedAnchors, seedBlockedPair } = await import('../support/anchor-seed.ts');
const { friendshipIdOf } = await import('../../lambdas/domain/friendship.ts');
const { dynamo, tableName } = await import('#data/table');
const { keys } = await import('#data/table');

const AUSTIN = { city: 'Austin', state: 'Texas' };
const DALLAS = { city: 'Dallas', state: 'Texas' };

function member(label: string, options: MemberOptions = {}) {
  return createMember(endpoints, label, { location: AUSTIN, ...options });
}

async function anchor(a: TestMember, b: TestMember) {
  await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } });
  return ok(endpoints, 'acceptAnchorRequest', { token: b.accessToken, data: { userId: a.uid } });
}

/** An item as the table holds it, not as a schema reads it. */
async function storedItem(key: Record<string, unknown>) {
  return (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
}

async function countOf(uid: string) {
  return (await getUser(uid))?.anchorCount;
}

describe('sendAnchorRequest', () => {
  it('creates a pending pair with the sorted id and no connectionType: whether the two share a city is decided at acceptance', async () => {
    const [a, b, c] = await Promise.all([
      member('send-a'),
      member('send-b', { location: { city: ' austin ', state: 'texas' } }),
      member('send-c', { location: DALLAS }),
    ]);
    const sent = await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } });
    expect(sent).toMatchObject({
      friendshipId: [a.uid, b.uid].sort().join('_'),
      users: [a.uid, b.uid].sort(),
      status: 'pending',
      requestedBy: a.uid,
      acceptedAt: null,
      invitationChain: false,
    });
    expect(sent).not.toHaveProperty('connectionType');
    expect(await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: c.uid } })).not.toHaveProperty('connectionType');
    // Not stored either: the pair and both edges.
    for (const key of [keys.friendship(friendshipIdOf(a.uid, b.uid)), keys.anchorEdge(a.uid, b.uid), keys.anchorEdge(b.uid, a.uid)]) {
      expect(await storedItem(key)).not.toHaveProperty('connectionType');
    }
  });

  it("lists pending requests on both sides without connectionType; accepting decides it from both members' locations", async () => {
    const [sender, sameCity, otherCity] = await Promise.all([
      member('ct-sender'),
      member('ct-same', { location: { city: 'AUSTIN', state: ' Texas' } }),
      member('ct-other', { location: DALLAS }),
    ]);
    await ok(endpoints, 'sendAnchorRequest', { token: sender.accessToken, data: { userId: sameCity.uid } });
    await ok(endpoints, 'sendAnchorRequest', { token: otherCity.accessToken, data: { userId: sender.uid } });
    const ofSender = await ok(endpoints, 'listAnchorRequests', { token: sender.accessToken });
    expect(ofSender.sent).toEqual([expect.objectContaining({ uid: sameCity.uid })]);
    expect(ofSender.received).toEqual([expect.objectContaining({ uid: otherCity.uid })]);
    const ofSameCity = await ok(endpoints, 'listAnchorRequests', { token: sameCity.accessToken });
    expect(ofSameCity.received).toEqual([expect.objectContaining({ uid: sender.uid })]);
    const ofOtherCity = await ok(endpoints, 'listAnchorRequests', { token: otherCity.accessToken });
    expect(ofOtherCity.sent).toEqual([expect.objectContaining({ uid: sender.uid })]);
    for (const request of [...ofSender.sent, ...ofSender.received, ...ofSameCity.received, ...ofOtherCity.sent]) {
      expect(request).not.toHaveProperty('connectionType');
    }

    expect(await ok(endpoints, 'acceptAnchorRequest', { token: sameCity.accessToken, data: { userId: sender.uid } })).toMatchObject({
      status: 'accepted',
      connectionType: 'local',
    });
    expect(await ok(endpoints, 'acceptAnchorRequest', { token: sender.accessToken, data: { userId: otherCity.uid } })).toMatchObject({
      status: 'accepted',
      connectionType: 'distant',
    });
    const typeOf = async (viewer: TestMember, other: TestMember) =>
      (await ok(endpoints, 'listAnchors', { token: viewer.accessToken })).anchors.find((entry) => entry.uid === other.uid)?.connectionType;
    expect(await typeOf(sender, sameCity)).toBe('local');
    expect(await typeOf(sameCity, sender)).toBe('local');
    expect(await typeOf(sender, otherCity)).toBe('distant');
    expect(await typeOf(otherCity, sender)).toBe('distant');
    expect(await countOf(sender.uid)).toBe(2);
  });

  it('refuses yourself, unknown members, a pending pair either way, an anchored pair, a blocked pair, and a sender at 100', async () => {
    const [a, b, c, d] = await Promise.all([member('refuse-a'), member('refuse-b'), member('refuse-c'), member('refuse-d')]);
    expectRefusal(
      await call(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: a.uid } }),
      400,
      'INVALID_ARGUMENT',
      ANCHOR_MESSAGES.toYourself,
    );
    expectRefusal(
      await call(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: 'no-such-member' } }),
      404,
      'NOT_FOUND',
      ANCHOR_MESSAGES.userNotFound,
    );
    expect(await callRaw(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: {} })).toMatchObject({ status: 400 });
    const sent = await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } });
    // The sender's repeat (a double click) answers the same request; the other member's is refused.
    expect(await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } })).toEqual(sent);
    expectRefusal(
      await call(endpoints, 'sendAnchorRequest', { token: b.accessToken, data: { userId: a.uid } }),
      409,
      'ABORTED',
      ANCHOR_MESSAGES.alreadyPending,
    );
    await ok(endpoints, 'acceptAnchorRequest', { token: b.accessToken, data: { userId: a.uid } });
    expectRefusal(
      await call(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } }),
      409,
      'ABORTED',
      ANCHOR_MESSAGES.alreadyAnchored,
    );
    expectRefusal(
      await call(endpoints, 'sendAnchorRequest', { token: b.accessToken, data: { userId: a.uid } }),
      409,
      'ABORTED',
      ANCHOR_MESSAGES.alreadyAnchored,
    );
    await seedBlockedPair(c.uid, a.uid);
    expectRefusal(
      await call(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: c.uid } }),
      403,
      'PERMISSION_DENIED',
      ANCHOR_MESSAGES.blocked,
    );
    expectRefusal(
      await call(endpoints, 'sendAnchorRequest', { token: c.accessToken, data: { userId: a.uid } }),
      403,
      'PERMISSION_DENIED',
      ANCHOR_MESSAGES.blocked,
    );
    await seedAcceptedAnchors(d.uid, 100);
    expectRefusal(await call(endpoints, 'sendAnchorRequest', { token: d.accessToken, data: { userId: b.uid } }), 409, 'ABORTED', ANCHOR_MESSAGES.maxReached);
  });
});

describe('acceptAnchorRequest', () => {
  it('lets only the recipient accept; writes both edges and both counters; counts mutual anchors and the invitation chain', async () => {
    const inviter = await member('accept-inviter');
    const invitee = await member('accept-invitee', { inviteSystem: { invitedBy: inviter.uid }, location: DALLAS });
    const [common1, common2] = await Promise.all([member('accept-common1'), member('accept-common2')]);
    await Promise.all([anchor(inviter, common1), anchor(inviter, common2)]);
    await Promise.all([anchor(invitee, common1), anchor(invitee, common2)]);

    await ok(endpoints, 'sendAnchorRequest', { token: invitee.accessToken, data: { userId: inviter.uid } });
    expectRefusal(
      await call(endpoints, 'acceptAnchorRequest', { token: invitee.accessToken, data: { userId: inviter.uid } }),
      403,
      'PERMISSION_DENIED',
      ANCHOR_MESSAGES.ownRequest,
    );
    const accepted = await ok(endpoints, 'acceptAnchorRequest', {
      token: inviter.accessToken,
      data: { friendshipId: friendshipIdOf(inviter.uid, invitee.uid) },
    });
    expect(accepted).toMatchObject({ status: 'accepted', requestedBy: invitee.uid, connectionType: 'distant', invitationChain: true, mutualFriends: 2 });
    expect(accepted.acceptedAt).toEqual(expect.any(String));
    // The recipient's repeat (a double click) answers the same acceptance; the sender is refused.
    expect(await ok(endpoints, 'acceptAnchorRequest', { token: inviter.accessToken, data: { userId: invitee.uid } })).toEqual(accepted);
    expectRefusal(
      await call(endpoints, 'acceptAnchorRequest', { token: invitee.accessToken, data: { userId: inviter.uid } }),
      409,
      'ABORTED',
      ANCHOR_MESSAGES.alreadyAccepted,
    );
    expect(await countOf(inviter.uid)).toBe(3);
    expect(await countOf(invitee.uid)).toBe(3);

    const listed = await ok(endpoints, 'listAnchors', { token: invitee.accessToken });
    expect(listed.count).toBe(3);
    expect(listed.max).toBe(100);
    expect(listed.anchors[0]).toMatchObject({
      uid: inviter.uid,
      displayName: 'accept-inviter member',
      location: { city: 'Austin', state: 'Texas' },
      connectionType: 'distant',
      invitationChain: true,
      mutualFriends: 2,
    });
  });

  it('refuses a missing request, a pair the caller is not part of, and either member at the cap', async () => {
    const [a, b, outsider, full, fullOther] = await Promise.all([
      member('acc-a'),
      member('acc-b'),
      member('acc-out'),
      member('acc-full'),
      member('acc-full-other'),
    ]);
    expectRefusal(
      await call(endpoints, 'acceptAnchorRequest', { token: a.accessToken, data: { userId: b.uid } }),
      404,
      'NOT_FOUND',
      ANCHOR_MESSAGES.requestNotFound,
    );
    expectRefusal(
      await call(endpoints, 'acceptAnchorRequest', { token: a.accessToken, data: { friendshipId: 'not-a-pair' } }),
      404,
      'NOT_FOUND',
      ANCHOR_MESSAGES.requestNotFound,
    );
    await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } });
    const id = friendshipIdOf(a.uid, b.uid);
    expectRefusal(
      await call(endpoints, 'acceptAnchorRequest', { token: outsider.accessToken, data: { friendshipId: id } }),
      403,
      'PERMISSION_DENIED',
      ANCHOR_MESSAGES.notPartOfRequest,
    );

    // The accepter at the cap.
    await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: full.uid } });
    await seedAcceptedAnchors(full.uid, 100);
    expectRefusal(
      await call(endpoints, 'acceptAnchorRequest', { token: full.accessToken, data: { userId: a.uid } }),
      409,
      'ABORTED',
      ANCHOR_MESSAGES.maxReached,
    );
    // The sender reached the cap after sending.
    await ok(endpoints, 'sendAnchorRequest', { token: fullOther.accessToken, data: { userId: a.uid } });
    await seedAcceptedAnchors(fullOther.uid, 100);
    expectRefusal(
      await call(endpoints, 'acceptAnchorRequest', { token: a.accessToken, data: { userId: fullOther.uid } }),
      409,
      'ABORTED',
      ANCHOR_MESSAGES.otherMaxReached,
    );
    expect(await countOf(a.uid)).toBe(0);
    expect(await countOf(full.uid)).toBe(100);
  });
});

describe('listAnchors', () => {
  it("shows an anchor's location only where their profile visibility lets an anchor see their profile", async () => {
    const privacy = (profileVisibility: Visibility): User['privacy'] => ({
      profileVisibility,
      birthdayVisibility: 'friends',
      photosVisibility: 'friends',
      contactVisibility: 'friends',
      phoneVisibility: 'friends',
      emailVisibility: 'friends',
    });
    const [viewer, onlyMe, anchorsOnly, everyone] = await Promise.all([
      member('loc-viewer'),
      member('loc-only-me', { location: DALLAS, extra: { privacy: privacy('private') } }),
      member('loc-anchors', { location: DALLAS, extra: { privacy: privacy('friends') } }),
      member('loc-everyone', { location: DALLAS, extra: { privacy: privacy('public') } }),
    ]);
    await Promise.all([anchor(onlyMe, viewer), anchor(anchorsOnly, viewer), anchor(everyone, viewer)]);

    const { anchors } = await ok(endpoints, 'listAnchors', { token: viewer.accessToken });
    const entryOf = (who: TestMember) => anchors.find((entry) => entry.uid === who.uid);
    expect(entryOf(onlyMe)).toMatchObject({ displayName: 'loc-only-me member', connectionType: 'distant' });
    expect(entryOf(onlyMe)).not.toHaveProperty('location');
    expect(entryOf(anchorsOnly)).toMatchObject({ location: { city: 'Dallas', state: 'Texas' } });
    expect(entryOf(everyone)).toMatchObject({ location: { city: 'Dallas', state: 'Texas' } });
    // The same rule as the profile view.
    expect(await ok(endpoints, 'getUserProfile', { token: viewer.accessToken, data: { userId: onlyMe.uid } })).toMatchObject({ private: true });
    expect(await ok(endpoints, 'getUserProfile', { token: viewer.accessToken, data: { userId: anchorsOnly.uid } })).toMatchObject({
      private: false,
      location: { city: 'Dallas' },
    });
  });
});

describe('removeAnchorRequest (reject and cancel) and removeAnchor', () => {
  it('rejects as the recipient and cancels as the sender: the request is gone from both lists', async () => {
    const [a, b, c] = await Promise.all([member('rm-a'), member('rm-b'), member('rm-c')]);
    await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } });
    await ok(endpoints, 'sendAnchorRequest', { token: c.accessToken, data: { userId: a.uid } });
    const lists = await ok(endpoints, 'listAnchorRequests', { token: a.accessToken });
    expect(lists.sent).toEqual([expect.objectContaining({ uid: b.uid, friendshipId: friendshipIdOf(a.uid, b.uid), displayName: 'rm-b member' })]);
    expect(lists.received).toEqual([expect.objectContaining({ uid: c.uid, friendshipId: friendshipIdOf(a.uid, c.uid), displayName: 'rm-c member' })]);

    expect(await ok(endpoints, 'removeAnchorRequest', { token: b.accessToken, data: { userId: a.uid } })).toEqual({
      friendshipId: friendshipIdOf(a.uid, b.uid),
      removed: true,
    });
    expect(await ok(endpoints, 'removeAnchorRequest', { token: a.accessToken, data: { friendshipId: friendshipIdOf(a.uid, c.uid) } })).toMatchObject({
      removed: true,
    });
    expect(await ok(endpoints, 'listAnchorRequests', { token: a.accessToken })).toEqual({ received: [], sent: [] });
    expect(await ok(endpoints, 'listAnchorRequests', { token: b.accessToken })).toEqual({ received: [], sent: [] });
    // Deleted, so it can be sent again.
    await ok(endpoints, 'sendAnchorRequest', { token: b.accessToken, data: { userId: a.uid } });
  });

  it('refuses a missing request, an outsider and an accepted pair', async () => {
    const [a, b, outsider] = await Promise.all([member('rmr-a'), member('rmr-b'), member('rmr-out')]);
    expectRefusal(
      await call(endpoints, 'removeAnchorRequest', { token: a.accessToken, data: { userId: b.uid } }),
      404,
      'NOT_FOUND',
      ANCHOR_MESSAGES.requestNotFound,
    );
    await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } });
    expectRefusal(
      await call(endpoints, 'removeAnchorRequest', { token: outsider.accessToken, data: { friendshipId: friendshipIdOf(a.uid, b.uid) } }),
      403,
      'PERMISSION_DENIED',
      ANCHOR_MESSAGES.notPartOfRequest,
    );
    await ok(endpoints, 'acceptAnchorRequest', { token: b.accessToken, data: { userId: a.uid } });
    expectRefusal(
      await call(endpoints, 'removeAnchorRequest', { token: a.accessToken, data: { userId: b.uid } }),
      409,
      'ABORTED',
      ANCHOR_MESSAGES.alreadyAccepted,
    );
  });

  it('removes an accepted anchor on either side, lowering both counters; refuses missing, pending and outsiders', async () => {
    const [a, b, outsider] = await Promise.all([member('rma-a'), member('rma-b'), member('rma-out')]);
    expectRefusal(
      await call(endpoints, 'removeAnchor', { token: a.accessToken, data: { userId: b.uid } }),
      404,
      'NOT_FOUND',
      ANCHOR_MESSAGES.connectionNotFound,
    );
    await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } });
    expectRefusal(
      await call(endpoints, 'removeAnchor', { token: a.accessToken, data: { userId: b.uid } }),
      404,
      'NOT_FOUND',
      ANCHOR_MESSAGES.connectionNotFound,
    );
    await ok(endpoints, 'acceptAnchorRequest', { token: b.accessToken, data: { userId: a.uid } });
    const id = friendshipIdOf(a.uid, b.uid);
    expectRefusal(
      await call(endpoints, 'removeAnchor', { token: outsider.accessToken, data: { friendshipId: id } }),
      403,
      'PERMISSION_DENIED',
      ANCHOR_MESSAGES.notPartOfConnection,
    );
    expect(await countOf(a.uid)).toBe(1);
    expect(await ok(endpoints, 'removeAnchor', { token: b.accessToken, data: { friendshipId: id } })).toEqual({
      friendshipId: id,
      removed: true,
      anchorCount: 0,
    });
    expect(await countOf(a.uid)).toBe(0);
    expect(await countOf(b.uid)).toBe(0);
    expect(await ok(endpoints, 'listAnchors', { token: a.accessToken })).toMatchObject({ anchors: [], count: 0 });
    expectRefusal(
      await call(endpoints, 'removeAnchor', { token: a.accessToken, data: { friendshipId: id } }),
      404,
      'NOT_FOUND',
      ANCHOR_MESSAGES.connectionNotFound,
    );
  });
});

describe('searchUsers', () => {
  const prefix = `Zx${randomBytes(4).toString('hex')}`;
  let me: TestMember;
  let others: TestMember[];
  const other = (index: number): TestMember => {
    const found = others[index];
    if (!found) throw new Error(`no member ${index}`);
    return found;
  };

  beforeAll(async () => {
    me = await member('search-me', { displayName: `${prefix} Me` });
    others = await Promise.all(
      Array.from({ length: 12 }, (_, index) => member(`search-${index}`, { displayName: `${prefix} Other ${String(index).padStart(2, '0')}` })),
    );
  });

  it('matches the name prefix case-insensitively, at most 10, never the caller', async () => {
    const { users } = await ok(endpoints, 'searchUsers', { token: me.accessToken, data: { query: prefix.toUpperCase() } });
    expect(users).toHaveLength(10);
    expect(users.map((user) => user.uid)).not.toContain(me.uid);
    expect(users.every((user) => user.displayName.startsWith(prefix))).toBe(true);
    const narrow = await ok(endpoints, 'searchUsers', { token: me.accessToken, data: { query: `${prefix.toLowerCase()} other 1` } });
    expect(narrow.users.map((user) => user.uid).sort()).toEqual([other(10).uid, other(11).uid].sort());
    expect(await ok(endpoints, 'searchUsers', { token: me.accessToken, data: { query: `${prefix} nobody` } })).toEqual({ users: [] });
    expect(await ok(endpoints, 'searchUsers', { token: me.accessToken, data: { query: `${prefix} me` } })).toEqual({ users: [] });
  });

  it('flags anchored and pending (with direction) members', async () => {
    await anchor(me, other(0));
    await ok(endpoints, 'sendAnchorRequest', { token: me.accessToken, data: { userId: other(1).uid } });
    await ok(endpoints, 'sendAnchorRequest', { token: other(2).accessToken, data: { userId: me.uid } });
    const { users } = await ok(endpoints, 'searchUsers', {
      token: me.accessToken,
      data: {
        query: `${prefix} Other 0`,
      },
    });
    const byUid = new Map(users.map((user) => [user.uid, user]));
    expect(byUid.get(other(0).uid)).toMatchObject({ relationship: 'anchored', pendingDirection: null });
    expect(byUid.get(other(1).uid)).toMatchObject({ relationship: 'pending', pendingDirection: 'sent' });
    expect(byUid.get(other(2).uid)).toMatchObject({ relationship: 'pending', pendingDirection: 'received' });
    expect(byUid.get(other(3).uid)).toMatchObject({ relationship: 'none', pendingDirection: null });
  });

  it('refuses an empty query', async () => {
    expect(await call(endpoints, 'searchUsers', { token: me.accessToken, data: { query: '   ' } })).toMatchObject({ status: 400 });
  });
});
