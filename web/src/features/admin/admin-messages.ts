import { ADMIN_MESSAGES } from '#contracts/admin';
import type { CallableOutput } from '#contracts/callables';
import { REMOVAL_MESSAGES } from '#contracts/removal';
import { isApiError } from '../../lib/api-client.ts';

/** What the admin panel says (spec §2, §5, §8), in one place. */
export const ADMIN_UI = {
  accessDenied: ADMIN_MESSAGES.accessDenied,
  granted: ADMIN_MESSAGES.granted,
  revoked: ADMIN_MESSAGES.revoked,
  grantFailed: ADMIN_MESSAGES.grantFailed,
  revokeFailed: ADMIN_MESSAGES.revokeFailed,
  setAdminClaimFailed: ADMIN_MESSAGES.setAdminClaimFailed,
  reasonRequired: REMOVAL_MESSAGES.reasonRequired,
  treeFailed: REMOVAL_MESSAGES.treeFailed,
  removeFailed: REMOVAL_MESSAGES.removeFailed,
  removedWithErrors: 'User removed with some errors:',
  searchFailed: 'Failed to search members',
  adminGranted: ADMIN_MESSAGES.adminGranted,
  adminRevoked: ADMIN_MESSAGES.adminRevoked,
  alreadySuperuser: ADMIN_MESSAGES.alreadySuperuser,
  notSuperuser: ADMIN_MESSAGES.notSuperuser,
  alreadyAdmin: ADMIN_MESSAGES.alreadyAdmin,
  notAdmin: ADMIN_MESSAGES.notAdmin,
  adminGrantFailed: 'Failed to grant the admin role',
  adminRevokeFailed: 'Failed to revoke the admin role',
} as const;

export function removedMessage(count: number): string {
  return `Successfully removed ${count} users from the platform`;
}

/**
 * A spec message followed by the server's own sentence when it refused for a reason the admin can
 * act on (e.g. 'User not found'); the bare spec message otherwise.
 */
export function failureMessage(base: string, error: unknown): string {
  const reasons = new Set(['invalid-argument', 'permission-denied', 'not-found', 'aborted']);
  return isApiError(error) && reasons.has(error.status) && error.message ? `${base}: ${error.message}` : base;
}

/**
 * Why Make Me Admin failed: the server's own sentence when it refused (403, e.g. a deployed dev
 * stage whose devAdminEmails list does not name the member), the spec's message otherwise.
 */
export function makeMeAdminFailure(error: unknown): string {
  return isApiError(error) && error.status === 'permission-denied' && error.message ? error.message : ADMIN_UI.setAdminClaimFailed;
}

export type RemovalResult = CallableOutput<'removeUserAndInviteTree'>;

export interface RemovalOutcome {
  color: 'teal' | 'orange' | 'blue';
  /** The headline: the spec's success sentence, or 'User removed with some errors:'. */
  headline: string;
  errors: string[];
  /** Set while members of the tree are left: whether the background has them, and how many. */
  continuing: string | null;
  /** The button that asks again: it reports progress and carries the removal on. */
  askAgain: 'Refresh progress' | 'Continue removal';
}

function members(count: number): string {
  return `${count} ${count === 1 ? 'member is' : 'members are'}`;
}

/** How a removal's answer is shown (spec §8), including one that continues in the background. */
export function removalOutcome(result: RemovalResult): RemovalOutcome {
  // Only claim the background has it when the server says so (a failed hand-off, or only members
  // whose removal failed, wait for the admin to ask again).
  const continuing = result.complete
    ? null
    : result.inBackground
      ? `The removal continues in the background: ${members(result.remaining)} still to be removed.`
      : `The removal is paused: ${members(result.remaining)} still to be removed. Continue the removal to try again.`;
  const askAgain = result.complete || result.inBackground ? 'Refresh progress' : 'Continue removal';
  if (result.errors.length > 0) {
    return { color: 'orange', headline: ADMIN_UI.removedWithErrors, errors: result.errors, continuing, askAgain };
  }
  return { color: result.complete ? 'teal' : 'blue', headline: removedMessage(result.totalRemoved), errors: [], continuing, askAgain };
}

/** Audit log actions as the table names them (auditActionLabel falls back to the action's own name). */
export const ACTION_LABELS: Record<string, string> = {
  grantSuperuser: 'Granted superuser status',
  revokeSuperuser: 'Revoked superuser status',
  removeUserAndInviteTree: 'Removed user and invite tree',
  setAdminClaim: 'Made themself admin (dev)',
  grantAdmin: 'Granted the admin role',
  revokeAdmin: 'Revoked the admin role',
  resolveReport: 'Resolved a report',
  verifyMember: 'Verified in person',
  revokeVerification: 'Revoked verification in person',
};

export function auditActionLabel(action: CallableOutput<'listAuditLog'>['entries'][number]['action']): string {
  return ACTION_LABELS[action] ?? action;
}
