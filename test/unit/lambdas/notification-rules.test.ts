import { describe, expect, it } from 'vitest';
import { effectiveSettings, shouldNotify, THREAD_NOTIFY_CAP, threadRecipients, type RecipientFacts } from '#domain/notifications';
import { notificationSourceOf, vouchNoticesOf } from '#data/notifications';
import { classifyChange, type ChangedItem } from '#data/table';
import { keys, notificationIdOf, postKeys } from '#data/table';

/** What a change notifies of, its key read as the consumer reads it. */
const sourceOf = (change: Omit<ChangedItem, 'sequenceNumber'>) => notificationSourceOf(classifyChange(change));

const lists = (over: Partial<Record<'blocked' | 'blockedBy' | 'muted', string[]>> = {}) => ({
  blocked: new Set(over.blocked ?? []),
  blockedBy: new Set(over.blockedBy ?? []),
  muted: new Set(over.muted ?? []),
});
const recipient = (over: Partial<RecipientFacts> = {}): RecipientFacts => ({ uid: 'me', lists: lists(), settings: {}, ...over });

describe('who is notified of what (shouldNotify)', () => {
  it('tells of others, never of oneself', () => {
    expect(shouldNotify(recipient(), 'like', 'them')).toBe(true);
    expect(shouldNotify(recipient(), 'like', 'me')).toBe(false);
  });

  it('never across a block, either way, whatever the kind', () => {
    for (const kind of ['like', 'comment', 'thread-comment', 'anchor-request', 'anchor-accepted', 'invitee-joined'] as const) {
      expect(shouldNotify(recipient({ lists: lists({ blocked: ['them'] }) }), kind, 'them')).toBe(false);
      expect(shouldNotify(recipient({ lists: lists({ blockedBy: ['them'] }) }), kind, 'them')).toBe(false);
    }
  });

  it("a mute quiets a member's likes and comments, not their anchor requests or joining", () => {
    const muting = recipient({ lists: lists({ muted: ['them'] }) });
    expect(['like', 'comment', 'thread-comment'].map((kind) => shouldNotify(muting, kind as 'like', 'them'))).toEqual([false, false, false]);
    expect(shouldNotify(muting, 'anchor-request', 'them')).toBe(true);
    expect(shouldNotify(muting, 'invitee-joined', 'them')).toBe(true);
  });

  it('a kind switched off tells nothing; every kind is on until switched off; moderation has no actor', () => {
    expect(shouldNotify(recipient({ settings: { like: false } }), 'like', 'them')).toBe(false);
    expect(shouldNotify(recipient({ settings: { like: false } }), 'comment', 'them')).toBe(true);
    expect(shouldNotify(recipient(), 'moderation', null)).toBe(true);
    expect(shouldNotify(recipient({ settings: { moderation: false } }), 'moderation', null)).toBe(false);
    expect(Object.values(effectiveSettings(undefined)).every(Boolean)).toBe(true);
  });
});

describe('whom a new comment tells in its thread (threadRecipients)', () => {
  it('the earlier commenters, newest first, once each, neither the commenter nor the post author, at most the cap', () => {
    expect(threadRecipients(['b', 'author', 'c', 'b', 'me'], 'me', 'author')).toEqual(['b', 'c']);
    const many = Array.from({ length: 60 }, (_, i) => `u${i}`);
    expect(threadRecipients(many, 'me', 'author')).toEqual(many.slice(0, THREAD_NOTIFY_CAP));
  });
});

