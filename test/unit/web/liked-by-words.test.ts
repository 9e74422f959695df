import { describe, expect, it } from 'vitest';
import { likedByLine } from '../../../web/src/features/feed/liked-by-words.ts';

const ada = { uid: 'ada', displayName: 'Ada' };
const bo = { uid: 'bo', displayName: 'Bo' };
const cy = { uid: 'cy', displayName: 'Cy' };

describe("a post's Liked by line", () => {
  it('says nothing without likes', () => expect(likedByLine(0, false)).toBeNull());

  it('before the list is read: from the count and the viewer’s own like', () => {
    expect(likedByLine(1, true)).toBe('Liked by you');
    expect(likedByLine(3, true)).toBe('Liked by you and 2 others');
    expect(likedByLine(2, true)).toBe('Liked by you and 1 other');
    expect(likedByLine(1, false)).toBe('Liked by 1 member');
    expect(likedByLine(5, false)).toBe('Liked by 5 members');
  });

  it('once read: two names, then how many others', () => {
    expect(likedByLine(5, false, [ada, bo, cy])).toBe('Liked by Ada, Bo and 3 others');
    expect(likedByLine(2, false, [ada, bo])).toBe('Liked by Ada and Bo');
    expect(likedByLine(1, false, [ada])).toBe('Liked by Ada');
    expect(likedByLine(3, true, [ada, bo, cy], 'cy')).toBe('Liked by you, Ada and 1 other');
    expect(likedByLine(1, true, [ada], 'ada')).toBe('Liked by you');
  });

  it('a hidden liker (blocked) is counted, never named', () => {
    expect(likedByLine(3, false, [ada, bo])).toBe('Liked by Ada, Bo and 1 other');
  });
});
