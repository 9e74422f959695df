import { describe, expect, it } from 'vitest';
import { holdsVouchersToAccount } from '#domain/vouch-accountability';

describe('which resolutions hold a removed member’s vouchers to account (holdsVouchersToAccount)', () => {
  it('a removal, of the member or their tree, after a report that they are not who they say', () => {
    for (const reason of ['impersonation', 'not-a-real-person'] as const) {
      expect(holdsVouchersToAccount(reason, 'remove-member')).toBe(true);
      expect(holdsVouchersToAccount(reason, 'remove-member-and-tree')).toBe(true);
    }
  });

  it('nothing else: another reason, or a sanction short of removal', () => {
    for (const reason of ['spam', 'harassment', 'other'] as const) expect(holdsVouchersToAccount(reason, 'remove-member')).toBe(false);
    for (const action of ['dismiss', 'remove-content', 'warn', 'suspend', 'disable-invites'] as const)
      expect(holdsVouchersToAccount('impersonation', action)).toBe(false);
    expect(holdsVouchersToAccount('not-a-real-person', null)).toBe(false);
  });
});
