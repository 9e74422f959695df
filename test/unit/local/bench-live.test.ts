import { describe, expect, it } from 'vitest';
import { attributeSize, capacityOf, itemSize, median, percentile, perHour, ratio, writtenItems } from '../../../local/bench/live-figures.ts';
import { ANCHOR_REACH, POSTS_PER_MEMBER, acceptedAnchorsOf, communityItems, communityUid, isVerifiedMember } from '../../../local/bench/seed-community.ts';

/** The pure parts of npm run bench:live (local/bench/live.ts): its arithmetic and the metrics job's community. */

describe('percentiles and rates', () => {
  it('takes the nearest rank, as bench:feed does', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile(samples, 100)).toBe(100);
    expect(median([3, 1, 2])).toBe(2);
    expect(percentile([], 50)).toBeNaN();
  });

  it('turns a count over a window into a rate per hour', () => {
    expect(perHour(0, 150_000)).toBe(0);
    expect(perHour(5, 150_000)).toBe(120);
    expect(perHour(1, 3_600_000)).toBe(1);
    expect(() => perHour(1, 0)).toThrow();
    expect(ratio(29_684, 430)).toBe(69.03);
  });
});

describe('item sizes (DynamoDB rules)', () => {
  it('counts names and values', () => {
    expect(attributeSize('héllo')).toBe(6);
    expect(attributeSize(true)).toBe(1);
    expect(attributeSize(null)).toBe(1);
    expect(attributeSize(12345)).toBe(4);
    expect(attributeSize(['ab', 'c'])).toBe(3 + 1 + 2 + 1 + 1);
    expect(attributeSize({ a: 'xy' })).toBe(3 + 1 + 1 + 2);
    expect(itemSize({ pk: 'USER#1', sk: 'PROFILE', gone: undefined })).toBe(2 + 6 + 2 + 7);
  });
});

describe('what a command writes', () => {
  const indexKeys = [['likerId', 'likedAt'] as const, ['authorId', 'postKey'] as const];

  it('a like: three items in one transaction, two units each, one index write; the budget counter apart', () => {
    const transaction = writtenItems(
      'TransactWriteItemsCommand',
      {
        TransactItems: [
          { Put: { Item: { pk: 'POST#p', sk: 'LIKE#u', likerId: 'u', likedAt: '2026-11-25T00:00:00.000Z' } } },
          { Update: { Key: { pk: 'POST#p', sk: 'POST' } } },
          { Update: { Key: { pk: 'USER#u', sk: 'FEED#p' } } },
          { ConditionCheck: { Key: { pk: 'USER#u', sk: 'PROFILE' } } },
        ],
      },
      indexKeys,
    );
    expect(transaction).toEqual({ data: 3, budget: 0, dataUnits: 6, budgetUnits: 0, indexWrites: 1 });
    const counter = writtenItems('UpdateItemCommand', { Key: { pk: 'RATE#requests#abc', sk: 'WINDOW#0' } }, indexKeys);
    expect(counter).toEqual({ data: 0, budget: 1, dataUnits: 0, budgetUnits: 1, indexWrites: 0 });
  });

  it('a Put over 1 KB costs a unit per KB; a BatchWrite counts each request; reads write nothing', () => {
    expect(writtenItems('PutItemCommand', { Item: { pk: 'POST#p', sk: 'POST', content: 'x'.repeat(2_100) } }).dataUnits).toBe(3);
    const batch = writtenItems('BatchWriteItemCommand', {
      RequestItems: { table: [{ PutRequest: { Item: { pk: 'USER#a', sk: 'FEED#p' } } }, { DeleteRequest: { Key: { pk: 'USER#b', sk: 'FEED#p' } } }] },
    });
    expect(batch).toMatchObject({ data: 2, dataUnits: 2 });
    expect(writtenItems('QueryCommand', { KeyConditionExpression: 'pk = :pk' })).toMatchObject({ data: 0, budget: 0 });
  });

  it('reads the budget counter from a marshalled key too', () => {
    expect(writtenItems('UpdateItemCommand', { Key: { pk: { S: 'RATE#posts#abc' }, sk: { S: 'WINDOW#0' } } }).budget).toBe(1);
  });
});

