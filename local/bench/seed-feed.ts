import { ulid } from 'ulid';
import type { User } from '../../lambdas/contracts/user.ts';
import { batchWrite, feedEntryItem, postItem, type StoredPost } from '#data/posts';
import { keys, userIndexAttributes } from '#data/table';
import { newPictureKey } from '#data/storage';
import { generateInviteCode } from '../../lambdas/domain/invite-code.ts';
import { newUserRecord } from '../../lambdas/domain/new-user.ts';

/**
 * Seeds the benchmark's community straight through the data layer's keys and item builders (the
 * very items createPost and an accept would write), with BatchWrite in parallel: members, anchor
 * edges (both sides, accepted), posts, and each post's feed entries (the author + the author's
 * accepted anchors, exactly the fan-out of createPost).
 */

type WriteRequest = Parameters<typeof batchWrite>[0][number];

/** Parallel BatchWrites in flight; DynamoDB Local on 2 cores is saturated around here. */
const WRITERS = 12;
const ITEMS_PER_WRITER_CALL = 25 * 4;

export async function writeAll(items: Iterable<Record<string, unknown>>, onProgress?: (written: number) => void): Promise<number> {
  const iterator = items[Symbol.iterator]();
  let written = 0;
  const nextBatch = (): WriteRequest[] => {
    const batch: WriteRequest[] = [];
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      batch.push({ PutRequest: { Item: next.value } });
      if (batch.length === ITEMS_PER_WRITER_CALL) break;
    }
    return batch;
  };
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      for (let batch = nextBatch(); batch.length > 0; batch = nextBatch()) {
        await batchWrite(batch);
        written += batch.length;
        onProgress?.(written);
      }
    }),
  );
  return written;
}

export function memberItem(user: User): Record<string, unknown> {
  return { ...keys.user(user.uid), ...userIndexAttributes(user), ...user };
}

export function benchMember(uid: string, index: number, now: Date): User {
  const user = newUserRecord({
    uid,
    email: `member${index}@bench.example`,
    displayName: `Bench Member ${index}`,
    inviteCode: generateInviteCode(),
    invitedBy: null,
    joinedAt: now.toISOString(),
    now,
  });
  return {
    ...user,
    profilePicture: newPictureKey(uid, 'image/jpeg'),
    profileCompleted: true,
    location: { city: 'Austin', state: 'Texas', country: 'United States' },
  };
}

export function anchorEdgeItems(a: string, b: string, at: string): Record<string, unknown>[] {
  return [
    { ...keys.anchorEdge(a, b), otherUid: b, status: 'accepted', requestedBy: a, requestedAt: at, acceptedAt: at },
    { ...keys.anchorEdge(b, a), otherUid: a, status: 'accepted', requestedBy: a, requestedAt: at, acceptedAt: at },
  ];
}

const WORDS = 'neighbour garden market river school bakery park concert library trail coffee festival bridge music harvest'.split(' ');

function contentOf(i: number): string {
  const words = Array.from({ length: 12 + (i % 20) }, (_, j) => WORDS[(i * 7 + j * 3) % WORDS.length]);
  return `Post ${i}: ${words.join(' ')}.`;
}

export interface PostSeedPlan {
  members: readonly User[];
  totalPosts: number;
  /** Accepted anchors of each member that has any. */
  anchorsOf: ReadonlyMap<string, readonly string[]>;
  /** The newest post is this old; posts are 30 s apart, authors taking turns. */
  newestAt: Date;
}

/** Every post item, then its feed entries, as createPost writes them; round-robin authors. */
export function* postAndFeedItems(plan: PostSeedPlan): Generator<Record<string, unknown>> {
  const spacingMs = 30_000;
  const oldest = plan.newestAt.getTime() - plan.totalPosts * spacingMs;
  for (let i = 0; i < plan.totalPosts; i++) {
    const author = plan.members[i % plan.members.length] as User;
    const createdAt = oldest + i * spacingMs;
    const post: StoredPost = {
      postId: ulid(createdAt),
      authorId: author.uid,
      authorName: author.displayName,
      authorPictureKey: author.profilePicture,
      authorVerified: author.verificationLevel === 'verified',
      content: contentOf(i),
      createdAt: new Date(createdAt).toISOString(),
      privacy: i % 3 === 0 ? 'public' : 'anchors',
      likeCount: 0,
      commentCount: 0,
      isWallPost: false,
      countsVersion: 0,
    };
    yield postItem(post);
    for (const reader of [author.uid, ...(plan.anchorsOf.get(author.uid) ?? [])]) yield feedEntryItem(reader, post);
  }
}
