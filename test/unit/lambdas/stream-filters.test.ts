import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { keys, postKeys } from '#data/table';
import { tableEventOf } from '#data/changes';
import { authorDetailsChangeOf } from '#data/posts';
import { classifyChange, type ChangedItem } from '#data/table';
import { isDeliveredToConsumer, matchesFilterPattern, TTL_DELETION_IDENTITY } from '../../../lambdas/streams/stream-mapping.ts';

/** What a change means, its key read as the consumer reads it. */
const eventOf = (change: Omit<ChangedItem, 'sequenceNumber'>) => tableEventOf(classifyChange(change));

/** A stream record of an INSERT (or a REMOVE by `userIdentity`) of an item with these keys. */
function record(key: { pk: string; sk: string }, extra: Partial<DynamoDBRecord> = {}): DynamoDBRecord {
  return { eventName: 'INSERT', dynamodb: { Keys: { pk: { S: key.pk }, sk: { S: key.sk } }, SequenceNumber: '1' }, ...extra };
}

const reacted = {
  'a member record': keys.user('u1'),
  'a post': postKeys.post('p1'),
  'an anchor edge': keys.anchorEdge('u1', 'u2'),
  'an anchor pair': keys.friendship('u1_u2'),
  'a comment': postKeys.comment('p1', 'c1'),
  // Notifications: a like tells the post's author, a moderation notice its member.
  'a like': postKeys.like('p1', 'u1'),
  'a moderation notice': keys.notice('u1', '01J0000000000000000000000'),
  // A vouch received tells its member (vouched, or void after its voucher's removal).
  'a vouch received': keys.vouchReceived('u1', 'u2'),
};

const churn = {
  'a feed entry': postKeys.feedEntry('u1', 'p1'),
  'a rate counter': keys.rateWindow('calls', 'u1', 0),
  'a live connection': keys.liveConnection('u1', 'c1'),
  "a live connection's owner": keys.liveConnectionOwner('c1'),
  'a daily metrics record': keys.metrics('2026-11-25'),
  'an invite code': keys.inviteCode('ABCD2345'),
  'an audit entry': keys.auditEntry('01J0000000000000000000000'),
  'a notification': keys.notification('u1', '01J0000000000000000000000'),
  "a member's unread notification count": keys.notificationState('u1'),
  // Its received side (VOUCH#) tells; the mirror (VOUCHED#), the month's count and due items tell nobody.
  "a vouch given's mirror": keys.vouchGiven('u2', 'u1'),
  "a voucher's monthly count": keys.vouchMonth('u2', '2026-11'),
};

describe("the table stream's filters (TABLE_STREAM_FILTERS)", () => {
  it.each(Object.entries(reacted))('deliver a change of %s', (_, key) => {
    expect(isDeliveredToConsumer(record(key))).toBe(true);
    expect(isDeliveredToConsumer(record(key, { eventName: 'REMOVE' }))).toBe(true);
  });

  it.each(Object.entries(churn))('pass over a change of %s, which no reaction reads', (_, key) => {
    expect(isDeliveredToConsumer(record(key))).toBe(false);
    // What the consumer would make of it: nothing.
    expect(eventOf({ eventName: 'INSERT', newImage: { ...key, status: 'accepted', postId: 'p1', authorId: 'u1' } })).toEqual({ kind: 'other' });
  });

  it('pass over a TTL deletion of anything, and keep the deletions of any other principal', () => {
    const ttl = { eventName: 'REMOVE' as const, userIdentity: { ...TTL_DELETION_IDENTITY } };
    expect(isDeliveredToConsumer(record(keys.user('u1'), ttl))).toBe(false);
    expect(isDeliveredToConsumer(record(postKeys.feedEntry('u1', 'p1'), ttl))).toBe(false);
    const replication = { eventName: 'REMOVE' as const, userIdentity: { type: 'Service', principalId: 'replication.dynamodb.amazonaws.com' } };
    expect(isDeliveredToConsumer(record(keys.user('u1'), replication))).toBe(true);
  });
});

describe('an unread notification deleted (its actor left Anchored)', () => {
  const key = keys.notification('u1', '01J0000000000000000000000');
  /** The stream record of a notification's change, with its images' read flag as DynamoDB JSON. */
  const change = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', read: { old?: boolean; new?: boolean }, extra: Partial<DynamoDBRecord> = {}): DynamoDBRecord => {
    const base = record(key, { eventName, ...extra });
    return {
      ...base,
      dynamodb: {
        ...base.dynamodb,
        ...(read.old !== undefined && { OldImage: { read: { BOOL: read.old } } }),
        ...(read.new !== undefined && { NewImage: { read: { BOOL: read.new } } }),
      },
    };
  };

  it('is delivered, and only that: storing, marking read and deleting a read one are not', () => {
    expect(isDeliveredToConsumer(change('REMOVE', { old: false }))).toBe(true);
    expect(isDeliveredToConsumer(change('INSERT', { new: false }))).toBe(false);
    expect(isDeliveredToConsumer(change('MODIFY', { old: false, new: true }))).toBe(false);
    expect(isDeliveredToConsumer(change('REMOVE', { old: true }))).toBe(false);
    // DynamoDB's TTL deletes read ones only (marking read sets expiresAt): passed over either way.
    expect(isDeliveredToConsumer(change('REMOVE', { old: true }, { userIdentity: { ...TTL_DELETION_IDENTITY } }))).toBe(false);
    // Another item's unread-looking deletion is not a notification's.
    expect(
      isDeliveredToConsumer({
        ...change('REMOVE', { old: false }),
        dynamodb: { Keys: { pk: { S: 'USER#u1' }, sk: { S: 'FEED#p1' } }, OldImage: { read: { BOOL: false } } },
      }),
    ).toBe(false);
  });

  it("tells its recipient's pages to read the bell again (tableEventOf)", () => {
    expect(eventOf({ eventName: 'REMOVE', oldImage: { ...key, read: false } })).toEqual({ kind: 'unread-notification-removed', recipient: 'u1' });
    expect(eventOf({ eventName: 'REMOVE', oldImage: { ...key, read: true } })).toEqual({ kind: 'other' });
    expect(eventOf({ eventName: 'INSERT', newImage: { ...key, read: false } })).toEqual({ kind: 'other' });
  });
});

