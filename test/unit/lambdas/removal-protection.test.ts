import { describe, expect, it } from 'vitest';
import { keptNote, protectedRole, protectedTreeMessage, type ProtectedMember } from '../../../lambdas/domain/removal-protection.ts';

const ada: ProtectedMember = { uid: 'a', displayName: 'Ada Lovelace', role: 'admin' };
const grace: ProtectedMember = { uid: 'g', displayName: 'Grace Hopper', role: 'founder' };

describe('who a removal never takes', () => {
  it('the founder (named so even when also an admin), then admins by the record or the Cognito group', () => {
    expect(protectedRole({ isFounder: true, isAdmin: true }, true)).toBe('founder');
    expect(protectedRole({ isAdmin: true }, false)).toBe('admin');
    expect(protectedRole({ isAdmin: false }, true)).toBe('admin');
    // An account on the way in has no record, only its group.
    expect(protectedRole(null, true)).toBe('admin');
    expect(protectedRole(null, false)).toBeNull();
    expect(protectedRole({ isAdmin: false, isFounder: false }, false)).toBeNull();
  });

  it('names them in one sentence, the first five by name and the rest counted', () => {
    expect(protectedTreeMessage([ada])).toBe('Cannot remove this tree: it includes Ada Lovelace (an admin).');
    expect(protectedTreeMessage([grace, ada])).toBe('Cannot remove this tree: it includes Grace Hopper (the founder) and Ada Lovelace (an admin).');
    const many = Array.from({ length: 7 }, (_, index) => ({ ...ada, uid: `a${index}`, displayName: `Admin ${index}` }));
    expect(protectedTreeMessage(many)).toBe(
      'Cannot remove this tree: it includes Admin 0 (an admin), Admin 1 (an admin), Admin 2 (an admin), Admin 3 (an admin), Admin 4 (an admin) and 2 other admins.',
    );
    expect(protectedTreeMessage([{ ...ada, displayName: '' }])).toBe('Cannot remove this tree: it includes a member without a name (an admin).');
  });

  it('says why a removal under way kept someone', () => {
    expect(keptNote(ada)).toBe('Kept Ada Lovelace: an admin now, so not removed.');
    expect(keptNote(grace)).toBe('Kept Grace Hopper: the founder, so not removed.');
  });
});
