import { DEFAULT_COUNTRY, INVITES_PER_MEMBER, type User } from '#contracts/user';

export interface NewUserInput {
  uid: string;
  email: string;
  displayName: string;
  inviteCode: string;
  invitedBy: string | null;
  /** The code the account signed up with, kept until useInviteCode consumes it. */
  pendingInviteCode?: string | null;
  /** Set only for someone admitted without an invite (the founder, the dev tools' dummy members, benchmark members); others join when their invite is used. */
  joinedAt?: string | null;
  now: Date;
}

/** A new member's record with every default of the spec (§3): 10 invites, privacy 'friends', ... */
export function newUserRecord({ uid, email, displayName, inviteCode, invitedBy, pendingInviteCode = null, joinedAt = null, now }: NewUserInput): User {
  const timestamp = now.toISOString();
  return {
    uid,
    email,
    displayName,
    isVerified: false,
    verificationLevel: 'pending',
    vouchCount: 0,
    createdAt: timestamp,
    lastActive: timestamp,
    bio: '',
    birthday: '',
    profilePicture: '',
    profileCompleted: false,
    graduationYear: null,
    major: '',
    isSuperuser: false,
    isAdmin: false,
    isFounder: false,
    joinedAt,
    anchorCount: 0,
    inviteSystem: {
      invitesRemaining: INVITES_PER_MEMBER,
      invitesUsed: 0,
      invitesReserved: 0,
      inviteCode,
      localInvitesUsed: 0,
      distantInvitesUsed: 0,
      invitedBy,
      pendingInviteCode,
    },
    location: { city: '', state: '', country: DEFAULT_COUNTRY },
    privacy: {
      profileVisibility: 'friends',
      birthdayVisibility: 'friends',
      photosVisibility: 'friends',
      contactVisibility: 'friends',
      phoneVisibility: 'friends',
      emailVisibility: 'friends',
    },
    contactInfo: { phoneNumber: '', personalEmail: '', isPhoneVisible: false, isEmailVisible: false },
    photos: [],
  };
}
