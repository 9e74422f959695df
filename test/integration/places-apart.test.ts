import { describe, expect, inject, it } from 'vitest';
import type { CallableInput } from '../../lambdas/contracts/callables.ts';
import { call } from '../support/callable-client.ts';
import { createMember, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * A picked city suggestion must never be saved whole ("Portland, Oregon") as the city: the saves
 * keep city and state apart, and the invite rule compares normalized places, so a record of the old
 * shape (repaired by migration 0005, test/integration/migrations.test.ts) does not refuse a
 * newcomer meanwhile.
 */

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { getUser } = await import('#data/members');

const PORTLAND = { city: 'Portland', state: 'Oregon' } as const;

function profileAt(city: string): CallableInput<'completeProfile'> {
  return {
    displayName: 'Paz Portland',
    bio: 'Rain and bridges.',
    birthday: '1991-03-04',
    location: { city, state: 'Oregon' },
    contactInfo: { phoneNumber: '555-123-4567', personalEmail: 'paz@example.com' },
    privacy: { profileVisibility: 'public', birthdayVisibility: 'friends', contactVisibility: 'friends' },
  };
}

describe('places: city and state apart', () => {
  it("admits a newcomer in Portland / Oregon as local to an inviter stored as 'Portland, Oregon'", async () => {
    const inviter = await createMember(endpoints, 'comma-inviter', { location: { city: 'Portland, Oregon', state: 'Oregon' } });
    const invitee = await createMember(endpoints, 'portland-invitee', { joined: false, extra: { profilePicture: 'users/paz/profile-picture.jpg' } });
    const used = await call(endpoints, 'useInviteCode', { token: invitee.accessToken, data: { inviteCode: inviter.inviteCode, userLocation: PORTLAND } });
    expect(used).toMatchObject({ status: 200, body: { result: { invitedBy: inviter.uid, inviteType: 'local' } } });

    // The first save may name the place with its state: it is the same place, saved apart.
    const saved = await call(endpoints, 'completeProfile', { token: invitee.accessToken, data: profileAt('portland, Oregon, United States') });
    expect(saved).toMatchObject({ status: 200, body: { result: { profileCompleted: true, location: { ...PORTLAND, country: 'United States' } } } });
    expect((await getUser(invitee.uid))?.location).toMatchObject(PORTLAND);
    expect((await getUser(invitee.uid))?.inviteSystem.invitedFrom).toEqual(PORTLAND);
  });

  it('saves a city typed with its state in Settings as the city alone', async () => {
    const member = await createMember(endpoints, 'settings-portland', { location: { city: 'Austin', state: 'Texas' } });
    const saved = await call(endpoints, 'updateProfile', {
      token: member.accessToken,
      data: {
        displayName: 'Sam Settings',
        birthday: '',
        graduationYear: null,
        major: '',
        bio: '',
        location: { city: 'Portland, OR', state: 'OR' },
        contactInfo: { phoneNumber: '', personalEmail: '' },
      },
    });
    expect(saved).toMatchObject({ status: 200, body: { result: { location: PORTLAND } } });
  });
});
