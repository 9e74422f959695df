import { describe, expect, inject, it } from 'vitest';
import { ANCHOR_MESSAGES } from '../../lambdas/contracts/anchors.ts';
import type { Visibility } from '../../lambdas/contracts/user.ts';
import { call, callRaw, expectRefusal, ok } from '../support/callable-client.ts';
import { createMember, useLocalCloudData, type MemberOptions, type TestMember } from '../support/local-cloud-members.ts';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { getUser } = await import('#data/members');
const { listAcceptedAnchorIds } = await import('#data/graph');
const { seedAcceptedAnchors } = await import('../support/anchor-seed.ts');

const AUSTIN = { city: 'Austin', state: 'Texas' };

function member(label: string, options: MemberOptions = {}) {
  return createMember(endpoints, label, { location: AUSTIN, ...options });
}

async function anchor(a: TestMember, b: TestMember) {
  await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } });
  await ok(endpoints, 'acceptAnchorRequest', { token: b.accessToken, data: { userId: a.uid } });
}

const CONTACT = { phoneNumber: '555-123-4567', personalEmail: 'contact@example.com', isPhoneVisible: false, isEmailVisible: false };

describe('getUserProfile: owner, anchor and non-anchor × profile public/friends/private × contact friends/private', () => {
  const profiles: Visibility[] = ['public', 'friends', 'private'];
  const contacts: Visibility[] = ['friends', 'private'];

  for (const profileVisibility of profiles) {
    for (const contactVisibility of contacts) {
      it(`profile ${profileVisibility}, contact ${contactVisibility}`, async () => {
        const owner = await member('profile-owner', {
          extra: {
            bio: 'Owner bio',
            birthday: '1990-05-06',
            contactInfo: CONTACT,
            privacy: {
              profileVisibility,
              contactVisibility,
              birthdayVisibility: 'friends',
              photosVisibility: 'friends',
              phoneVisibility: 'friends',
              emailVisibility: 'friends',
            },
          },
        });
        const [anchored, stranger] = await Promise.all([member('profile-anchor'), member('profile-stranger')]);
        await anchor(anchored, owner);
        // A pending request is not an anchor.
        await ok(endpoints, 'sendAnchorRequest', { token: stranger.accessToken, data: { userId: owner.uid } });

        const own = await ok(endpoints, 'getUserProfile', { token: owner.accessToken, data: { userId: owner.uid } });
        expect(own).toMatchObject({
          private: false,
          relationship: 'self',
          displayName: 'profile-owner member',
          bio: 'Owner bio',
          birthday: '1990-05-06',
          location: { city: 'Austin', state: 'Texas', country: 'United States' },
          invitesRemaining: 10,
          contactInfo: { phoneNumber: CONTACT.phoneNumber, personalEmail: CONTACT.personalEmail },
        });

        const byAnchor = await ok(endpoints, 'getUserProfile', { token: anchored.accessToken, data: { userId: owner.uid } });
        if (profileVisibility === 'private') {
          expect(byAnchor).toEqual({
            uid: owner.uid,
            displayName: 'profile-owner member',
            profilePicture: '',
            verifiedInPerson: false,
            relationship: 'anchored',
            private: true,
          });
        } else {
          expect(byAnchor).toMatchObject({ private: false, relationship: 'anchored', bio: 'Owner bio', birthday: '1990-05-06' });
          if (contactVisibility === 'friends')
            expect(byAnchor).toMatchObject({ contactInfo: { phoneNumber: CONTACT.phoneNumber, personalEmail: CONTACT.personalEmail } });
          else expect(byAnchor).not.toHaveProperty('contactInfo');
        }

        const byStranger = await ok(endpoints, 'getUserProfile', { token: stranger.accessToken, data: { userId: owner.uid } });
        if (profileVisibility === 'public') {
          expect(byStranger).toMatchObject({ private: false, relationship: 'pending-sent', bio: 'Owner bio' });
          expect(byStranger).not.toHaveProperty('contactInfo');
          expect(byStranger).not.toHaveProperty('birthday');
        } else {
          expect(byStranger).toEqual({
            uid: owner.uid,
            displayName: 'profile-owner member',
            profilePicture: '',
            verifiedInPerson: false,
            relationship: 'pending-sent',
            private: true,
          });
        }
        expect(await ok(endpoints, 'getUserProfile', { token: owner.accessToken, data: { userId: stranger.uid } })).toMatchObject({
          relationship: 'pending-received',
        });
      });
    }
  }

  it("answers 'User not found' (404) for an unknown id and 400 without one", async () => {
    const viewer = await member('profile-viewer');
    const unknown = await call(endpoints, 'getUserProfile', { token: viewer.accessToken, data: { userId: 'no-such-member' } });
    expectRefusal(unknown, 404, 'NOT_FOUND', ANCHOR_MESSAGES.userNotFound);
    expect((await callRaw(endpoints, 'getUserProfile', { token: viewer.accessToken, data: {} })).status).toBe(400);
  });
});

