import type { ModerationAction, ReportReason } from '#contracts/moderation';

/**
 * Vouchers are accountable, not cascading: only a member removed after a report that they are not
 * who they say (impersonation, or not a real person) strikes their vouchers and voids the vouches
 * they gave. Any other removal or an account deletion leaves every vouch to count until it lapses.
 */
const NOT_REAL_REASONS: ReadonlySet<ReportReason> = new Set(['impersonation', 'not-a-real-person']);

/** Whether resolving a report with this reason by this action holds the member's vouchers to account. */
export function holdsVouchersToAccount(reason: ReportReason, action: ModerationAction | null): boolean {
  return NOT_REAL_REASONS.has(reason) && (action === 'remove-member' || action === 'remove-member-and-tree');
}

/** What a vouch voided by accountability says of itself (`voidReason`): its voucher was removed as not real. */
export const VOUCHER_REMOVED_AS_NOT_REAL = 'voucher-removed-as-not-real';