describe('which changes are notified of (notificationSourceOf)', () => {
  const at = '2026-11-25T10:00:00.000Z';
  it('a received request and a sent request accepted, not the other sides', () => {
    const edge = (direction: string, status: string) => ({ ...keys.anchorEdge('me', 'them'), direction, status, requestedAt: at, acceptedAt: at });
    expect(sourceOf({ eventName: 'INSERT', newImage: edge('received', 'pending') })).toMatchObject({
      kind: 'anchor-request',
      recipient: 'me',
      actorId: 'them',
    });
    expect(sourceOf({ eventName: 'INSERT', newImage: edge('sent', 'pending') })).toBeNull();
    expect(sourceOf({ eventName: 'MODIFY', oldImage: edge('sent', 'pending'), newImage: edge('sent', 'accepted') })).toMatchObject({
      kind: 'anchor-accepted',
    });
    expect(sourceOf({ eventName: 'MODIFY', oldImage: edge('received', 'pending'), newImage: edge('received', 'accepted') })).toBeNull();
  });

  it('a like and a comment put, a member joining with an inviter, a moderation notice; nothing for removals', () => {
    expect(sourceOf({ eventName: 'INSERT', newImage: { ...postKeys.like('p', 'u'), likedAt: at } })).toEqual({
      type: 'like',
      postId: 'p',
      actorId: 'u',
      at,
    });
    expect(sourceOf({ eventName: 'REMOVE', oldImage: { ...postKeys.like('p', 'u'), likedAt: at } })).toBeNull();
    expect(sourceOf({ eventName: 'INSERT', newImage: { ...postKeys.comment('p', 'c'), authorId: 'u', createdAt: at } })).toMatchObject({
      type: 'comment',
      commentId: 'c',
    });
    const record = { ...keys.user('new'), inviteSystem: { invitedBy: 'inviter' } };
    expect(sourceOf({ eventName: 'MODIFY', oldImage: { ...record, joinedAt: null }, newImage: { ...record, joinedAt: at } })).toEqual({
      type: 'invitee-joined',
      recipient: 'inviter',
      actorId: 'new',
      at,
    });
    expect(sourceOf({ eventName: 'MODIFY', oldImage: { ...record, joinedAt: at }, newImage: { ...record, joinedAt: at } })).toBeNull();
    // An older member (invite used before joinedAt existed) whose joinedAt npm run migrate backfills: no news to their inviter.
    const older = { ...record, invitedBy: 'inviter' };
    expect(sourceOf({ eventName: 'MODIFY', oldImage: older, newImage: { ...older, joinedAt: at } })).toBeNull();
    expect(sourceOf({ eventName: 'INSERT', newImage: { ...keys.notice('me', 'n'), kind: 'warning', at } })).toMatchObject({
      type: 'notice',
      noticeKind: 'warning',
    });
  });

  it("a notification's id is a ULID of the moment, the same for the same change", () => {
    const id = notificationIdOf(at, 'like\nme\nu\np');
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(notificationIdOf(at, 'like\nme\nu\np')).toBe(id);
    expect(notificationIdOf(at, 'like\nme\nv\np')).not.toBe(id);
    expect(notificationIdOf('2026-11-25T10:00:01.000Z', 'like\nme\nu\np') > id).toBe(true);
  });
});

