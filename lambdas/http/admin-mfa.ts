import { ACCOUNT_MESSAGES } from '#contracts/account';
import { AppError } from '#domain/app-error';
import { hasAuthenticatorApp } from '#data/members';
import type { Caller } from './caller.ts';
import { functionEnv } from '#data/table';

/** How long a warm function trusts that an admin has an authenticator app before asking Cognito again. */
export const ADMIN_MFA_CACHE_MS = 5 * 60 * 1000;

/** Admins (by Cognito username) seen with an authenticator app, until when this warm function trusts it. */
const enrolledUntil = new Map<string, number>();

/**
 * On prod, an admin callable refuses (403) an admin without an authenticator app (TOTP). The access
 * token cannot show MFA (see data/members/cognito-mfa.ts), so Cognito's AdminGetUser is asked: once per
 * admin per warm function per 5 minutes (a few admins, so a few calls an hour per admin function;
 * AdminGetUser's quota is shared with the pool's other user reads). Only a yes is remembered, so an
 * admin who just enrolled passes at once; one who removes the app is refused within 5 minutes.
 * Off prod (dev, local) admins are only asked to enrol, in Settings › Account › Security.
 */
export async function requireAdminMfa(caller: Caller, now = Date.now()): Promise<void> {
  if (functionEnv('STAGE') !== 'prod') return;
  if ((enrolledUntil.get(caller.username) ?? 0) > now) return;
  if (!(await hasAuthenticatorApp(caller.username))) throw new AppError('permission-denied', ACCOUNT_MESSAGES.adminMfaRequired);
  enrolledUntil.set(caller.username, now + ADMIN_MFA_CACHE_MS);
}

/** For tests that enrol and remove an app within one process. */
export function forgetAdminMfa(): void {
  enrolledUntil.clear();
}