describe('what a change of a post means (tableEventOf)', () => {
  const stored = { ...postKeys.post('p1'), postId: 'p1', authorId: 'u1', content: 'Hi', createdAt: '2026-11-25T00:00:00.000Z', likeCount: 2, commentCount: 1 };

  it("a deleted post (its author's delete, an admin's, a removal) is what its feed entries, likes and comments follow", () => {
    expect(isDeliveredToConsumer(record(postKeys.post('p1'), { eventName: 'REMOVE' }))).toBe(true);
    expect(eventOf({ eventName: 'REMOVE', oldImage: stored })).toEqual({ kind: 'post-deleted', postId: 'p1', authorId: 'u1' });
  });

  it('an edit is an edit (its readers read it again), not new counts; a new picture key is neither', () => {
    const edited = { ...stored, content: 'Hello', editedAt: '2026-11-25T01:00:00.000Z' };
    expect(eventOf({ eventName: 'MODIFY', oldImage: stored, newImage: edited })).toMatchObject({
      kind: 'post-edited',
      post: { postId: 'p1', content: 'Hello' },
    });
    expect(eventOf({ eventName: 'MODIFY', oldImage: stored, newImage: { ...stored, authorPictureKey: 'pictures/u1/new.png' } })).toEqual({
      kind: 'other',
    });
  });
});

describe("what a change of a member's verification in person means", () => {
  const pending = { ...keys.user('u1'), uid: 'u1', displayName: 'Ada', verificationLevel: 'pending', vouchCount: 1 };
  const verified = { ...pending, verificationLevel: 'verified', verifiedVia: 'vouches', vouchCount: 2 };
  const change = (oldImage: Record<string, unknown>, newImage: Record<string, unknown>) => ({ eventName: 'MODIFY' as const, oldImage, newImage });

  it("verified, or back to pending: the member's own pages are told (me.changed), and their posts and comments take the badge", () => {
    expect(eventOf(change(pending, verified))).toEqual({ kind: 'member-verification-changed', uid: 'u1' });
    expect(eventOf(change(verified, pending))).toEqual({ kind: 'member-verification-changed', uid: 'u1' });
    expect(authorDetailsChangeOf(classifyChange(change(pending, verified)))).toBe('u1');
    expect(authorDetailsChangeOf(classifyChange(change(verified, pending)))).toBe('u1');
  });

  it('a vouch that does not change the level, or a record that gains the default level, tells nobody and rewrites nothing', () => {
    const { verificationLevel: _absent, ...older } = pending;
    for (const [before, after] of [
      [pending, { ...pending, vouchCount: 0 }],
      [verified, { ...verified, verifiedUntil: '2027-11-25T00:00:00.000Z' }],
      [older, pending],
    ] as const) {
      expect(eventOf(change(before, after))).toEqual({ kind: 'other' });
      expect(authorDetailsChangeOf(classifyChange(change(before, after)))).toBeNull();
    }
  });

  it("a post taking its author's badge is not an edit (its readers are not told to read it again)", () => {
    const post = { ...postKeys.post('p1'), postId: 'p1', authorId: 'u1', content: 'Hi', createdAt: '2026-11-25T00:00:00.000Z', authorVerified: false };
    expect(eventOf(change(post, { ...post, authorVerified: true }))).toEqual({ kind: 'other' });
  });
});

describe('matchesFilterPattern reads the rules as Lambda does', () => {
  const value = (v: unknown) => ({ field: v });
  it('a value, a prefix, presence and anything-but; one rule of a list suffices', () => {
    expect(matchesFilterPattern({ field: ['a', 'b'] }, value('b'))).toBe(true);
    expect(matchesFilterPattern({ field: ['a'] }, value('ab'))).toBe(false);
    expect(matchesFilterPattern({ field: [{ prefix: 'AN' }] }, value('ANCHOR#x'))).toBe(true);
    expect(matchesFilterPattern({ field: [{ prefix: 'AN' }] }, value('POST'))).toBe(false);
    expect(matchesFilterPattern({ field: [{ exists: false }] }, {})).toBe(true);
    expect(matchesFilterPattern({ field: [{ exists: true }] }, {})).toBe(false);
    expect(matchesFilterPattern({ field: [{ 'anything-but': ['x'] }] }, value('y'))).toBe(true);
    expect(matchesFilterPattern({ field: [{ 'anything-but': ['x'] }] }, value('x'))).toBe(false);
  });

  it('a rule on a missing field does not match (anything-but included); fields are ANDed, nested objects descended', () => {
    expect(matchesFilterPattern({ field: [{ 'anything-but': ['x'] }] }, {})).toBe(false);
    expect(matchesFilterPattern({ a: { b: ['1'] }, c: ['2'] }, { a: { b: '1' }, c: '2' })).toBe(true);
    expect(matchesFilterPattern({ a: { b: ['1'] }, c: ['2'] }, { a: { b: '1' }, c: '3' })).toBe(false);
    expect(matchesFilterPattern({ a: { b: ['1'] } }, { a: 'not an object' })).toBe(false);
  });
});