describe('which changes make vouching notices (vouchNoticesOf)', () => {
  const at = '2026-11-25T10:00:00.000Z';
  const later = '2026-12-01T09:00:00.000Z';
  const now = new Date('2026-12-02T00:00:00.000Z');
  const noticesOf = (change: Omit<ChangedItem, 'sequenceNumber'>) => vouchNoticesOf(classifyChange(change), now);
  const vouch = (over: Record<string, unknown> = {}) => ({
    ...keys.vouchReceived('me', 'voucher'),
    subjectUid: 'me',
    voucherUid: 'voucher',
    vouchedAt: at,
    lapsesAt: '2027-11-25T10:00:00.000Z',
    state: 'active',
    changedAt: at,
    ...over,
  });

  it('a vouch received, new or renewed, tells its member who vouched; its mirror and a withdrawal tell nothing', () => {
    expect(noticesOf({ eventName: 'INSERT', newImage: vouch() })).toEqual([
      { type: 'vouching', recipient: 'me', notice: 'vouched', actorId: 'voucher', until: null, at },
    ]);
    expect(noticesOf({ eventName: 'MODIFY', oldImage: vouch(), newImage: vouch({ vouchedAt: later, changedAt: later }) })).toMatchObject([
      { notice: 'vouched', at: later },
    ]);
    expect(noticesOf({ eventName: 'INSERT', newImage: { ...vouch(), ...keys.vouchGiven('voucher', 'me') } })).toEqual([]);
    expect(noticesOf({ eventName: 'MODIFY', oldImage: vouch(), newImage: vouch({ state: 'withdrawn', changedAt: later }) })).toEqual([]);
    expect(noticesOf({ eventName: 'REMOVE', oldImage: vouch() })).toEqual([]);
  });

  it('a vouch voided while it counted tells its member, with no actor; one voided after its lapse tells nothing', () => {
    expect(noticesOf({ eventName: 'MODIFY', oldImage: vouch(), newImage: vouch({ state: 'void', changedAt: later }) })).toEqual([
      { type: 'vouching', recipient: 'me', notice: 'voucher-removed', actorId: null, until: null, at: later },
    ]);
    const lapsed = vouch({ lapsesAt: '2026-11-30T00:00:00.000Z' });
    expect(noticesOf({ eventName: 'MODIFY', oldImage: lapsed, newImage: { ...lapsed, state: 'void', changedAt: later } })).toEqual([]);
  });

  it("the record's level either way (not the founder's), a strike, the right lost, and the month-ahead notice once per lapse", () => {
    const record = { ...keys.user('me'), verificationLevel: 'pending', vouchVersion: 3 };
    const verified = { ...record, verificationLevel: 'verified', verifiedVia: 'vouches', verifiedAt: later, vouchVersion: 4 };
    expect(noticesOf({ eventName: 'MODIFY', oldImage: record, newImage: verified })).toMatchObject([{ notice: 'verified', at: later, actorId: null }]);
    expect(noticesOf({ eventName: 'MODIFY', oldImage: record, newImage: { ...verified, verifiedVia: 'founder' } })).toEqual([]);
    const lapsed = noticesOf({ eventName: 'MODIFY', oldImage: verified, newImage: { ...record, vouchVersion: 5 } });
    expect(lapsed).toMatchObject([{ notice: 'lapsed', at: now.toISOString() }]);
    // Its moment is not stored, so a redelivery is told once (the told-once marker), by the write's vouchVersion.
    expect(lapsed[0]?.once).toContain('5');

    const struck = { ...verified, vouchStrikes: [at, later], vouchingSuspendedUntil: '2027-12-01T09:00:00.000Z' };
    expect(noticesOf({ eventName: 'MODIFY', oldImage: { ...verified, vouchStrikes: [at] }, newImage: struck })).toMatchObject([
      { notice: 'vouchee-removed', at: later, until: null },
      { notice: 'vouching-suspended', at: later, until: '2027-12-01T09:00:00.000Z' },
    ]);
    expect(noticesOf({ eventName: 'MODIFY', oldImage: struck, newImage: { ...struck, displayName: 'Renamed' } })).toEqual([]);

    const noticed = { ...verified, lapseNoticeUntil: '2027-01-01T00:00:00.000Z', lapseNoticeAt: later };
    expect(noticesOf({ eventName: 'MODIFY', oldImage: verified, newImage: noticed })).toMatchObject([
      { notice: 'expiring', until: '2027-01-01T00:00:00.000Z', at: later },
    ]);
    expect(noticesOf({ eventName: 'MODIFY', oldImage: noticed, newImage: { ...noticed, vouchCount: 3 } })).toEqual([]);
  });

  it('the vouching kind has its own switch and never comes from a member blocked either way', () => {
    expect(shouldNotify(recipient(), 'vouching', 'voucher')).toBe(true);
    expect(shouldNotify(recipient({ lists: lists({ blocked: ['voucher'] }) }), 'vouching', 'voucher')).toBe(false);
    expect(shouldNotify(recipient({ lists: lists({ blockedBy: ['voucher'] }) }), 'vouching', 'voucher')).toBe(false);
    expect(shouldNotify(recipient({ settings: { vouching: false } }), 'vouching', null)).toBe(false);
  });
});
