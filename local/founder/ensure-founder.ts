import { tableName } from '#data/table';
import { ensureFounderAccount, type FounderPool } from './founder-account.ts';
import { ensureFounderRecord, findFounder, type FounderProfile } from './founder-record.ts';

/**
 * Where a founder is made: the stage's user pool (an admin client and its id) and its table. The
 * table is reached through the data layer, which writes to TABLE_NAME as every function does; the
 * caller sets that environment (local/founder/stage-targets.ts, or the local cloud's own).
 */
export interface FounderTargets extends FounderPool {
  tableName: string;
}

export interface FounderRequest {
  email: string;
  /** The record's display name (the founder can change it in Settings). */
  displayName: string;
  /** The password a new account gets (default: generated). */
  newPassword?: string;
  /** Set `newPassword` on an existing account too (the local seed, when founder.json is lost). */
  resetPassword?: boolean;
  /** A profile for a new record (the local seed's demo profile and picture); none on a deployed stage. */
  profile?: (uid: string) => Promise<FounderProfile>;
}

export interface FounderOutcome {
  email: string;
  userId: string;
  inviteCode: string;
  /** The password this run set (a new account, or one nobody could sign in to), else null: it is unchanged. */
  passwordSet: string | null;
  /** What this run changed, in words; empty when the founder was complete already. */
  changes: string[];
}

/** A stage has one founder: a second email is refused with this error, which names the first. */
export class OtherFounderError extends Error {
  constructor(readonly founderEmail: string) {
    super(`This stage has a founder already, ${founderEmail}. Run again with --email ${founderEmail} to repair them; a stage has one founder.`);
    this.name = 'OtherFounderError';
  }
}

/**
 * Creates or repairs the founding member, the first admin and superuser: a Cognito account in the
 * `admin` group with a password someone knows, and a member record marked isFounder, isAdmin and
 * isSuperuser with its invite code. Both the local cloud's seed and `npm run founder` (any stage)
 * run this. Idempotent: a second run finds both halves complete, writes nothing and answers the same
 * uid and invite code; a run that stopped half-way is finished. Another founder on the stage is refused.
 */
export async function ensureFounder(targets: FounderTargets, request: FounderRequest): Promise<FounderOutcome> {
  if (tableName() !== targets.tableName) throw new Error(`The data layer writes to ${tableName()}, not to the target table ${targets.tableName}`);
  const email = request.email.trim().toLowerCase();
  // Checked before anything is written, so a mistyped email leaves no half-made account behind.
  const founder = await findFounder();
  if (founder && founder.email.toLowerCase() !== email) throw new OtherFounderError(founder.email);

  const account = await ensureFounderAccount(targets, { email, newPassword: request.newPassword, resetPassword: request.resetPassword });
  if (founder && founder.uid !== account.sub) {
    throw new Error(`The founder's record (${founder.uid}) belongs to another Cognito account than ${email}'s (${account.sub}); a stage has one founder.`);
  }
  const record = await ensureFounderRecord({ uid: account.sub, email, displayName: request.displayName, profile: request.profile });
  return { email, userId: account.sub, inviteCode: record.inviteCode, passwordSet: account.passwordSet, changes: [...account.changes, ...record.changes] };
}
