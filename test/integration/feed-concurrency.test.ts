import { describe, expect, inject, it } from 'vitest';
import { call, ok } from '../support/callable-client.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);

const LIKERS = 100;
/** cognito-local writes one JSON file per pool: a few members at a time keeps it quick and safe. */
const SIGN_UP_BATCH = 20;

async function members(count: number, label: string): Promise<TestMember[]> {
  const made: TestMember[] = [];
  for (let i = 0; i < count; i += SIGN_UP_BATCH) {
    const batch = Array.from({ length: Math.min(SIGN_UP_BATCH, count - i) }, (_, j) => createMember(endpoints, `${label}${i + j}`));
    made.push(...(await Promise.all(batch)));
  }
  return made;
}

describe('likes under concurrency', () => {
  it('100 members liking one post at once give likeCount 100 and 100 likers; liking again at once changes nothing', { timeout: 120_000 }, async () => {
    const [author, ...likers] = await members(LIKERS + 1, 'liker');
    const { postId } = await ok(endpoints, 'createPost', { token: author?.accessToken, data: { content: 'Like me, everyone', privacy: 'public' } });

    const like = (member: TestMember) => call(endpoints, 'togglePostLike', { token: member.accessToken, data: { postId, liked: true } });
    const first = await Promise.all(likers.map(like));
    expect(first.map((answer) => answer.status)).toEqual(likers.map(() => 200));
    const again = await Promise.all(likers.map(like));
    expect(again.every((answer) => answer.status === 200)).toBe(true);

    const read = await ok(endpoints, 'getPost', { token: author?.accessToken, data: { postId } });
    expect(read.likeCount).toBe(LIKERS);
    const listed = await ok(endpoints, 'getPostLikers', { token: author?.accessToken, data: { postId } });
    const uids = listed.likers.map((l) => l.uid);
    expect(new Set(uids)).toEqual(new Set(likers.map((m) => m.uid)));
    // The counters copied into feed entries end at the final count too (copies only move forward).
    const authorsFeed = await ok(endpoints, 'getFeed', { token: author?.accessToken });
    expect(authorsFeed.posts.find((p) => p.postId === postId)?.likeCount).toBe(LIKERS);
  });
});
