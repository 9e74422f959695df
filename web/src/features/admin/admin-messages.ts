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
} as const;

export function removedMessage(count: number): string {
  return `Successfully removed ${count} users from the platform`;
}

/**
 * A spec message followed by the server's own sentence when it refused for a reason the admin can
 * act on (e.g. 'This member is already a superuser.'); the bare spec message otherwise.
 */
export function failureMessage(base: string, error: unknown): string {
  const reasons = new Set(['invalid-argument', 'permission-denied', 'not-found', 'aborted']);
  return isApiError(error) && reasons.has(error.status) && error.message ? `${base}: ${error.message}` : base;
}

export type RemovalResult = CallableOutput<'removeUserAndInviteTree'>;

export interface RemovalOutcome {
  color: 'teal' | 'orange' | 'blue';
  /** The headline: the spec's success sentence, or 'User removed with some errors:'. */
  headline: string;
  errors: string[];
  /** Set while the rest of a large tree is still being removed in the background. */
  continuing: string | null;
}

/** How a removal's answer is shown (spec §8), including one that continues in the background. */
export function removalOutcome(result: RemovalResult): RemovalOutcome {
  const continuing = result.complete
    ? null
    : `The removal continues in the background: ${result.remaining} ${result.remaining === 1 ? 'member is' : 'members are'} still to be removed.`;
  if (result.errors.length > 0) {
    return { color: 'orange', headline: ADMIN_UI.removedWithErrors, errors: result.errors, continuing };
  }
  return { color: result.complete ? 'teal' : 'blue', headline: removedMessage(result.totalRemoved), errors: [], continuing };
}

/** Audit log actions as the table names them. */
export const ACTION_LABELS: Record<CallableOutput<'listAuditLog'>['entries'][number]['action'], string> = {
  grantSuperuser: 'Granted superuser status',
  revokeSuperuser: 'Revoked superuser status',
  removeUserAndInviteTree: 'Removed user and invite tree',
  setAdminClaim: 'Made themself admin (dev)',
};
