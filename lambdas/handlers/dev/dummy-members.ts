import { randomUUID } from 'node:crypto';
import type { AcceptedFriendship } from '#contracts/anchors';
import type { User } from '#contracts/user';
import { friendshipIdOf } from '#domain/friendship';
import { generateInviteCode } from '#domain/invite-code';
import { newUserRecord } from '#domain/new-user';

const FIRST_NAMES = ['Avery', 'Blake', 'Casey', 'Devon', 'Emery', 'Finley', 'Harper', 'Jordan', 'Kendall', 'Logan', 'Morgan', 'Quinn'];
const LAST_NAMES = ['Abbott', 'Brooks', 'Carver', 'Dalton', 'Ellis', 'Foster', 'Greer', 'Hayes', 'Irving', 'Jensen', 'Keller', 'Lowe'];

/**
 * A dummy member for dev tools: a real, completed record (no Cognito account, so nobody signs in
 * as it, and unverified, so the daily metrics never count it) in the owner's city and state, and
 * its accepted local pair with the owner.
 */
export function dummyMember(owner: User, index: number, now: Date): { user: User; pair: AcceptedFriendship } {
  const uid = `dummy-${randomUUID()}`;
  const displayName = `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[(index * 7) % LAST_NAMES.length]}`;
  const base = newUserRecord({
    uid,
    email: `${uid}@dummy.anchored.invalid`,
    displayName,
    inviteCode: generateInviteCode(),
    invitedBy: null,
    joinedAt: now.toISOString(),
    now,
  });
  const user: User = {
    ...base,
    bio: `Dummy anchor #${index + 1}, created with dev tools for testing.`,
    birthday: '1995-06-15',
    profileCompleted: true,
    anchorCount: 1,
    location: { ...owner.location },
    contactInfo: { ...base.contactInfo, phoneNumber: `555-010-${String(1000 + index).slice(-4)}`, personalEmail: `${uid}@dummy.anchored.invalid` },
  };
  const timestamp = now.toISOString();
  const pair: AcceptedFriendship = {
    friendshipId: friendshipIdOf(owner.uid, uid),
    users: [owner.uid, uid].sort() as [string, string],
    status: 'accepted',
    requestedBy: owner.uid,
    requestedAt: timestamp,
    acceptedAt: timestamp,
    connectionType: 'local',
    invitationChain: false,
    mutualFriends: 0,
  };
  return { user, pair };
}
