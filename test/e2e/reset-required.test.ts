import { AdminResetUserPasswordCommand, AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { cognitoClient } from '../../local/user-pool.ts';
import { useBrowserContexts } from '../support/browser.ts';
import { finishPasswordReset, mailedCode } from '../support/e2e-joining.ts';
import { confirmSignUp, mailbox, signUp, uniqueEmail } from '../support/local-cloud-client.ts';

/**
 * An account Cognito holds in RESET_REQUIRED (a user pool rebuilt by an import job, docs/deploy.md
 * "The user pool"; here an admin's AdminResetUserPassword, local/cognito-admin-reset-hook.mjs):
 * signing in with the old password sends a code and opens the reset form, and the new password signs in.
 */

const endpoints = inject('endpoints');
const founder = inject('founder');
const newContext = useBrowserContexts(endpoints.webUrl);

describe('an account whose password must be reset', () => {
  it('is sent a code at sign-in, lands on the reset form with its email, and signs in with the new password', async () => {
    const email = uniqueEmail('reset-required');
    await signUp(endpoints, email, 'Old-password-1', founder.inviteCode);
    await confirmSignUp(endpoints, email, await mailedCode(endpoints, email));
    const cognito = cognitoClient(endpoints.cognito.endpoint);
    const account = { UserPoolId: endpoints.cognito.userPoolId, Username: email };
    try {
      // Verified, as Cognito marks an email whose sign-up code was confirmed (cognito-local does not).
      await cognito.send(
        new AdminUpdateUserAttributesCommand({
          ...account,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
      const beforeReset = (await mailbox(endpoints, email)).length;
      await cognito.send(new AdminResetUserPasswordCommand(account));
      // The reset mails a code itself, as on AWS.
      expect((await mailbox(endpoints, email)).length).toBe(beforeReset + 1);
    } finally {
      cognito.destroy();
    }
    const mailedBefore = (await mailbox(endpoints, email)).length;
    const context = await newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await page.goto('/auth/signin');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByLabel(/^Password/).fill('Old-password-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/auth/reset-password?**');
      await page.getByText(`Your password must be reset before you can sign in. We sent a code to ${email}.`).waitFor();
      expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);
      // The code the page asked for: the newest, the only one that works.
      await finishPasswordReset(page, await mailedCode(endpoints, email, mailedBefore + 1), 'New-password-2');
    } finally {
      await context.close();
    }
  });
});
