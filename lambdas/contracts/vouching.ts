import * as z from 'zod';
import { actionReasonSchema } from './admin.ts';
import { memberSummarySchema, userIdSchema } from './anchors.ts';

/**
 * Verification in person: a member is verified when two members verified in person vouch that
 * they met them, at least one of them not their inviter (lambdas/domain/verification.ts holds the
 * rule). A vouch is a meeting: the subject shows a code that lives one minute, the voucher scans
 * or types it, sees who it names, and confirms.
 */

/** How long one vouch code (its nonce and its six-character fallback) can be previewed and redeemed. */
export const VOUCH_CODE_SECONDS = 60;
/** The fallback code's length and alphabet: no 0/O or 1/I/L to misread when typed. */
export const VOUCH_SHORT_CODE_LENGTH = 6;
export const VOUCH_SHORT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A nonce: 128 random bits, base64url (22 characters). */
export const VOUCH_NONCE = /^[A-Za-z0-9_-]{22}$/;
/** The page a vouch code's QR points at, with the nonce in the fragment (never sent to a server log). */
export const VOUCH_PATH = '/vouch';
/** What a QR code holds: the vouch page's URL with the nonce, so a phone's own camera app opens the app on it too. */
export function vouchLinkOf(origin: string, nonce: string): string {
  return `${origin}${VOUCH_PATH}#${nonce}`;
}

/** Vouches a member verified in person needs to be verified. */
export const VOUCHES_TO_VERIFY = 2;
/** A vouch counts this many months from the meeting. */
export const VOUCH_MONTHS = 12;
/** A member whose verification would lapse is told this many days before. */
export const LAPSE_NOTICE_DAYS = 30;
/** Vouches a member may give in a calendar month (UTC). */
export const VOUCHES_PER_MONTH = 10;
/** A voucher two of whose vouchees were removed as not real within this many months loses the right to vouch... */
export const ACCOUNTABILITY_WINDOW_MONTHS = 12;
export const STRIKES_TO_LOSE_VOUCHING = 2;
/** ...for this many months. */
export const VOUCHING_BAN_MONTHS = 12;

/** The sentence a voucher confirms, with the subject's name. */
export function vouchStatementOf(name: string): string {
  return `I met ${name} in person today and I know them to be who they say`;
}

/** The rule in one sentence, as the profile's "Get verified" card says it. */
export const VERIFICATION_RULE =
  'Two members verified in person vouch that they met you face to face, at least one of them not the member who invited you; each vouch lasts 12 months.';

export const VOUCH_MESSAGES = {
  codeNotFound: 'This code is not valid. Ask them to show you a fresh code.',
  codeExpired: 'This code has expired. Ask them to show you a fresh code.',
  codeUsed: 'This code was already used. Ask them to show you a fresh code.',
  ownCode: 'You cannot vouch for yourself.',
  voucherNotVerified: 'Only members verified in person can vouch for others. Get verified first.',
  cannotVouchForMember: 'You cannot vouch for this member.',
  subjectGone: 'This member is no longer in the community.',
  subjectNotJoined: 'This member has not joined the community yet.',
  /** With the first day of next month (UTC), e.g. "December 1, 2026". */
  monthlyLimit: (nextMonth: string) =>
    `You have given ${VOUCHES_PER_MONTH} vouches this month, the most a member may give. You can vouch again on ${nextMonth}.`,
  /** With the day the right comes back. */
  vouchingSuspended: (until: string) => `You cannot vouch for anyone until ${until}: two members you vouched for were removed as not being who they said.`,
  vouched: (name: string) => `You vouched for ${name}.`,
  vouchNotFound: 'Vouch not found',
  withdrawn: 'Vouch withdrawn.',
  oneCodeForm: 'Give either the nonce or the code.',
  alreadyVerified: 'This member is already verified in person.',
  notVerified: 'This member is not verified in person.',
  founderStaysVerified: 'The founder stays verified in person.',
  memberVerified: 'Member verified in person.',
  verificationRevoked: 'Verification revoked.',
} as const;

