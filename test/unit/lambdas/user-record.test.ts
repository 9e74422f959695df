import { describe, expect, it } from 'vitest';
import { hasJoined, invitesLeft, userSchema } from '#contracts/user';
import { newUserRecord } from '#domain/new-user';

const now = new Date('2026-11-22T10:00:00.000Z');

describe('a new user record', () => {
  const user = newUserRecord({
    uid: 'u1',
    email: 'ada@example.com',
    displayName: 'Ada',
    inviteCode: 'ABCD2345',
    invitedBy: 'u0',
    now,
  });

  it('carries every default of the spec', () => {
    expect(user).toMatchObject({
      isVerified: false,
      verificationLevel: 'pending',
      createdAt: now.toISOString(),
      lastActive: now.toISOString(),
      profileCompleted: false,
      isSuperuser: false,
      isAdmin: false,
      graduationYear: null,
      inviteSystem: { invitesRemaining: 10, invitesUsed: 0, localInvitesUsed: 0, distantInvitesUsed: 0, inviteCode: 'ABCD2345', invitedBy: 'u0' },
      location: { country: 'United States' },
      photos: [],
    });
    expect(Object.values(user.privacy).every((visibility) => visibility === 'friends')).toBe(true);
  });

  it('is valid against the shared schema', () => {
    expect(userSchema.parse(user)).toEqual(user);
  });

  it('has not joined until its invite is used, unless a superuser or admin', () => {
    expect(hasJoined(user)).toBe(false);
    expect(hasJoined({ ...user, joinedAt: '2026-01-01T00:00:00.000Z' })).toBe(true);
    expect(hasJoined({ ...user, isSuperuser: true })).toBe(true);
    expect(hasJoined({ ...user, isAdmin: true })).toBe(true);
  });

  it('counts invites held for people on the way in as not left', () => {
    expect(invitesLeft(user.inviteSystem)).toBe(10);
    expect(invitesLeft({ invitesRemaining: 7, invitesReserved: 3 })).toBe(4);
    expect(invitesLeft({ invitesRemaining: 2, invitesReserved: 3 })).toBe(0);
  });
});

describe('the older stored user variant', () => {
  it('reads with the newer fields defaulted', () => {
    const older = {
      uid: 'u2',
      email: 'bo@example.com',
      displayName: 'Bo',
      isVerified: true,
      verificationLevel: 'verified',
      createdAt: now.toISOString(),
      lastActive: now.toISOString(),
      bio: 'Hi',
      birthday: '1990-01-01',
      profilePicture: '',
      profileCompleted: true,
      inviteSystem: { invitesRemaining: 4, invitesUsed: 6, inviteCode: 'ZXCV2345', localInvitesUsed: 3, distantInvitesUsed: 3, invitedBy: null },
      location: { city: 'Austin', state: 'Texas', country: 'United States' },
      privacy: {
        profileVisibility: 'public',
        birthdayVisibility: 'friends',
        contactVisibility: 'private',
        phoneVisibility: 'friends',
        emailVisibility: 'friends',
      },
      contactInfo: { phoneNumber: '555-123-4567', personalEmail: 'bo@home.example', isPhoneVisible: true, isEmailVisible: false },
    };
    const read = userSchema.parse(older);
    expect(read).toMatchObject({ photos: [], graduationYear: null, major: '', isSuperuser: false, isAdmin: false });
    expect(read.privacy).toMatchObject({ profileVisibility: 'public', photosVisibility: 'friends', contactVisibility: 'private' });
  });
});
