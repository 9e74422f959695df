import { ADMIN_MESSAGES } from '#contracts/admin';
import { AppError } from './app-error.ts';

/** Why a grant or revocation of the admin role wrote nothing (see data/members/member-roles.ts). */
export type AdminChangeRefusal = 'not-found' | 'unchanged' | 'not-joined' | 'founder' | 'last-admin';

/**
 * The admin whose role must still hold when a revocation commits: the caller, unless they revoke
 * themself, then any other admin; null when there is none (the target is the last admin).
 */
export function revocationWitness(callerUid: string, targetUid: string, adminUids: readonly string[]): string | null {
  if (callerUid !== targetUid) return callerUid;
  return adminUids.find((uid) => uid !== targetUid) ?? null;
}

/**
 * The refusal a change that wrote nothing answers, or null when it is a success that changed
 * nothing (already an admin, or not one to revoke): a double click never reads as a failure.
 */
export function adminChangeError(reason: AdminChangeRefusal): AppError | null {
  switch (reason) {
    case 'unchanged':
      return null;
    case 'not-found':
      return new AppError('not-found', ADMIN_MESSAGES.userNotFound);
    case 'not-joined':
      return new AppError('permission-denied', ADMIN_MESSAGES.notJoinedForAdmin);
    case 'founder':
      return new AppError('permission-denied', ADMIN_MESSAGES.founderStaysAdmin);
    case 'last-admin':
      return new AppError('aborted', ADMIN_MESSAGES.lastAdmin);
  }
}
