import { ulid } from 'ulid';
import type { User } from '../../lambdas/contracts/user.ts';
import { keys, postKeys } from '#data/table';
import { friendshipIdOf } from '../../lambdas/domain/friendship.ts';
import { benchMember, memberItem, postAndFeedItems } from './seed-feed.ts';

/**
 * A whole community's items for the daily metrics job to scan (npm run bench:live): what a table
 * holds per member, not only the records the job counts. Each member has their record (most
 * verified, with a completed profile, invited by an earlier member, active in the last month),
 * their invite code, anchor pairs with the next ANCHOR_REACH members (the pair record and both
 * edges; every tenth pending), POSTS_PER_MEMBER posts with their feed entries (the author and the
 * accepted anchors, as the stream's fan-out writes them), and on each post one like and one comment
 * (with its COMMENTED# marker) by the author's next member. About 38 items a member.
 *
 * Members are numbered `first … first + count - 1`; pairs stay within that range (a ring), so a
 * second call for the next range adds a community of its own beside the first and 10N members
 * carry the same items per member as N.
 */

export const ANCHOR_REACH = 4;
export const POSTS_PER_MEMBER = 2;
const CITIES = [
  { city: 'Austin', state: 'Texas' },
  { city: 'Portland', state: 'Oregon' },
  { city: 'Boston', state: 'Massachusetts' },
  { city: 'Denver', state: 'Colorado' },
  { city: 'Madison', state: 'Wisconsin' },
];
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CommunityPlan {
  /** The first member's number (uids and emails derive from it, so ranges never collide). */
  first: number;
  count: number;
  now: Date;
}

export const communityUid = (n: number) => `bench-member-${String(n).padStart(7, '0')}`;

/** Every tenth member is unverified (an account that never confirmed): scanned, not counted. */
export const isVerifiedMember = (n: number) => n % 10 !== 9;

/** Whether the pair of member n and the member k places after it is accepted (else pending). */
export const isAcceptedPair = (n: number, k: number) => (n + k) % 10 !== 0;

export function communityMember(n: number, plan: CommunityPlan): User {
  const uid = communityUid(n);
  const base = benchMember(uid, n, new Date(plan.now.getTime() - ((n % 300) + 30) * DAY_MS));
  const location = CITIES[n % CITIES.length] as (typeof CITIES)[number];
  const inviter = n > plan.first ? communityUid(plan.first + Math.floor((n - plan.first - 1) / 3)) : null;
  return {
    ...base,
    isVerified: isVerifiedMember(n),
    verificationLevel: isVerifiedMember(n) ? 'verified' : 'pending',
    lastActive: new Date(plan.now.getTime() - (n % 45) * DAY_MS).toISOString(),
    location: { ...base.location, ...location },
    inviteSystem: { ...base.inviteSystem, invitedBy: inviter, invitesUsed: n % 4, invitesRemaining: 10 - (n % 4) },
    anchorCount: 0,
  };
}

/** The accepted anchors of every member of the plan (the ring's pairs that are accepted). */
export function acceptedAnchorsOf(plan: CommunityPlan): Map<string, string[]> {
  const anchors = new Map<string, string[]>();
  const add = (a: string, b: string) => anchors.set(a, [...(anchors.get(a) ?? []), b]);
  for (let i = 0; i < plan.count; i++) {
    for (let k = 1; k <= ANCHOR_REACH && k < plan.count; k++) {
      const n = plan.first + i;
      const m = plan.first + ((i + k) % plan.count);
      if (!isAcceptedPair(n, k)) continue;
      add(communityUid(n), communityUid(m));
      add(communityUid(m), communityUid(n));
    }
  }
  return anchors;
}

function pairItems(n: number, m: number, accepted: boolean, at: string): Record<string, unknown>[] {
  const [a, b] = [communityUid(n), communityUid(m)];
  const friendshipId = friendshipIdOf(a, b);
  const shared = {
    friendshipId,
    requestedAt: at,
    acceptedAt: accepted ? at : null,
    invitationChain: false,
    mutualFriends: 1,
    status: accepted ? 'accepted' : 'pending',
    ...(accepted && { connectionType: n % CITIES.length === m % CITIES.length ? 'local' : 'distant' }),
  };
  return [
    { ...keys.friendship(friendshipId), ...shared, users: [a, b].sort(), requestedBy: a },
    { ...keys.anchorEdge(a, b), ...shared, otherUid: b, direction: 'sent' },
    { ...keys.anchorEdge(b, a), ...shared, otherUid: a, direction: 'received' },
  ];
}

/** Every item of the plan's community, members first, then pairs, then posts with what hangs off them. */
export function* communityItems(plan: CommunityPlan): Generator<Record<string, unknown>> {
  const members = Array.from({ length: plan.count }, (_, i) => communityMember(plan.first + i, plan));
  const anchorsOf = acceptedAnchorsOf(plan);
  for (const member of members) {
    // Top-level invitedBy puts an invited member in GSI byInviter, as newUserPuts writes it.
    yield { ...memberItem(member), invitedBy: member.inviteSystem.invitedBy ?? undefined, anchorCount: anchorsOf.get(member.uid)?.length ?? 0 };
    yield { ...keys.inviteCode(member.inviteSystem.inviteCode), code: member.inviteSystem.inviteCode, ownerUid: member.uid, createdAt: member.createdAt };
  }
  const at = new Date(plan.now.getTime() - 60 * DAY_MS).toISOString();
  for (let i = 0; i < plan.count; i++) {
    for (let k = 1; k <= ANCHOR_REACH && k < plan.count; k++) {
      const n = plan.first + i;
      yield* pairItems(n, plan.first + ((i + k) % plan.count), isAcceptedPair(n, k), at);
    }
  }
  const indexOf = new Map(members.map((member, i) => [member.uid, i]));
  const posts = postAndFeedItems({ members, totalPosts: plan.count * POSTS_PER_MEMBER, anchorsOf, newestAt: new Date(plan.now.getTime() - 60_000) });
  for (const item of posts) {
    if (item.sk !== 'POST') {
      yield item;
      continue;
    }
    const postId = String(item.postId);
    const liker = members[((indexOf.get(String(item.authorId)) ?? 0) + 1) % members.length] as User;
    const createdAt = String(item.createdAt);
    const commentId = ulid(Date.parse(createdAt) + 60_000);
    yield { ...item, likeCount: 1, commentCount: 1, countsVersion: 2 };
    yield { ...postKeys.like(postId, liker.uid), postId, uid: liker.uid, likerId: liker.uid, displayName: liker.displayName, likedAt: createdAt };
    yield {
      ...postKeys.comment(postId, commentId),
      commentId,
      postId,
      authorId: liker.uid,
      authorName: liker.displayName,
      authorPictureKey: liker.profilePicture,
      content: 'Count me in.',
      createdAt,
    };
    yield { ...postKeys.commentedMarker(liker.uid, postId, commentId), postId, commentId };
  }
}