describe('createDummyAnchors (dev tools)', () => {
  it("creates 10 real, completed members in the caller's city and state, each a local accepted anchor", async () => {
    const me = await member('dummies');
    const { dummies, anchorCount } = await ok(endpoints, 'createDummyAnchors', { token: me.accessToken });
    expect(dummies).toHaveLength(10);
    expect(anchorCount).toBe(10);
    expect(dummies.every((dummy) => dummy.connectionType === 'local')).toBe(true);
    const record = await getUser(dummies[0]?.uid ?? '');
    expect(record).toMatchObject({ profileCompleted: true, anchorCount: 1, location: { city: 'Austin', state: 'Texas' } });
    expect(record?.inviteSystem.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
    expect((await listAcceptedAnchorIds(me.uid)).sort()).toEqual(dummies.map((dummy) => dummy.uid).sort());
    const listed = await ok(endpoints, 'listAnchors', { token: me.accessToken });
    expect(listed.count).toBe(10);
    expect(listed.anchors).toHaveLength(10);
  });

  it('refuses when 10 more would pass 100, and reaches exactly 100 from 90', async () => {
    const [at91, at90] = await Promise.all([member('dummies-91'), member('dummies-90')]);
    await Promise.all([seedAcceptedAnchors(at91.uid, 91), seedAcceptedAnchors(at90.uid, 90)]);
    const refused = await call(endpoints, 'createDummyAnchors', { token: at91.accessToken });
    expectRefusal(refused, 409, 'ABORTED', ANCHOR_MESSAGES.dummiesWouldPassCap);
    expect((await getUser(at91.uid))?.anchorCount).toBe(91);
    expect(await ok(endpoints, 'createDummyAnchors', { token: at90.accessToken })).toMatchObject({ anchorCount: 100 });
  });

  it('asks for a city and state first', async () => {
    const nowhere = await createMember(endpoints, 'dummies-nowhere');
    const refused = await call(endpoints, 'createDummyAnchors', { token: nowhere.accessToken });
    expectRefusal(refused, 400, 'INVALID_ARGUMENT', ANCHOR_MESSAGES.dummiesNeedLocation);
  });
});

describe('the feed follows the anchors', () => {
  it("a new anchor's posts appear in the feed after accept, and leave it after remove", async () => {
    const [author, reader] = await Promise.all([member('feed-author'), member('feed-reader')]);
    const post = await ok(endpoints, 'createPost', { token: author.accessToken, data: { content: 'Before we anchored', privacy: 'anchors' } });
    const feedIds = async () => (await ok(endpoints, 'getFeed', { token: reader.accessToken })).posts.map((entry) => entry.postId);
    expect(await feedIds()).not.toContain(post.postId);
    // The feed follows the pair from the table's stream, moments after each answer.
    await anchor(reader, author);
    await expect.poll(feedIds, { timeout: 30_000 }).toContain(post.postId);
    await ok(endpoints, 'removeAnchor', { token: reader.accessToken, data: { userId: author.uid } });
    await expect.poll(feedIds, { timeout: 30_000 }).not.toContain(post.postId);
  });
});
