import * as z from 'zod';
import { DISTANT_INVITES_PER_MEMBER, inviteTypeSchema, LOCAL_INVITES_PER_MEMBER } from './user.ts';

/** An invite held for a newcomer lapses this long after their sign-up unless they join. */
export const RESERVATION_DAYS = 7;

/** The web's share link: step 1 of sign-up with the code filled in. */
export const SIGN_UP_PATH = '/auth/signup';
export function shareLinkOf(origin: string, inviteCode: string): string {
  return `${origin}${SIGN_UP_PATH}?code=${encodeURIComponent(inviteCode)}`;
}

export const INVITES_MESSAGES = {
  copied: 'Copied!',
  codeReplaced: 'Your invite code was replaced. The old code no longer admits anyone.',
  replaceFailed: 'Failed to replace your invite code. Please try again.',
  loadFailed: 'Failed to load your invites',
} as const;

/** Someone who signed up with the member's code: on the way in (pending) or a member (joined). */
export const inviteeSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('pending'),
    uid: z.string(),
    displayName: z.string(),
    signedUpAt: z.string(),
    /** When the held invite lapses and the unjoined account is deleted. */
    lapsesAt: z.string(),
  }),
  z.object({
    status: z.literal('joined'),
    uid: z.string(),
    displayName: z.string(),
    joinedAt: z.string(),
    inviteType: inviteTypeSchema,
  }),
]);
export type Invitee = z.infer<typeof inviteeSchema>;

const kindSchema = z.object({ used: z.number().int(), limit: z.number().int() });

export const myInvitesSchema = z.object({
  inviteCode: z.string(),
  /** Superusers: no quota (the counts below still say what was used). */
  unlimited: z.boolean(),
  local: kindSchema,
  distant: kindSchema,
  /** Invites held for people who signed up and have not joined yet. */
  pending: z.number().int(),
  /** What the code can still admit: the remaining invites less the pending ones; null when unlimited. */
  invitesLeft: z.number().int().nullable(),
  /** Pending first (soonest to lapse first), then joined, newest first. */
  invitees: z.array(inviteeSchema),
});
export type MyInvites = z.infer<typeof myInvitesSchema>;

export const INVITE_KIND_LIMITS = { local: LOCAL_INVITES_PER_MEMBER, distant: DISTANT_INVITES_PER_MEMBER } as const;

/** The member's own invites: the Invites page (/invites). */
export const invitesCallables = {
  getMyInvites: {
    access: 'member',
    readOnly: true,
    input: z.object({}).strict(),
    output: myInvitesSchema,
    description:
      "The caller's invite code, invites used by kind (local x / 5, distant y / 5; unlimited for superusers), pending reservations, and the people who used the code: pending (with the day their held invite lapses) or joined (when, local or distant).",
  },
  replaceInviteCode: {
    refusedWhileSuspended: true,
    access: 'member',
    input: z
      .object({
        /** The code the member sees now: a repeated click (or a second tab) replaces it once, not twice. */
        currentCode: z.string().trim().toUpperCase().length(8),
      })
      .strict(),
    output: z.object({ inviteCode: z.string() }),
    description:
      'Replaces a leaked invite code: from then on the new code admits and the old one admits nobody; invites held for verified accounts stand, and those held for accounts still unverified that signed up with an older code come back at once (those accounts cannot join and lapse within a day). Answers the current code when currentCode was already replaced, so a double-click replaces once.',
  },
} as const;
