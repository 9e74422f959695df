import * as z from 'zod';
import { INVITE_CODE_LENGTH, inviteTypeSchema, userSchema } from './user.ts';
import { formatCityState } from './location.ts';
import { pictureContentTypeSchema, picturePurposeSchema, profileSetupSchema } from './profile.ts';

/** Step 1's rule (spec §5): exactly 8 characters, upper-cased as typed. */
export const INVITE_CODE_LENGTH_MESSAGE = 'Invite codes are 8 characters long';
export const inviteCodeSchema = z.string().trim().toUpperCase().length(INVITE_CODE_LENGTH, INVITE_CODE_LENGTH_MESSAGE);

/** Messages the invite callables answer with (spec §8 shows those starting 'This is a' as is). */
export const INVITE_MESSAGES = {
  invalidCode: 'Invalid invite code',
  noInvitesLeft: 'This invite code has no invites remaining',
  /** The spec's sentence (the web's fallback); the server's refusals below add the reason to it. */
  locationMismatch: 'Your location does not match the invite code requirements',
  tooFar: "Your location does not match the invite code requirements: your city is more than 50 miles from your inviter's city",
  unknownCity: 'Your location does not match the invite code requirements: your city is not one we know in that state, so we cannot tell how far it is',
  inviterUnlocatable:
    "Your location does not match the invite code requirements: your inviter's city is not one we know, so their code admits only people in that same city",
  localQuotaSpent: 'This is a local invite, and all 5 local invites of this code have been used',
  distantQuotaSpent: 'This is a distant invite, and all 5 distant invites of this code have been used',
  ownCode: 'You cannot use your own invite code',
  alreadyInvited: 'Your invite has already been used for your account',
  locationNeeded: 'Please enter your city and state to use your invite code',
  rateLimited: 'Too many unknown invite codes were tried from your network. Please try again later.',
  /** PreSignUp without a valid ticket from validateInviteCode (or one for another code, or expired). */
  ticketNeeded: 'Please check your invite code again before creating your account',
  codeReplaced: 'This invite code was replaced by its owner. Please ask them for their new code.',
  notJoinedInviter: 'This invite code cannot be used until its owner has joined',
  otherInviter: "You signed up with another member's invite code. Please use that code.",
  reservationLapsed: 'The invite held for you has lapsed. Please ask for a new invite.',
  /** PreSignUp: a member's code already holds 4 invites for accounts whose email is not verified. */
  tooManyUnverified: 'Four people who signed up with this invite code have not verified their email yet. Please try again once one of them has.',
  /** PreSignUp: a superuser's code admitted its sign-ups for today. */
  dailySignUpsSpent: 'This invite code has admitted as many sign-ups as it can today. Please try again tomorrow.',
  /** useInviteCode: the inviter replaced the code before this account's email was verified, which released its hold. */
  holdReleased:
    'Your inviter replaced their invite code before your email was verified, so this account cannot join. It is deleted within a day; then please sign up again with their new code.',
} as const;

/**
 * completeProfile's refusal when the first save names another place than the one the invite was
 * judged on (inviteSystem.invitedFrom): the spec's sentence, the reason and what to do.
 */
export function placeBoundMessage(place: { city: string; state: string }): string {
  return `${INVITE_MESSAGES.locationMismatch}: your invite was used for ${formatCityState(place.city, place.state)}. Please save that city and state now; you can change them later in Settings.`;
}

/**
 * Where the newcomer lives. validateInviteCode takes 'Unknown' for both at registration (then it
 * only checks that the code exists and has an invite left).
 */
export const userLocationSchema = z
  .object({
    city: z.string().trim().min(1, 'City is required').max(100),
    state: z.string().trim().min(1, 'State is required').max(60),
  })
  .strict();

export { inviteTypeSchema, type InviteType } from './user.ts';

/** Presigned POST: the browser sends `fields` then the file (as `file`, last) to `url`. */
export const pictureUploadSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  maxBytes: z.number().int(),
  expiresAt: z.string(),
});

/**
 * The joining callables. In every User returned, `profilePicture` is a plain URL of the picture's
 * own version (`{origin}/pictures/{uid}/{version}.{ext}`, no signature), never the storage key.
 */
