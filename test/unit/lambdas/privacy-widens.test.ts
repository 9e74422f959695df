import { describe, expect, it } from 'vitest';
import { privacyWidens } from '../../../lambdas/domain/visibility.ts';

const NARROW = {
  profileVisibility: 'friends',
  birthdayVisibility: 'private',
  photosVisibility: 'private',
  contactVisibility: 'private',
  phoneVisibility: 'private',
  emailVisibility: 'private',
} as const;

describe('privacyWidens (what a suspended member may not save)', () => {
  it('is false for the same settings and for any narrowing', () => {
    expect(privacyWidens(NARROW, NARROW)).toBe(false);
    expect(privacyWidens({ ...NARROW, profileVisibility: 'public', photosVisibility: 'friends' }, NARROW)).toBe(false);
  });

  it('is true when any one setting reaches further, even while others narrow', () => {
    expect(privacyWidens(NARROW, { ...NARROW, photosVisibility: 'friends' })).toBe(true);
    expect(privacyWidens(NARROW, { ...NARROW, profileVisibility: 'public' })).toBe(true);
    expect(privacyWidens({ ...NARROW, profileVisibility: 'public' }, { ...NARROW, profileVisibility: 'friends', emailVisibility: 'friends' })).toBe(true);
  });
});
