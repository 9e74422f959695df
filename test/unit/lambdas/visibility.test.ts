import { describe, expect, it } from 'vitest';
import type { Relationship } from '#contracts/anchors';
import { userSchema, type User, type Visibility } from '#contracts/user';
import { allows, audienceOf, canSeeContact, canSeePart, canSeeProfile, profileForViewer, type Audience } from '#domain/visibility';
import { newUserRecord } from '#domain/new-user';

const VISIBILITIES: Visibility[] = ['public', 'friends', 'private'];
const AUDIENCES: Audience[] = ['owner', 'anchor', 'member'];

/** The intended rule, written as a table: who may see a part set to each visibility. */
const EXPECTED: Record<Visibility, Record<Audience, boolean>> = {
  public: { owner: true, anchor: true, member: true },
  friends: { owner: true, anchor: true, member: false },
  private: { owner: true, anchor: false, member: false },
};

function owner(privacy: Partial<User['privacy']> = {}, contactInfo: Partial<User['contactInfo']> = {}): User {
  const base = newUserRecord({ uid: 'owner-1', email: 'o@example.com', displayName: 'Olive Owner', inviteCode: 'ABCDEFGH', invitedBy: null, now: new Date(0) });
  return userSchema.parse({
    ...base,
    bio: 'Hello',
    birthday: '1990-01-02',
    location: { city: 'Austin', state: 'Texas', country: 'United States' },
    privacy: { ...base.privacy, ...privacy },
    contactInfo: { ...base.contactInfo, phoneNumber: '555-123-4567', personalEmail: 'olive@example.com', ...contactInfo },
    photos: [{ url: 'https://example.com/p.jpg', caption: '', uploadedAt: '2020-01-01' }],
  });
}

describe('audience', () => {
  it('maps the relationship to owner, anchor or member (pending counts as not anchored)', () => {
    const cases: [Relationship, Audience][] = [
      ['self', 'owner'],
      ['anchored', 'anchor'],
      ['pending-sent', 'member'],
      ['pending-received', 'member'],
      ['none', 'member'],
    ];
    for (const [relationship, audience] of cases) expect(audienceOf(relationship)).toBe(audience);
  });
});

describe('profile visibility (fixes: friends shows to anchors; private to the owner only)', () => {
  for (const visibility of VISIBILITIES) {
    for (const audience of AUDIENCES) {
      it(`${visibility} → ${audience}: ${EXPECTED[visibility][audience] ? 'visible' : 'hidden'}`, () => {
        expect(allows(visibility, audience)).toBe(EXPECTED[visibility][audience]);
        expect(canSeeProfile({ profileVisibility: visibility }, audience)).toBe(EXPECTED[visibility][audience]);
      });
    }
  }
});

describe('birthday and photos: their own setting, within a visible profile', () => {
  for (const profileVisibility of VISIBILITIES) {
    for (const partVisibility of VISIBILITIES) {
      for (const audience of AUDIENCES) {
        const expected = EXPECTED[profileVisibility][audience] && EXPECTED[partVisibility][audience];
        it(`profile ${profileVisibility}, part ${partVisibility} → ${audience}: ${expected}`, () => {
          const { privacy } = owner({ profileVisibility, birthdayVisibility: partVisibility, photosVisibility: partVisibility });
          expect(canSeePart(privacy, 'birthdayVisibility', audience)).toBe(expected);
          expect(canSeePart(privacy, 'photosVisibility', audience)).toBe(expected);
        });
      }
    }
  }
});

describe('contact info (fix: never to non-anchors)', () => {
  for (const profileVisibility of VISIBILITIES) {
    for (const contactVisibility of VISIBILITIES) {
      for (const audience of AUDIENCES) {
        const expected = audience === 'owner' || (audience === 'anchor' && contactVisibility !== 'private' && EXPECTED[profileVisibility].anchor);
        it(`profile ${profileVisibility}, contact ${contactVisibility} → ${audience}: ${expected}`, () => {
          expect(canSeeContact(owner({ profileVisibility, contactVisibility }).privacy, audience)).toBe(expected);
        });
      }
    }
  }

  it('a non-anchor never sees contact info set to friends, even on a public profile (the spec defect)', () => {
    expect(canSeeContact(owner({ profileVisibility: 'public', contactVisibility: 'friends' }).privacy, 'member')).toBe(false);
  });
});

