import { describe, expect, it } from 'vitest';
import { returnPathOf, safeReturnPath } from '../../../web/src/lib/return-path.ts';

describe('sign-in returns to the page the member was sent from', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeReturnPath('/anchors?tab=pending')).toBe('/anchors?tab=pending');
    expect(safeReturnPath('/profile/u-1#photos')).toBe('/profile/u-1#photos');
    expect(returnPathOf({ from: '/settings' })).toBe('/settings');
  });

  it('falls back to the dashboard for anything that could leave the site or loop', () => {
    for (const from of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/auth/signin', 'anchors', '', 42]) {
      expect(safeReturnPath(from)).toBe('/dashboard');
    }
    expect(returnPathOf(null)).toBe('/dashboard');
    expect(returnPathOf({ notice: 'You signed out in another tab.' })).toBe('/dashboard');
  });
});