export const verificationLevelSchema = z.enum(['pending', 'verified']);
export type VerificationLevel = z.infer<typeof verificationLevelSchema>;
/** What made a member verified: two vouches, an admin (with a reason, audited), or being the founder. */
export const verifiedViaSchema = z.enum(['vouches', 'admin', 'founder']);
export type VerifiedVia = z.infer<typeof verifiedViaSchema>;

/** A member's own verification as they see it. */
export const verificationStatusSchema = z.object({
  level: verificationLevelSchema,
  via: verifiedViaSchema.nullable(),
  verifiedAt: z.string().nullable(),
  /** When it lapses unless renewed (the second-latest counting vouch's lapse); null: it does not lapse (admin, founder) or not verified. */
  verifiedUntil: z.string().nullable(),
  /** Unexpired vouches that count (never counting a voucher twice). */
  countingVouches: z.number().int(),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/**
 * A vouch as one of its two members sees it. counting: unexpired and not withdrawn or void;
 * lapsed: past its 12 months; withdrawn: by the voucher; void: the voucher was removed as not real.
 */
export const vouchStateSchema = z.enum(['counting', 'lapsed', 'withdrawn', 'void']);
export type VouchState = z.infer<typeof vouchStateSchema>;

const vouchPartySchema = memberSummarySchema.extend({
  /** The member's account is gone: 'A former member', no picture. */
  removed: z.boolean(),
});

export const vouchSchema = z.object({
  voucher: vouchPartySchema,
  subject: vouchPartySchema,
  vouchedAt: z.string(),
  lapsesAt: z.string(),
  state: vouchStateSchema,
  /** The voucher is the subject's inviter (their vouch alone, or with another inviter-less one, is the rule's business). */
  byInviter: z.boolean(),
});
export type Vouch = z.infer<typeof vouchSchema>;

/** Either form of a vouch code: the QR's nonce or the typed six characters. */
const vouchCodeInputSchema = z
  .object({
    nonce: z.string().trim().regex(VOUCH_NONCE, VOUCH_MESSAGES.codeNotFound).optional(),
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(new RegExp(`^[${VOUCH_SHORT_CODE_ALPHABET}]{${VOUCH_SHORT_CODE_LENGTH}}$`), VOUCH_MESSAGES.codeNotFound)
      .optional(),
  })
  .strict()
  .refine((input) => (input.nonce === undefined) !== (input.code === undefined), VOUCH_MESSAGES.oneCodeForm);

export const unverifiedMemberSchema = memberSummarySchema.extend({
  joinedAt: z.string(),
  /** Counting vouches so far (fewer than two, or two that the rule does not accept). */
  vouchCount: z.number().int(),
});
export type UnverifiedMember = z.infer<typeof unverifiedMemberSchema>;
export const UNVERIFIED_PAGE_SIZE = 50;
/** A page's cursor: the last member's place in the queue, `<joinedAt>#<uid>`. */
export const UNVERIFIED_CURSOR = /^[0-9T:.+Z-]{10,40}#[A-Za-z0-9_-]{1,128}$/;

export const vouchingCallables = {
  createVouchCode: {
    access: 'member',
    budget: 'vouchCodes',
    input: z.object({}).strict(),
    output: z.object({
      /** 128 random bits, base64url: what the QR code carries (in vouchLinkOf's URL). */
      nonce: z.string(),
      /** The six-character fallback to type where no camera works. */
      code: z.string(),
      validUntil: z.string(),
      validForSeconds: z.number().int(),
    }),
    description: `A fresh vouch code for the caller to show a member who met them: a one-time nonce (128 bits, for the QR code) and a six-character fallback, both good for ${VOUCH_CODE_SECONDS} seconds and for one vouch. Earlier codes stay good until their own minute ends (two open pages each show a working code). Spends the 'vouchCodes' budget (60 an hour: the page shows a new code each minute for 10 minutes, then asks).`,
  },
  previewVouchCode: {
    access: 'member',
    readOnly: true,
    budget: 'vouchChecks',
    input: vouchCodeInputSchema,
    output: z.object({
      subject: memberSummarySchema,
      validUntil: z.string(),
      /** The caller already has a counting vouch for this member: confirming renews it for 12 months. */
      renews: z.boolean(),
    }),
    description: `Who a vouch code names (name and picture), for the voucher to check before confirming, and until when the code is good. Refused with a sentence for a code not found, expired or used, the caller's own code, a caller not verified in person, past their monthly limit or without the right to vouch, and a member either has blocked (nothing is written). Spends the 'vouchChecks' budget (60 an hour), which bounds guessing typed codes.`,
  },
  vouchFor: {
    access: 'member',
    refusedWhileSuspended: true,
    budget: 'vouchChecks',
    input: vouchCodeInputSchema,
    output: z.object({ subject: memberSummarySchema, subjectVerified: z.boolean(), lapsesAt: z.string() }),
    description: `The caller confirms "I met <name> in person today and I know them to be who they say": redeems the code once, within its minute, and vouches for its member for ${VOUCH_MONTHS} months (a vouch that still counts is renewed). The code, the vouch, the caller's monthly count (${VOUCHES_PER_MONTH} a calendar month, UTC) and the member's verification move in one transaction: two vouchers redeeming one code at once, one wins. The same voucher confirming a code they already redeemed (a double click) gets the same answer again, counted once. The same refusals as previewVouchCode, each a sentence with nothing written.`,
  },
  listMyVouches: {
    access: 'member',
    readOnly: true,
    input: z.object({}).strict(),
    output: z.object({
      status: verificationStatusSchema,
      /** Newest first. */
      received: z.array(vouchSchema),
      given: z.array(vouchSchema),
      /** Vouches the caller may still give this month; 0 when they may not vouch. */
      vouchesLeftThisMonth: z.number().int(),
      /** Why the caller may not vouch now (not verified, the monthly limit, the right lost), or null. */
      cannotVouchReason: z.string().nullable(),
    }),
    description:
      "The caller's verification and their vouches, received and given (newest first, lapsed, withdrawn and void ones kept as history). Who vouched for whom is visible only to the two members and to admins.",
  },
  withdrawVouch: {
    access: 'member',
    input: z.object({ userId: userIdSchema }).strict(),
    output: z.object({ withdrawn: z.literal(true) }),
    description:
      "The caller withdraws the vouch they gave a member: it stops counting at once and the member's verification is checked again against the rule (it may go back to pending). Withdrawing one already withdrawn answers success; 'Vouch not found' (404) for none.",
  },
  verifyMember: {
    access: 'admin',
    input: z.object({ userId: userIdSchema, reason: actionReasonSchema }).strict(),
    output: z.object({ level: verificationLevelSchema }),
    description:
      "Admin: verifies a member in person directly, with a reason, into the audit log (how a new community's first vouchers are verified). It does not lapse; revokeVerification undoes it. 'This member is already verified in person.' (409); 'User not found' (404) for a member who is gone or has not joined.",
  },
  revokeVerification: {
    access: 'admin',
    input: z.object({ userId: userIdSchema, reason: actionReasonSchema }).strict(),
    output: z.object({ level: verificationLevelSchema }),
    description:
      "Admin: revokes a member's verification, with a reason, into the audit log: the member goes back to pending and their vouches received are withdrawn (history stays); the members they vouched for keep their vouches. 'This member is not verified in person.' (409); 403 for the founder.",
  },
  listUnverifiedMembers: {
    access: 'admin',
    readOnly: true,
    input: z.object({ cursor: z.string().regex(UNVERIFIED_CURSOR, 'Invalid cursor').optional() }).strict(),
    output: z.object({ members: z.array(unverifiedMemberSchema), nextCursor: z.string().nullable() }),
    description: `Admin: joined members not yet verified in person, oldest joined first, ${UNVERIFIED_PAGE_SIZE} a page, each with their counting vouches.`,
  },
} as const;
