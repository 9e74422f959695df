import { VOUCHER_REMOVED_AS_NOT_REAL } from '#domain/vouch-accountability';
import { listVouchesGiven, listVouchesReceived, setVouchState, strikeVoucher } from '#data/vouching';
import { recheckVerification } from './verification.ts';

/**
 * Accountability for a member about to be removed as not real (a report of impersonation or of not
 * being a real person, resolved by removing them or their tree; domain/vouch-accountability.ts),
 * run before their removal deletes their partition: each voucher whose vouch still stood gets a
 * strike (two within a year and they lose the right to vouch for a year), and each vouch the member
 * gave that still stood becomes void on both sides, its subject's verification checked again. Only
 * this member: the rest of a tree removed with them is not held to account. Safe to repeat: a
 * strike is marked on the vouch it came from, and a void vouch stays void (its subject is checked
 * again, which changes nothing the second time). The notifications (vouchee-removed,
 * vouching-suspended, voucher-removed, and lapsed where the check demotes) follow from these writes
 * on the table's stream.
 */
export async function holdVouchersToAccount(removedUid: string, now: Date): Promise<void> {
  const [received, given] = await Promise.all([listVouchesReceived(removedUid), listVouchesGiven(removedUid)]);
  for (const vouch of received) {
    if (vouch.state === 'active') await strikeVoucher(removedUid, vouch.voucherUid, now);
  }
  for (const vouch of given) {
    const voidedHere = vouch.state === 'void' && vouch.voidReason === VOUCHER_REMOVED_AS_NOT_REAL;
    if (vouch.state !== 'active' && !voidedHere) continue;
    if (vouch.state === 'active') await setVouchState(vouch.subjectUid, removedUid, 'void', VOUCHER_REMOVED_AS_NOT_REAL, now);
    await recheckVerification(vouch.subjectUid, now);
  }
}
