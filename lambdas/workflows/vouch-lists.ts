import type { CallableOutput } from '#contracts/callables';
import { VOUCHES_PER_MONTH } from '#contracts/vouching';
import { AppError } from '#domain/app-error';
import { vouchesLeftThisMonth, vouchStateOf } from '#domain/verification';
import { monthlyLimitError, voucherRefusal } from '#domain/vouch-refusals';
import { getUsers } from '#data/graph';
import { getVerificationRecord, listVouchesGiven, listVouchesReceived, vouchesGivenThisMonth, type StoredVouch } from '#data/vouching';
import { presentVouch } from '#presenters/present-vouch';

const newestFirst = (a: StoredVouch, b: StoredVouch) => b.vouchedAt.localeCompare(a.vouchedAt);

/**
 * The caller's own verification and vouches, received and given: who vouched for whom reaches only
 * the two members (and admins), so this reads the caller's partition and nobody else's vouches.
 */
export async function listMyVouches(uid: string, now: Date): Promise<CallableOutput<'listMyVouches'>> {
  const [record, received, given, givenThisMonth] = await Promise.all([
    getVerificationRecord(uid),
    listVouchesReceived(uid),
    listVouchesGiven(uid),
    vouchesGivenThisMonth(uid, now),
  ]);
  if (!record) throw new AppError('not-found', 'User not found');
  const users = await getUsers([uid, ...received.map((vouch) => vouch.voucherUid), ...given.map((vouch) => vouch.subjectUid)]);
  const refusal = voucherRefusal(record, now)?.message ?? (givenThisMonth >= VOUCHES_PER_MONTH ? monthlyLimitError(now).message : null);
  const verified = record.verificationLevel === 'verified';
  return {
    status: {
      level: verified ? 'verified' : 'pending',
      via: verified ? record.verifiedVia : null,
      verifiedAt: verified ? record.verifiedAt : null,
      verifiedUntil: verified ? record.verifiedUntil : null,
      countingVouches: new Set(received.filter((vouch) => vouchStateOf(vouch, now) === 'counting').map((vouch) => vouch.voucherUid)).size,
    },
    received: received.sort(newestFirst).map((vouch) => presentVouch(vouch, users, now)),
    given: given.sort(newestFirst).map((vouch) => presentVouch(vouch, users, now)),
    vouchesLeftThisMonth: refusal === null ? vouchesLeftThisMonth(givenThisMonth) : 0,
    cannotVouchReason: refusal,
  };
}