describe('consumed capacity as DynamoDB answers it', () => {
  it('splits reads and writes, and the index writes', () => {
    expect(capacityOf('GetItemCommand', { TableName: 't', CapacityUnits: 0.5 })).toEqual({ read: 0.5, write: 0, indexWrite: 0 });
    expect(
      capacityOf('TransactWriteItemsCommand', [
        { TableName: 't', CapacityUnits: 12, WriteCapacityUnits: 12, GlobalSecondaryIndexes: { byLiker: { WriteCapacityUnits: 4, CapacityUnits: 4 } } },
      ]),
    ).toEqual({ read: 0, write: 12, indexWrite: 4 });
    expect(capacityOf('BatchGetItemCommand', [{ TableName: 't', CapacityUnits: 2 }])).toEqual({ read: 2, write: 0, indexWrite: 0 });
    expect(capacityOf('PutItemCommand', undefined)).toEqual({ read: 0, write: 0, indexWrite: 0 });
  });
});

describe("the metrics job's community", () => {
  const plan = { first: 0, count: 20, now: new Date('2026-11-25T12:00:00Z') };
  const items = [...communityItems(plan)];
  const kind = (item: Record<string, unknown>) => String(item.sk).split('#')[0];
  const countOf = (sk: string) => items.filter((item) => kind(item) === sk).length;

  it('holds every kind of item a member brings', () => {
    const accepted = acceptedAnchorsOf(plan);
    const acceptedEdges = [...accepted.values()].reduce((sum, anchors) => sum + anchors.length, 0);
    expect(countOf('PROFILE')).toBe(20);
    expect(countOf('INVITE')).toBe(20);
    expect(countOf('FRIENDSHIP')).toBe(20 * ANCHOR_REACH);
    expect(countOf('ANCHOR')).toBe(2 * 20 * ANCHOR_REACH);
    expect(countOf('POST')).toBe(20 * POSTS_PER_MEMBER);
    expect(countOf('LIKE')).toBe(20 * POSTS_PER_MEMBER);
    expect(countOf('COMMENT')).toBe(20 * POSTS_PER_MEMBER);
    expect(countOf('COMMENTED')).toBe(20 * POSTS_PER_MEMBER);
    // Each post reaches its author and the author's accepted anchors; each author posts POSTS_PER_MEMBER times.
    expect(countOf('FEED')).toBe(POSTS_PER_MEMBER * (20 + acceptedEdges));
    expect(items.length / 20).toBeGreaterThan(30);
  });

  it('pairs are symmetric, accepted or pending, and only accepted anchors get feed entries', () => {
    const edges = items.filter((item) => kind(item) === 'ANCHOR');
    for (const edge of edges) {
      const owner = String(edge.pk).slice('USER#'.length);
      const mirror = edges.find((other) => other.pk === `USER#${String(edge.otherUid)}` && other.otherUid === owner);
      expect(mirror?.status).toBe(edge.status);
    }
    expect(new Set(edges.map((edge) => edge.status))).toEqual(new Set(['accepted', 'pending']));
    const accepted = acceptedAnchorsOf(plan);
    const authorOf = new Map(items.filter((item) => item.sk === 'POST').map((post) => [String(post.postId), String(post.authorId)]));
    for (const entry of items.filter((item) => kind(item) === 'FEED')) {
      const reader = String(entry.pk).slice('USER#'.length);
      const author = authorOf.get(String(entry.postId)) as string;
      expect(reader === author || accepted.get(author)?.includes(reader)).toBe(true);
    }
  });

  it('counts as members the verified records only, and a second range collides with nothing', () => {
    const verified = items.filter((item) => item.sk === 'PROFILE' && item.isVerified === true).length;
    expect(verified).toBe(Array.from({ length: 20 }, (_, n) => n).filter(isVerifiedMember).length);
    const next = [...communityItems({ ...plan, first: 20 })];
    const keysOf = (list: Record<string, unknown>[]) => new Set(list.map((item) => `${String(item.pk)}|${String(item.sk)}`));
    const first = keysOf(items);
    expect([...keysOf(next)].some((key) => first.has(key))).toBe(false);
    expect(keysOf(items).size).toBe(items.length);
    expect(communityUid(7)).toBe('bench-member-0000007');
  });
});
