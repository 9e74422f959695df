import { describe, expect, inject, it } from 'vitest';
import { ABUSE_LIMITS, ABUSE_MESSAGES } from '../../lambdas/domain/abuse-limits.ts';
import { call, ok } from '../support/callable-client.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { awayFromWindowEnd, expectBudgetRefusal } from '../support/rate-windows.ts';

/**
 * The budgets of costly actions, each tried both ways: the abuser's loop is
 * refused at the budget with 429, the budget's message and Retry-After, and a member using the app
 * normally never meets it. A rename rewrites every post, comment and like of the member; a privacy
 * save that narrows the photos' audience and an anchor removal move photos to new keys; an anchor
 * request and a like tell someone.
 */
const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { getUser } = await import('#data/members');

const AUSTIN = { city: 'Austin', state: 'Texas' } as const;

function profileOf(displayName: string, bio: string) {
  return { displayName, birthday: '', graduationYear: null, major: '', bio, location: AUSTIN, contactInfo: { phoneNumber: '', personalEmail: '' } };
}

const PRIVACY = {
  profileVisibility: 'public',
  birthdayVisibility: 'friends',
  photosVisibility: 'public',
  contactVisibility: 'friends',
  phoneVisibility: 'friends',
  emailVisibility: 'friends',
} as const;

async function anchor(a: TestMember, b: TestMember): Promise<void> {
  await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } });
  await ok(endpoints, 'acceptAnchorRequest', { token: b.accessToken, data: { userId: a.uid } });
}

