import { ADMIN_MESSAGES } from '#contracts/admin';
import type { User } from '#contracts/user';
import { VOUCH_MESSAGES, type VerificationLevel } from '#contracts/vouching';
import { AppError } from '#domain/app-error';
import { vouchStateOf } from '#domain/verification';
import { auditEntryPut, getUser, type AdminAction } from '#data/members';
import { listUnverifiedRecords, listVouchesReceived, vouchStateItems, type VerificationRecord } from '#data/vouching';
import type { Caller } from '#http/caller';
import { writeVerification } from '#workflows/verification';

/**
 * An admin verifies a member directly (how a new community's first vouchers are verified) or
 * revokes a verification: the record and its audit entry in one transaction with the recompute.
 * A revocation demotes only that member: the vouches they gave keep counting for their subjects.
 */

function auditItem(action: AdminAction, caller: Caller, actor: User | null, target: VerificationRecord, reason: string, now: Date) {
  const { put } = auditEntryPut(
    { action, actorId: caller.uid, actorName: actor?.displayName || caller.username, targetId: target.uid, targetName: target.displayName, reason },
    now,
  );
  return { name: 'audit' as const, Put: put };
}

/** A member who is gone or has not joined is not found, as other admin actions say. */
function requireJoined(record: VerificationRecord): void {
  if (record.joinedAt === null && !record.isFounder) throw new AppError('not-found', ADMIN_MESSAGES.userNotFound);
}

export async function verifyMember(caller: Caller, userId: string, reason: string, now: Date): Promise<{ level: VerificationLevel }> {
  const actor = await getUser(caller.uid);
  const outcome = await writeVerification(userId, now, (record) => {
    requireJoined(record);
    if (record.verificationLevel === 'verified') throw new AppError('aborted', VOUCH_MESSAGES.alreadyVerified);
    return { verifiedByAdmin: true, items: [auditItem('verifyMember', caller, actor, record, reason, now)] };
  });
  if (!outcome.ok) throw new AppError('not-found', ADMIN_MESSAGES.userNotFound);
  return { level: outcome.after.level };
}

/**
 * The member goes back to pending: verifiedByAdmin cleared and their vouches received that count
 * withdrawn (kept as history), or the rule would verify them again at once.
 */
export async function revokeVerification(caller: Caller, userId: string, reason: string, now: Date): Promise<{ level: VerificationLevel }> {
  const actor = await getUser(caller.uid);
  const outcome = await writeVerification(userId, now, async (record, stored) => {
    requireJoined(record);
    if (record.isFounder) throw new AppError('permission-denied', VOUCH_MESSAGES.founderStaysVerified);
    if (record.verificationLevel !== 'verified') throw new AppError('aborted', VOUCH_MESSAGES.notVerified);
    const counting = stored.filter((vouch) => vouchStateOf(vouch, now) === 'counting');
    return {
      verifiedByAdmin: false,
      vouches: stored.map((vouch) => (counting.includes(vouch) ? { ...vouch, state: 'withdrawn' as const } : vouch)),
      items: [
        auditItem('revokeVerification', caller, actor, record, reason, now),
        ...(await Promise.all(counting.map((vouch) => vouchStateItems('vouch', vouch, 'withdrawn', now)))).flat(),
      ],
    };
  });
  if (!outcome.ok) throw new AppError('not-found', ADMIN_MESSAGES.userNotFound);
  return { level: outcome.after.level };
}

/** Joined members not yet verified in person, oldest joined first, with their counting vouches. */
export async function listUnverifiedMembers(
  cursor: string | undefined,
  now: Date,
): Promise<{ members: { user: User; vouchCount: number }[]; nextCursor: string | null }> {
  const page = await listUnverifiedRecords(cursor);
  const members = await Promise.all(
    page.members.map(async (user) => ({
      user,
      vouchCount: (await listVouchesReceived(user.uid)).filter((vouch) => vouchStateOf(vouch, now) === 'counting').length,
    })),
  );
  return { members, nextCursor: page.nextCursor };
}