describe('profileForViewer', () => {
  it('gives the owner everything, with the relationship self', () => {
    const profile = profileForViewer(owner({ profileVisibility: 'private', contactVisibility: 'private', birthdayVisibility: 'private' }), 'self', 'url');
    expect(profile).toEqual({
      uid: 'owner-1',
      displayName: 'Olive Owner',
      profilePicture: 'url',
      verifiedInPerson: false,
      relationship: 'self',
      private: false,
      bio: 'Hello',
      location: { city: 'Austin', state: 'Texas', country: 'United States' },
      invitesRemaining: 10,
      unlimitedInvites: false,
      birthday: '1990-01-02',
      contactInfo: { phoneNumber: '555-123-4567', personalEmail: 'olive@example.com' },
      photos: [{ url: 'https://example.com/p.jpg', caption: '', uploadedAt: '2020-01-01' }],
    });
  });

  it('tells a superuser owner their invites are unlimited', () => {
    const profile = profileForViewer({ ...owner(), isSuperuser: true }, 'self', 'url');
    expect(profile).toMatchObject({ unlimitedInvites: true });
  });

  it('hides a friends profile from a non-anchor with the minimal private shape (no bio, location, contact)', () => {
    const profile = profileForViewer(owner({ profileVisibility: 'friends' }), 'none', 'url');
    expect(profile).toEqual({
      uid: 'owner-1',
      displayName: 'Olive Owner',
      profilePicture: 'url',
      verifiedInPerson: false,
      relationship: 'none',
      private: true,
    });
  });

  it('shows the badge of a member verified in person to anyone, even on a private profile (it is on every member summary)', () => {
    const verified = { ...owner({ profileVisibility: 'private' }), verificationLevel: 'verified' };
    expect(profileForViewer(verified, 'none', '')).toMatchObject({ private: true, verifiedInPerson: true });
    expect(profileForViewer(verified, 'self', '')).toMatchObject({ private: false, verifiedInPerson: true });
  });

  it('shows a friends profile to an anchor, with contact info and the parts set to friends', () => {
    const profile = profileForViewer(
      owner({ profileVisibility: 'friends', contactVisibility: 'friends', birthdayVisibility: 'friends', photosVisibility: 'private' }),
      'anchored',
      '',
    );
    expect(profile).toMatchObject({ private: false, birthday: '1990-01-02', contactInfo: { phoneNumber: '555-123-4567', personalEmail: 'olive@example.com' } });
    expect(profile).not.toHaveProperty('photos');
  });

  it('shows a public profile to a non-anchor without contact info or friends-only parts', () => {
    const profile = profileForViewer(
      owner({ profileVisibility: 'public', contactVisibility: 'friends', birthdayVisibility: 'friends', photosVisibility: 'public' }),
      'pending-sent',
      '',
    );
    expect(profile).toMatchObject({ private: false, relationship: 'pending-sent', bio: 'Hello', invitesRemaining: 10 });
    expect(profile).not.toHaveProperty('contactInfo');
    expect(profile).not.toHaveProperty('birthday');
    expect(profile).toHaveProperty('photos');
  });

  it('leaves contact info out when none exists, and keeps only the parts that exist', () => {
    const none = profileForViewer(owner({ contactVisibility: 'friends' }, { phoneNumber: '', personalEmail: '' }), 'anchored', '');
    expect(none).not.toHaveProperty('contactInfo');
    const phoneOnly = profileForViewer(owner({ contactVisibility: 'friends' }, { personalEmail: '' }), 'anchored', '');
    expect(phoneOnly).toMatchObject({ contactInfo: { phoneNumber: '555-123-4567' } });
    expect((phoneOnly as { contactInfo: object }).contactInfo).not.toHaveProperty('personalEmail');
  });

  it('hides a private profile from an anchor', () => {
    expect(profileForViewer(owner({ profileVisibility: 'private' }), 'anchored', '')).toMatchObject({ private: true, relationship: 'anchored' });
  });
});