export const joiningCallables = {
  validateInviteCode: {
    presence: 'joining',
    access: 'public',
    input: z.object({ inviteCode: inviteCodeSchema, userLocation: userLocationSchema }).strict(),
    output: z.object({
      inviterName: z.string(),
      /** "City, State" of the inviter, nothing more. */
      inviterLocation: z.string(),
      /** null while the location is 'Unknown' (registration), else what the code would count as. */
      inviteType: inviteTypeSchema.nullable(),
      /**
       * How many more newcomers the code admits of each kind (local: the inviter's city and state;
       * distant: another city within 50 miles of it); null for a superuser's code (no limit).
       */
      invitesLeft: z.object({ local: z.number().int().nonnegative(), distant: z.number().int().nonnegative() }).nullable(),
      /**
       * Proof for Cognito's PreSignUp that this code was checked here moments ago: sign-up sends it
       * in clientMetadata (or validationData) as `signUpTicket`. Short-lived; check again for a new one.
       */
      signUpTicket: z.string(),
    }),
    description:
      'Checks an invite code (and, unless city and state are Unknown, the location rule) without consuming it, and issues the short-lived sign-up ticket PreSignUp requires. Only checks of an unknown code spend the per-client budget (10 an hour; once spent, every check from that client is refused with 429 and Retry-After until the window passes).',
  },
  useInviteCode: {
    presence: 'joining',
    access: 'member',
    input: z
      .object({
        /** Defaults to the code the account signed up with (user.inviteSystem.pendingInviteCode). */
        inviteCode: inviteCodeSchema.optional(),
        /** Defaults to the location on the member's record. */
        userLocation: userLocationSchema.optional(),
      })
      .strict(),
    output: z.object({
      invitedBy: z.string(),
      inviteType: inviteTypeSchema,
      /** true when this member's invite had already been consumed (a repeated call counts nothing). */
      alreadyConsumed: z.boolean(),
    }),
    description:
      'Turns the invite held for the caller at sign-up into a used one (or uses a free invite of the code for an account made without a reservation), atomically and once, deciding local or distant by the place; sets joinedAt. A repeat answers alreadyConsumed and counts nothing.',
  },
  suggestCities: {
    presence: 'joining',
    access: 'member',
    readOnly: true,
    input: z.object({ query: z.string().trim().min(1).max(60), state: z.string().trim().max(60).optional() }).strict(),
    output: z.object({ cities: z.array(z.object({ city: z.string(), state: z.string() })).max(10) }),
    description: 'Up to 10 known US cities starting with the query (optionally in one state), for suggestions as the member types.',
  },
  createUserRecord: {
    presence: 'before-record',
    access: 'member',
    input: z.object({}).strict(),
    output: userSchema,
    description:
      "Creates the caller's user record once from their Cognito account (email, name, and custom:invite_code kept as pendingInviteCode) with every default; returns the existing record if there is one. When Cognito no longer has the account: 401 'Your account no longer exists. Please sign in again.' (a record is never recreated for it).",
  },
  completeProfile: {
    refusedWhileSuspended: true,
    presence: 'joining',
    access: 'member',
    input: profileSetupSchema,
    output: userSchema,
    description:
      "Saves the profile setup and sets profileCompleted; needs a confirmed picture and a consumed invite (except for superusers and admins), both conditions of the write. The first save must keep the place the local or distant invite was judged on (inviteSystem.invitedFrom). Once the profile is completed, a new display name spends the 'renames' budget (10 a day).",
  },
  createProfilePictureUpload: {
    refusedWhileSuspended: true,
    presence: 'joining',
    budget: 'uploads',
    access: 'member',
    input: z.object({ contentType: pictureContentTypeSchema, purpose: picturePurposeSchema }).strict(),
    output: pictureUploadSchema,
    description:
      "A presigned POST for the member's staging key (uploads/{uid}/…, expired by S3 after a day unless confirmed): JPEG, PNG, WebP or GIF only, at most 5 MB (10 MB with purpose 'settings'), valid 5 minutes; any other type is refused (400). Then call confirmProfilePicture with the same purpose.",
  },
  confirmProfilePicture: {
    refusedWhileSuspended: true,
    presence: 'joining',
    access: 'member',
    /** The same purpose as the upload's: its size limit is checked again here. */
    input: z.object({ purpose: picturePurposeSchema }).strict(),
    output: userSchema,
    description:
      'Checks the upload (size for its purpose, real image type by its bytes); a bad file is deleted and refused (400) and the previous picture stays; a good one is copied to a new key of its own version (pictures/{uid}/{version}.{ext}) and becomes profilePicture, and the previous picture is deleted, so its URL stops working. A confirmation whose upload a doubled one already used answers 404 "No uploaded picture was found. Please upload it again."',
  },
} as const;
