import { describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '#contracts/moderation';
import { isHiddenFrom, isSilencedFor, NO_MODERATION_LISTS, refuseBlock, refuseMute, type ModerationLists } from '#domain/moderation-lists';
import { canViewPost } from '#domain/post-access';
import { moderationListsOf } from '#data/graph';
import { tableEventOf } from '#data/changes';
import { classifyChange, type ChangedItem } from '#data/table';

/** What a change means, its key read as the consumer reads it. */
const eventOf = (change: Omit<ChangedItem, 'sequenceNumber'>) => tableEventOf(classifyChange(change));

const lists = (blocked: string[], blockedBy: string[], muted: string[]): ModerationLists => ({
  blocked: new Set(blocked),
  blockedBy: new Set(blockedBy),
  muted: new Set(muted),
});

describe('block and mute lists', () => {
  it('hide a member the viewer blocked or was blocked by; a mute only silences posts and comments', () => {
    const viewer = lists(['blocked'], ['blocker'], ['muted']);
    expect(['blocked', 'blocker', 'muted', 'anyone'].map((uid) => isHiddenFrom(viewer, uid))).toEqual([true, true, false, false]);
    expect(['blocked', 'blocker', 'muted', 'anyone'].map((uid) => isSilencedFor(viewer, uid))).toEqual([true, true, true, false]);
    expect(isSilencedFor(NO_MODERATION_LISTS, 'anyone')).toBe(false);
  });

  it("make a blocked author's posts invisible whatever their privacy, never the viewer's own", () => {
    const viewer = lists(['blocked'], ['blocker'], ['muted']);
    expect(canViewPost({ authorId: 'blocked', privacy: 'public' }, 'viewer', false, viewer)).toBe(false);
    expect(canViewPost({ authorId: 'blocker', privacy: 'anchors' }, 'viewer', true, viewer)).toBe(false);
    expect(canViewPost({ authorId: 'muted', privacy: 'public' }, 'viewer', false, viewer)).toBe(true);
    expect(canViewPost({ authorId: 'viewer', privacy: 'anchors' }, 'viewer', false, lists(['viewer'], [], []))).toBe(true);
    expect(canViewPost({ authorId: 'blocked', privacy: 'public' }, 'viewer', false)).toBe(true);
  });

  it('refuse blocking or muting yourself with the issue sentences, nobody else', () => {
    expect(refuseBlock('me', 'me')).toEqual({ status: 'invalid-argument', message: MODERATION_MESSAGES.blockYourself });
    expect(refuseMute('me', 'me')).toEqual({ status: 'invalid-argument', message: MODERATION_MESSAGES.muteYourself });
    expect(refuseBlock('me', 'you')).toBeNull();
    expect(refuseMute('me', 'you')).toBeNull();
  });

  it('are read from the string sets of a member record; a record without them has none', () => {
    const read = moderationListsOf({ blockedIds: new Set(['a']), blockedByIds: new Set(['b']), mutedIds: new Set(['c', 'd']) });
    expect(read).toEqual(lists(['a'], ['b'], ['c', 'd']));
    expect(moderationListsOf({ pk: 'USER#x' })).toEqual(lists([], [], []));
    expect(moderationListsOf(undefined)).toEqual(lists([], [], []));
  });

  it("tell the stream who started blocking on a pair's change, so only their pictures move", () => {
    const key = { pk: 'FRIENDSHIP#a_b', sk: 'FRIENDSHIP' };
    const pair = (status: string, blockedBy?: string[]) => ({ ...key, status, ...(blockedBy && { blockedBy: new Set(blockedBy) }) });
    const change = (oldImage: Record<string, unknown> | undefined, newImage: Record<string, unknown> | undefined) =>
      eventOf({ eventName: oldImage ? (newImage ? 'MODIFY' : 'REMOVE') : 'INSERT', oldImage, newImage });
    expect(change(undefined, pair('blocked', ['a']))).toEqual({ kind: 'pair-blocked', blockers: ['a'] });
    expect(change(pair('accepted'), pair('blocked', ['b']))).toEqual({ kind: 'pair-blocked', blockers: ['b'] });
    expect(change(pair('blocked', ['a']), pair('blocked', ['a', 'b']))).toEqual({ kind: 'pair-blocked', blockers: ['b'] });
    expect(change(pair('blocked', ['a', 'b']), pair('blocked', ['b']))).toEqual({ kind: 'other' });
    expect(change(pair('blocked', ['a']), undefined)).toEqual({ kind: 'other' });
    expect(change(pair('pending'), pair('accepted'))).toEqual({ kind: 'other' });
  });
});
