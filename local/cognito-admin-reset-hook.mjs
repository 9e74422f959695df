/**
 * Preloaded into cognito-local's own process beside the mail hook. cognito-local has no
 * AdminResetUserPassword, yet it already refuses a sign-in of an account in RESET_REQUIRED with
 * PasswordResetRequiredException, as Cognito does. This adds the operation as AWS documents it:
 * the account's password stops working (status RESET_REQUIRED) and, when its email is verified, a
 * reset code is mailed (through cognito-local's own messages, so the local mailbox receives it).
 * It is how a test reaches the state a user pool rebuilt by an import job leaves every member in
 * (docs/deploy.md, "The user pool"), which cognito-local cannot import.
 */
import { UserNotFoundError } from 'cognito-local/lib/errors.js';
import { attributeValue } from 'cognito-local/lib/services/userPoolService.js';
import { Targets } from 'cognito-local/lib/targets/targets.js';

if (!Targets || typeof Targets !== 'object') {
  throw new Error('cognito-local changed: its Targets table is gone; update local/cognito-admin-reset-hook.mjs');
}

Targets.AdminResetUserPassword =
  ({ cognito, clock, messages, otp }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('User does not exist.');
    const email = attributeValue('email', user.Attributes);
    const code = email && attributeValue('email_verified', user.Attributes) === 'true' ? otp() : undefined;
    if (code) {
      await messages.deliver(ctx, 'ForgotPassword', null, userPool.options.Id, user, code, req.ClientMetadata, {
        AttributeName: 'email',
        DeliveryMedium: 'EMAIL',
        Destination: email,
      });
    }
    await userPool.saveUser(ctx, {
      ...user,
      UserStatus: 'RESET_REQUIRED',
      UserLastModifiedDate: clock.get(),
      ...(code ? { ConfirmationCode: code } : {}),
    });
    return {};
  };
