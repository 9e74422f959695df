import { ADMIN_MESSAGES } from '#contracts/admin';
import { AppError } from '#domain/app-error';
import { recordAdminAction, addUserToGroup, markAdmin, getUser } from '#data/members';
import { ADMIN_GROUP } from '#http/caller';
import { defineCallable } from '#http/define-callable';
import { requireDevAdmin } from '#http/dev-admin-gate';
import { functionEnv } from '#data/table';

/**
 * Make Me Admin (dev stage and local only). CDK leaves this function out of prod, and
 * defineCallable refuses dev-only callables when STAGE is prod; the check below repeats that so
 * this module can never grant admin on prod, whatever wraps it. On a deployed dev stage only a
 * caller whose verified Cognito email is in DEV_ADMIN_EMAILS (CDK context `devAdminEmails`) may
 * use it (lambdas/http/dev-admin-gate.ts); an empty or missing list lets nobody. The local cloud sets '*' (anyone).
 */
export const handler = defineCallable('setAdminClaim', async ({ userId }, { caller }) => {
  if (functionEnv('STAGE') === 'prod') throw new AppError('unimplemented', 'This function is not available.');
  if (userId !== caller.uid) throw new AppError('permission-denied', ADMIN_MESSAGES.ownAdminClaimOnly);
  await requireDevAdmin(caller, ADMIN_MESSAGES.notOnDevAdminList);
  const user = await getUser(caller.uid);
  if (!user) throw new AppError('not-found', ADMIN_MESSAGES.userNotFound);
  await addUserToGroup(caller.username, ADMIN_GROUP);
  // The group is what grants admin; the record's flag mirrors it for completeProfile and the panel.
  if (!(await markAdmin(caller.uid))) throw new AppError('not-found', ADMIN_MESSAGES.userNotFound);
  await recordAdminAction({
    action: 'setAdminClaim',
    actorId: caller.uid,
    actorName: user.displayName,
    targetId: caller.uid,
    targetName: user.displayName,
    reason: 'Make Me Admin (dev tools)',
  });
  return { userId: caller.uid, isAdmin: true as const };
});