describe('costly actions have budgets', () => {
  it('renames: a few a day and any number of other profile edits pass; the 11th rename in a day is refused', { timeout: 180_000 }, async () => {
    const member = await createMember(endpoints, 'renames-budget', { displayName: 'Ren Original', location: AUSTIN, extra: { profileCompleted: true } });
    await awayFromWindowEnd(ABUSE_LIMITS.renames);
    const token = member.accessToken;
    // Honest use: fixing a typo twice, then the bio over and over under the same name.
    await ok(endpoints, 'updateProfile', { token, data: profileOf('Ren Orignal', '') });
    await ok(endpoints, 'updateProfile', { token, data: profileOf('Ren Original', '') });
    for (let edit = 0; edit < 15; edit++) await ok(endpoints, 'updateProfile', { token, data: profileOf('Ren Original', `bio take ${edit}`) });
    // The abuser's loop: 8 more renames fit in the day, the 11th is refused and changes nothing.
    for (let n = 0; n < 8; n++) await ok(endpoints, 'updateProfile', { token, data: profileOf(`Ren ${n}`, 'looping') });
    expectBudgetRefusal(
      await call(endpoints, 'updateProfile', { token, data: profileOf('Ren Too Many', 'looping') }),
      ABUSE_MESSAGES.renames,
      ABUSE_LIMITS.renames,
    );
    expect((await getUser(member.uid))?.displayName).toBe('Ren 7');
    // completeProfile renames too, from the same budget; the bio alone still saves.
    expectBudgetRefusal(
      await call(endpoints, 'completeProfile', {
        token,
        data: {
          displayName: 'Ren Sideways',
          bio: 'x',
          birthday: '1990-01-02',
          location: AUSTIN,
          contactInfo: { phoneNumber: '512-555-0100', personalEmail: 'ren@example.com' },
        },
      }),
      ABUSE_MESSAGES.renames,
      ABUSE_LIMITS.renames,
    );
    expect((await ok(endpoints, 'updateProfile', { token, data: profileOf('Ren 7', 'still editing') })).bio).toBe('still editing');
  });

  it('privacy saves: trying the settings out passes; the 21st save in an hour is refused', { timeout: 180_000 }, async () => {
    const member = await createMember(endpoints, 'privacy-budget');
    await awayFromWindowEnd(ABUSE_LIMITS.privacy);
    const token = member.accessToken;
    // Honest use: a handful of saves while trying the settings out.
    for (const photosVisibility of ['friends', 'private', 'friends', 'public', 'friends'] as const)
      await ok(endpoints, 'updatePrivacy', { token, data: { ...PRIVACY, photosVisibility } });
    // The abuser's loop of narrowing and widening: 15 more fit, the 21st is refused.
    for (let n = 0; n < 15; n++) await ok(endpoints, 'updatePrivacy', { token, data: { ...PRIVACY, photosVisibility: n % 2 === 0 ? 'private' : 'public' } });
    expectBudgetRefusal(await call(endpoints, 'updatePrivacy', { token, data: PRIVACY }), ABUSE_MESSAGES.privacy, ABUSE_LIMITS.privacy);
    expect((await getUser(member.uid))?.privacy.photosVisibility).toBe('private');
  });

  it('anchor removals: pruning a few anchors passes; the 31st removal in an hour is refused', { timeout: 180_000 }, async () => {
    const [member, ...others] = await Promise.all(['removals-budget', 'removals-a', 'removals-b', 'removals-c'].map((label) => createMember(endpoints, label)));
    if (!member) throw new Error('No member');
    for (const other of others) await anchor(member, other);
    await awayFromWindowEnd(ABUSE_LIMITS.anchorRemovals);
    const token = member.accessToken;
    // Honest use: three anchors removed in a row.
    for (const other of others) expect(await ok(endpoints, 'removeAnchor', { token, data: { userId: other.uid } })).toMatchObject({ removed: true });
    // The abuser's loop: each call spends the budget, answered or not; 27 more fit, the 31st is refused.
    const stranger = others[0]?.uid ?? '';
    for (let n = 0; n < 27; n++) expect((await call(endpoints, 'removeAnchor', { token, data: { userId: stranger } })).status).not.toBe(429);
    expectBudgetRefusal(
      await call(endpoints, 'removeAnchor', { token, data: { userId: stranger } }),
      ABUSE_MESSAGES.anchorRemovals,
      ABUSE_LIMITS.anchorRemovals,
    );
  });

  it('anchor requests: asking a few people and withdrawing one passes; the 61st send or withdrawal in an hour is refused', { timeout: 180_000 }, async () => {
    const [asker, target, ...friends] = await Promise.all(
      ['requests-budget', 'requests-target', 'requests-a', 'requests-b', 'requests-c', 'requests-d'].map((label) => createMember(endpoints, label)),
    );
    if (!asker || !target) throw new Error('No members');
    await awayFromWindowEnd(ABUSE_LIMITS.anchorRequests);
    const token = asker.accessToken;
    // Honest use: four requests, one of them withdrawn.
    for (const friend of friends) await ok(endpoints, 'sendAnchorRequest', { token, data: { userId: friend.uid } });
    await ok(endpoints, 'removeAnchorRequest', { token, data: { userId: friends[0]?.uid ?? '' } });
    // The abuser's send/withdraw loop on one target: 55 more fit in the hour, the 61st is refused.
    for (let n = 0; n < 55; n++) await ok(endpoints, n % 2 === 0 ? 'sendAnchorRequest' : 'removeAnchorRequest', { token, data: { userId: target.uid } });
    expectBudgetRefusal(
      await call(endpoints, 'removeAnchorRequest', { token, data: { userId: target.uid } }),
      ABUSE_MESSAGES.anchorRequests,
      ABUSE_LIMITS.anchorRequests,
    );
  });

  it('likes: liking through a feed and taking one back passes; the 121st like or unlike in 30 minutes is refused', { timeout: 240_000 }, async () => {
    const [fan, author] = await Promise.all([createMember(endpoints, 'likes-budget'), createMember(endpoints, 'likes-author')]);
    if (!fan || !author) throw new Error('No members');
    const posts = [];
    for (let n = 0; n < 10; n++)
      posts.push(await ok(endpoints, 'createPost', { token: author.accessToken, data: { content: `Post ${n}`, privacy: 'public' } }));
    await awayFromWindowEnd(ABUSE_LIMITS.likes);
    const token = fan.accessToken;
    // Honest use: ten posts liked, one like taken back.
    for (const post of posts) await ok(endpoints, 'togglePostLike', { token, data: { postId: post.postId, liked: true } });
    await ok(endpoints, 'togglePostLike', { token, data: { postId: posts[0]?.postId ?? '', liked: false } });
    // The abuser's like/unlike loop on one post: 109 more fit, the 121st is refused.
    const postId = posts[1]?.postId ?? '';
    for (let n = 0; n < 109; n++) await ok(endpoints, 'togglePostLike', { token, data: { postId, liked: n % 2 === 1 } });
    expectBudgetRefusal(await call(endpoints, 'togglePostLike', { token, data: { postId, liked: true } }), ABUSE_MESSAGES.likes, ABUSE_LIMITS.likes);
  });
});
