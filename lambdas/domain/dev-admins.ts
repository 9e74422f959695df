/**
 * Who may use Make Me Admin (setAdminClaim) off prod. A deployed dev stage lists emails in the CDK
 * context value `devAdminEmails`, which reaches the function as DEV_ADMIN_EMAILS; the local cloud
 * alone sets it to '*' (anyone), and '*' counts only where STAGE is 'local'. An empty or missing
 * list lets nobody in.
 */

/** DEV_ADMIN_EMAILS's value for "anyone": the local cloud's, never a deployed stage's. */
export const ANYONE = '*';

/** The stage (STAGE) where ANYONE is honoured. */
const LOCAL_STAGE = 'local';

/** One plain address: something@domain, no spaces, commas or second '@'. */
const EMAIL = /^[^\s@,]+@[^\s@,]+$/;

export type DevAdminPolicy = { readonly anyone: true } | { readonly anyone: false; readonly emails: ReadonlySet<string> };

/** Emails compare trimmed and lower-cased (Cognito keeps the case the member typed). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The entries of a comma-separated list, trimmed, lower-cased, empty ones dropped. */
export function splitEmailList(list: string): string[] {
  return list
    .split(',')
    .map(normalizeEmail)
    .filter((entry) => entry.length > 0);
}

export function isPlainEmail(entry: string): boolean {
  return EMAIL.test(entry);
}

/** The policy DEV_ADMIN_EMAILS sets on this STAGE. Entries that are not emails match nobody. */
export function devAdminPolicy(list: string | undefined, stage: string | undefined): DevAdminPolicy {
  if (list?.trim() === ANYONE && stage === LOCAL_STAGE) return { anyone: true };
  return { anyone: false, emails: new Set(splitEmailList(list ?? '').filter(isPlainEmail)) };
}

/** Whether a member with this verified email (null: none verified) may make themself admin. */
export function mayMakeThemselfAdmin(policy: DevAdminPolicy, verifiedEmail: string | null): boolean {
  if (policy.anyone) return true;
  return verifiedEmail !== null && policy.emails.has(normalizeEmail(verifiedEmail));
}
