import { ConfirmForgotPasswordCommand, ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../lambdas/contracts/account.ts';
import { call, expectRefusal, ok } from '../support/callable-client.ts';
import { cognito, mailbox, refreshTokens, signIn, signInWithRefresh } from '../support/local-cloud-client.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * A completed password reset ends the member's other sessions: Cognito's
 * PostConfirmation trigger runs with PostConfirmation_ConfirmForgotPassword (cognito-local runs it
 * through the local Lambda Invoke route, as Cognito does), and writes the session epoch and signs
 * the account out globally, as signOutEverywhere does.
 */
const endpoints = inject('endpoints');
useLocalCloudData(endpoints);

const NEW_PASSWORD = 'a reset horse 64';

/** The forgotten-password flow as the reset page runs it: the code from the mailbox, then the new password. */
async function resetPassword(email: string, password: string): Promise<void> {
  const client = cognito(endpoints);
  await client.send(new ForgotPasswordCommand({ ClientId: endpoints.cognito.userPoolClientId, Username: email }));
  const reset = (await mailbox(endpoints, email)).find((message) => message.subject === 'Your password reset code');
  expect(reset?.code, 'the reset code is mailed').toBeTruthy();
  await client.send(
    new ConfirmForgotPasswordCommand({
      ClientId: endpoints.cognito.userPoolClientId,
      Username: email,
      ConfirmationCode: String(reset?.code),
      Password: password,
    }),
  );
}

/** Token times are whole seconds: wait until the clock is past the epoch's second. */
async function untilNextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1_050 - (Date.now() % 1000)));
}

describe('a completed password reset ends every other session', () => {
  it('refuses every token issued before it (callables, getMe; the socket checks the same epoch) and the old refresh tokens; the new password signs in and works', async () => {
    const member = await createMember(endpoints, 'reset-ends');
    const other = await signInWithRefresh(endpoints, member.email, MEMBER_PASSWORD);
    await expect(ok(endpoints, 'getMyInvites', { token: other.accessToken })).resolves.toBeDefined();

    await resetPassword(member.email, NEW_PASSWORD);

    for (const token of [member.accessToken, other.accessToken]) {
      expectRefusal(await call(endpoints, 'getMyInvites', { token }), 401, 'UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionEnded);
      expectRefusal(await call(endpoints, 'getMe', { token }), 401, 'UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionEnded);
    }
    // The old session cannot refresh into a token newer than the epoch.
    await expect(refreshTokens(endpoints, other.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    await untilNextSecond();
    const { accessToken } = await signIn(endpoints, member.email, NEW_PASSWORD);
    await expect(ok(endpoints, 'getMe', { token: accessToken })).resolves.toMatchObject({ uid: member.uid });
  });

  it('an account without a record yet (signed up, never opened the app) resets all the same, and its old refresh token is revoked', async () => {
    const account = await createMember(endpoints, 'reset-no-record', { record: false });
    const before = await signInWithRefresh(endpoints, account.email, MEMBER_PASSWORD);
    await resetPassword(account.email, NEW_PASSWORD);
    await expect(refreshTokens(endpoints, before.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(signIn(endpoints, account.email, NEW_PASSWORD)).resolves.toMatchObject({ accessToken: expect.any(String) });
  });

  it("ends only that member's sessions: another member's token keeps working", async () => {
    const [member, bystander] = await Promise.all([createMember(endpoints, 'reset-member'), createMember(endpoints, 'reset-bystander')]);
    await resetPassword(member.email, NEW_PASSWORD);
    await expect(ok(endpoints, 'getMyInvites', { token: bystander.accessToken })).resolves.toBeDefined();
  });
});
