import { describe, expect, it } from 'vitest';
import { userSchema, type User, type Visibility } from '#contracts/user';
import { canSeeContactDetail, contactForViewer, profileForViewer, type Audience } from '#domain/visibility';
import { newUserRecord } from '#domain/new-user';

const VISIBILITIES: Visibility[] = ['public', 'friends', 'private'];
const AUDIENCES: Audience[] = ['owner', 'anchor', 'member'];

function owner(privacy: Partial<User['privacy']> = {}, contactInfo: Partial<User['contactInfo']> = {}): User {
  const base = newUserRecord({ uid: 'owner-1', email: 'o@example.com', displayName: 'Olive Owner', inviteCode: 'ABCDEFGH', invitedBy: null, now: new Date(0) });
  return userSchema.parse({
    ...base,
    privacy: { ...base.privacy, profileVisibility: 'public', ...privacy },
    contactInfo: { ...base.contactInfo, phoneNumber: '555-123-4567', personalEmail: 'olive@example.com', ...contactInfo },
  });
}

/**
 * The intended rule as a table: a detail reaches the owner always, an anchor when the profile,
 * the contact setting and the detail's own setting all allow anchors, and a non-anchor never.
 */
function expected(profile: Visibility, contact: Visibility, detail: Visibility, audience: Audience): boolean {
  if (audience === 'owner') return true;
  if (audience === 'member') return false;
  return profile !== 'private' && contact !== 'private' && detail !== 'private';
}

describe('phone and email visibility: their own setting within the contact setting', () => {
  for (const profileVisibility of VISIBILITIES) {
    for (const contactVisibility of VISIBILITIES) {
      for (const detail of VISIBILITIES) {
        for (const audience of AUDIENCES) {
          const want = expected(profileVisibility, contactVisibility, detail, audience);
          it(`profile ${profileVisibility}, contact ${contactVisibility}, detail ${detail} → ${audience}: ${want}`, () => {
            const { privacy } = owner({ profileVisibility, contactVisibility, phoneVisibility: detail, emailVisibility: detail });
            expect(canSeeContactDetail(privacy, 'phoneVisibility', audience)).toBe(want);
            expect(canSeeContactDetail(privacy, 'emailVisibility', audience)).toBe(want);
          });
        }
      }
    }
  }
});

describe('contactForViewer', () => {
  it('gives an anchor only the details each setting allows', () => {
    expect(contactForViewer(owner({ phoneVisibility: 'private', emailVisibility: 'friends' }), 'anchor')).toEqual({ personalEmail: 'olive@example.com' });
    expect(contactForViewer(owner({ phoneVisibility: 'friends', emailVisibility: 'private' }), 'anchor')).toEqual({ phoneNumber: '555-123-4567' });
    expect(contactForViewer(owner({ phoneVisibility: 'private', emailVisibility: 'private' }), 'anchor')).toBeUndefined();
  });

  it('gives the owner both, whatever the settings, and nothing that does not exist', () => {
    const hidden = { contactVisibility: 'private', phoneVisibility: 'private', emailVisibility: 'private' } as const;
    expect(contactForViewer(owner(hidden), 'owner')).toEqual({ phoneNumber: '555-123-4567', personalEmail: 'olive@example.com' });
    expect(contactForViewer(owner(hidden, { phoneNumber: '' }), 'owner')).toEqual({ personalEmail: 'olive@example.com' });
    expect(contactForViewer(owner({}, { phoneNumber: '', personalEmail: '' }), 'owner')).toBeUndefined();
  });

  it('a stored public phone or email still never reaches a non-anchor', () => {
    const open = owner({ contactVisibility: 'public', phoneVisibility: 'public', emailVisibility: 'public' });
    expect(contactForViewer(open, 'member')).toBeUndefined();
    expect(profileForViewer(open, 'none', '')).not.toHaveProperty('contactInfo');
    expect(profileForViewer(open, 'anchored', '')).toMatchObject({ contactInfo: { phoneNumber: '555-123-4567', personalEmail: 'olive@example.com' } });
  });
});
