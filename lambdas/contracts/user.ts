import * as z from 'zod';

/** Visibility of a part of the profile: 'friends' means the owner's accepted anchors. */
export const visibilitySchema = z.enum(['public', 'friends', 'private']);
export type Visibility = z.infer<typeof visibilitySchema>;

export const DEFAULT_COUNTRY = 'United States';
export const INVITES_PER_MEMBER = 10;
export const LOCAL_INVITES_PER_MEMBER = 5;
export const DISTANT_INVITES_PER_MEMBER = 5;
export const INVITE_CODE_LENGTH = 8;

/**
 * What a consumed invite counted as. local: same city and state as the inviter; distant: another
 * place within 50 miles; unrestricted: a superuser's code (no quota, no distance rule).
 */
export const inviteTypeSchema = z.enum(['local', 'distant', 'unrestricted']);
export type InviteType = z.infer<typeof inviteTypeSchema>;

/**
 * The user record as every reader sees it. The spec knows two stored variants; the older one lacks
 * photos, graduationYear, major, isSuperuser, isAdmin and privacy.photosVisibility, so those
 * fields default here and both variants read the same.
 */
export const userSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  isVerified: z.boolean().default(false),
  /** 'pending' until verified in person ('verified'): lambdas/domain/verification.ts; the fields below say how and until when. */
  verificationLevel: z.string().default('pending'),
  /** What verified the member (vouches, an admin, being the founder); absent while pending. */
  verifiedVia: z.enum(['vouches', 'admin', 'founder']).optional(),
  verifiedAt: z.string().optional(),
  /** When a verification by vouches lapses unless renewed; absent when it does not lapse or the member is pending. */
  verifiedUntil: z.string().optional(),
  /** Counting vouches received (kept with the vouches in one transaction). */
  vouchCount: z.number().int().default(0),
  /** Until when the member may not vouch (two of their vouchees were removed as not real). */
  vouchingSuspendedUntil: z.string().optional(),
  createdAt: z.string(),
  lastActive: z.string(),
  bio: z.string().default(''),
  birthday: z.string().default(''),
  profilePicture: z.string().default(''),
  profileCompleted: z.boolean().default(false),
  graduationYear: z.number().int().nullable().default(null),
  major: z.string().default(''),
  isSuperuser: z.boolean().default(false),
  isAdmin: z.boolean().default(false),
  /**
   * The founding member, whose account anchors the invite tree: no removal takes them and they
   * cannot delete their own account. Set only by the data layer's markFounder, through
   * `npm run founder` on a deployed stage and the local cloud's seed, never by a callable.
   */
  isFounder: z.boolean().default(false),
  /**
   * When the member joined: their invite was consumed (the first profile save), or an operator
   * admitted them without one (the founder). Until then the account only finishes joining (see
   * lambdas/http/member-presence.ts); superusers and admins take part regardless.
   */
  joinedAt: z.string().nullable().default(null),
  /**
   * Sanctions (resolveReport): until when (ISO date-time) the member may read but not
   * write to the community, and the admin's note they are shown; a past end simply stops counting.
   * `invitesDisabled`: their code admits nobody new. Absent on members never sanctioned.
   */
  suspendedUntil: z.string().optional(),
  suspensionNote: z.string().optional(),
  invitesDisabled: z.boolean().optional(),
  /** Accepted anchors (max 100); kept with the edges in one transaction. Absent on older records. */
  anchorCount: z.number().int().default(0),
  inviteSystem: z.object({
    invitesRemaining: z.number().int(),
    invitesUsed: z.number().int().default(0),
    /**
     * Invites held for people who signed up with this member's code and have not joined yet. They
     * count against the 10 with the used ones; each lapses after 7 days unless it turns into a member.
     */
    invitesReserved: z.number().int().default(0),
    inviteCode: z.string(),
    localInvitesUsed: z.number().int().default(0),
    distantInvitesUsed: z.number().int().default(0),
    invitedBy: z.string().nullable().default(null),
    /** The code the account signed up with (Cognito custom:invite_code), until it is consumed. */
    pendingInviteCode: z.string().nullable().optional(),
    /** Set with invitedBy when the member's invite is consumed. */
    inviteType: inviteTypeSchema.optional(),
    /**
     * The place a local or distant invite was judged on; the first profile save must keep it, so
     * nobody can claim a nearby city to pass the invite's rule and then save another.
     */
    invitedFrom: z.object({ city: z.string(), state: z.string() }).optional(),
  }),
  location: z
    .object({
      city: z.string().default(''),
      state: z.string().default(''),
      country: z.string().default(DEFAULT_COUNTRY),
    })
    .prefault({}),
  privacy: z
    .object({
      profileVisibility: visibilitySchema.default('friends'),
      birthdayVisibility: visibilitySchema.default('friends'),
      photosVisibility: visibilitySchema.default('friends'),
      contactVisibility: visibilitySchema.default('friends'),
      phoneVisibility: visibilitySchema.default('friends'),
      emailVisibility: visibilitySchema.default('friends'),
    })
    .prefault({}),
  contactInfo: z
    .object({
      phoneNumber: z.string().default(''),
      personalEmail: z.string().default(''),
      isPhoneVisible: z.boolean().default(false),
      isEmailVisible: z.boolean().default(false),
    })
    .prefault({}),
  photos: z
    // id: the photo's name for deletePhoto (settings gallery); older entries lack it and go by url.
    .array(z.object({ id: z.string().optional(), url: z.string(), caption: z.string().default(''), uploadedAt: z.string() }))
    .default([]),
});

export type User = z.infer<typeof userSchema>;

type InviteHolder = Pick<User, 'isSuperuser' | 'isAdmin' | 'joinedAt'>;

/** A member takes part once they joined; superusers and admins always do. */
export function hasJoined(user: InviteHolder): boolean {
  return user.joinedAt !== null || user.isSuperuser || user.isAdmin;
}

/** Invites a member can still give: the remaining ones less those held for people on the way in. */
export function invitesLeft(inviteSystem: Pick<User['inviteSystem'], 'invitesRemaining' | 'invitesReserved'>): number {
  return Math.max(0, inviteSystem.invitesRemaining - inviteSystem.invitesReserved);
}
