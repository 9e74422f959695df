/**
 * Preloaded into cognito-local's own process beside the mail hook. cognito-local has no
 * AdminUserGlobalSignOut (it answers "CognitoLocal#Unsupported"), which signOutEverywhere calls
 * (lambdas/data/members/session-epochs.ts). What that operation does on AWS that matters here is revoke
 * the account's refresh tokens, so no old session can get new tokens; cognito-local keeps them on
 * the user (`RefreshTokens`, saved in its data folder under .local/cognito or the test's temp dir)
 * and honours REFRESH_TOKEN_AUTH only for a token still listed there. So this adds the operation
 * to its table of targets, and it drops them, through cognito-local's own store (editing its files
 * under it would be overwritten by its cache).
 *
 * Not emulated: AWS also makes the account's access tokens unusable for Cognito's own user APIs
 * (GetUser, ChangePassword…); cognito-local checks no revocation there. Our API refuses them by the
 * session epoch either way.
 */
import { UserNotFoundError } from 'cognito-local/lib/errors.js';
import { Targets } from 'cognito-local/lib/targets/targets.js';

if (!Targets || typeof Targets !== 'object') {
  throw new Error('cognito-local changed: its Targets table is gone; update local/cognito-global-sign-out-hook.mjs');
}

Targets.AdminUserGlobalSignOut =
  ({ cognito }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('User does not exist.');
    await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };
