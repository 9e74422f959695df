import { accountabilityAfterStrike } from '#domain/verification';
import { keys, tableName, transact } from '#data/table';
import { getVerificationRecord } from './verification-records.ts';

/** Tries when the voucher's record changed between the read and the write (each try reads again). */
const STRIKE_TRIES = 5;

export type StrikeOutcome = 'struck' | 'already-struck' | 'voucher-gone';

/**
 * A strike on `voucherUid` for vouching for `subjectUid`, who is being removed as not real: the
 * strike joins the voucher's `vouchStrikes` (those older than the window drop out), and two within
 * the window set `vouchingSuspendedUntil` (never earlier than a suspension already there). One
 * transaction with a mark on the vouch received (`struckAt`, on the subject's side, which the
 * subject's removal deletes), so a repeat strikes nothing twice; the record write is conditioned on
 * its vouchVersion, like every verification write, so two strikes at once both count.
 */
export async function strikeVoucher(subjectUid: string, voucherUid: string, now: Date): Promise<StrikeOutcome> {
  for (let attempt = 1; ; attempt++) {
    const voucher = await getVerificationRecord(voucherUid);
    if (!voucher) return 'voucher-gone';
    const { strikes, vouchingSuspendedUntil } = accountabilityAfterStrike(voucher.vouchStrikes, now);
    const suspendedUntil =
      vouchingSuspendedUntil !== null && (voucher.vouchingSuspendedUntil === null || voucher.vouchingSuspendedUntil < vouchingSuspendedUntil)
        ? vouchingSuspendedUntil
        : null;
    const outcome = await transact([
      {
        name: 'mark',
        Update: {
          TableName: tableName(),
          Key: keys.vouchReceived(subjectUid, voucherUid),
          UpdateExpression: 'SET struckAt = :now',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(struckAt)',
          ExpressionAttributeValues: { ':now': now.toISOString() },
        },
      },
      {
        name: 'record',
        Update: {
          TableName: tableName(),
          Key: keys.user(voucherUid),
          UpdateExpression: `SET vouchStrikes = :strikes, vouchVersion = :next${suspendedUntil ? ', vouchingSuspendedUntil = :until' : ''}`,
          ConditionExpression: `attribute_exists(pk) AND ${voucher.vouchVersion === null ? 'attribute_not_exists(vouchVersion)' : 'vouchVersion = :read'}`,
          ExpressionAttributeValues: {
            ':strikes': strikes,
            ':next': (voucher.vouchVersion ?? 0) + 1,
            ...(suspendedUntil && { ':until': suspendedUntil }),
            ...(voucher.vouchVersion !== null && { ':read': voucher.vouchVersion }),
          },
        },
      },
    ]);
    if (outcome.ok) return 'struck';
    if (outcome.failed.includes('mark')) return 'already-struck';
    if (attempt >= STRIKE_TRIES) throw new Error(`The record of ${voucherUid} kept changing while a strike was being written`);
  }
}
