/**
 * Preloaded into cognito-local's own process beside the other hooks. A user pool app client's
 * PreventUserExistenceErrors decides how Cognito answers a sign-in with an unknown username: with
 * ENABLED it says NotAuthorizedException ("Incorrect username or password."), as for a wrong
 * password; with LEGACY (our client: lib/auth.ts, local/user-pool.ts) it says
 * UserNotFoundException ("User does not exist."), which is what lets the sign-in screen show the
 * spec's 'No account found with this email.'. cognito-local keeps the setting on the client but
 * always answers NotAuthorizedException; this makes its USER_PASSWORD_AUTH (the only flow the SPA
 * uses) answer as AWS does for the client's setting. An absent setting is LEGACY, as AWS's API
 * defaults it.
 */
import { UserNotFoundError } from 'cognito-local/lib/errors.js';
import { Targets } from 'cognito-local/lib/targets/targets.js';

if (!Targets || typeof Targets.InitiateAuth !== 'function') {
  throw new Error('cognito-local changed: its InitiateAuth target is gone; update local/cognito-user-existence-hook.mjs');
}

const initiateAuth = Targets.InitiateAuth;

Targets.InitiateAuth = (services) => {
  const run = initiateAuth(services);
  return async (ctx, req) => {
    const username = req.AuthParameters?.USERNAME;
    if (req.AuthFlow === 'USER_PASSWORD_AUTH' && username && !services.triggers.enabled('UserMigration')) {
      const client = await services.cognito.getAppClient(ctx, req.ClientId);
      if (client && client.PreventUserExistenceErrors !== 'ENABLED') {
        const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
        if (!(await userPool.getUserByUsername(ctx, username))) throw new UserNotFoundError('User does not exist.');
      }
    }
    return run(ctx, req);
  };
};
