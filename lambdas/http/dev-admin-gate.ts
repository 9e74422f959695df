import { ADMIN_MESSAGES } from '#contracts/admin';
import { AppError } from '#domain/app-error';
import { devAdminPolicy, mayMakeThemselfAdmin } from '#domain/dev-admins';
import { verifiedEmailOf } from '#data/members';
import type { Caller } from './caller.ts';
import { functionEnv } from '#data/table';

/**
 * The dev tools' gate (Make Me Admin, dummy anchors, metrics now): on a deployed dev stage only a
 * caller whose verified Cognito email is in DEV_ADMIN_EMAILS (CDK context `devAdminEmails`) may use
 * them; an empty or missing list lets nobody. The local cloud sets '*' (anyone). Never on prod,
 * whatever wraps the handler. The email comes from Cognito (the signed token's username names the
 * account), never from the request or the record. `refusal`: the sentence for a caller not listed.
 */
export async function requireDevAdmin(caller: Caller, refusal: string = ADMIN_MESSAGES.notOnDevToolsList): Promise<void> {
  if (functionEnv('STAGE') === 'prod') throw new AppError('unimplemented', 'This function is not available.');
  const policy = devAdminPolicy(functionEnv('DEV_ADMIN_EMAILS'), functionEnv('STAGE'));
  const verifiedEmail = policy.anyone || policy.emails.size === 0 ? null : await verifiedEmailOf(caller.username);
  if (!mayMakeThemselfAdmin(policy, verifiedEmail)) throw new AppError('permission-denied', refusal);
}
