import { ConfirmForgotPasswordCommand, DescribeUserPoolClientCommand, ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { call, expectRefusal } from '../support/callable-client.ts';
import { cognito, confirmSignUp, mailbox, rawRequest, signIn, signUp, uniqueEmail } from '../support/local-cloud-client.ts';

const endpoints = inject('endpoints');
const founder = inject('founder');
const PASSWORD = 'correct horse 42';

describe('invite-only sign-up through cognito-local and the PreSignUp trigger', () => {
  it('refuses a sign-up without an invite code, as Cognito reports a trigger refusal', async () => {
    const email = uniqueEmail('no-code');
    await expect(signUp(endpoints, email, PASSWORD)).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: 'PreSignUp failed with error Invalid invite code.',
    });
    expect(await mailbox(endpoints, email)).toEqual([]);
  });

  it('refuses a sign-up with an unknown invite code (validateInviteCode issues it no ticket)', async () => {
    await expect(signUp(endpoints, uniqueEmail('bad-code'), PASSWORD, 'ZZZZZZZZ')).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: 'PreSignUp failed with error Please check your invite code again before creating your account.',
    });
  });

  it("accepts the founder's code; the verification code reaches the mailbox and confirms the account", async () => {
    const email = uniqueEmail('newcomer');
    const signedUp = await signUp(endpoints, email, PASSWORD, founder.inviteCode.toLowerCase());
    expect(signedUp.UserConfirmed).toBe(false);
    expect(signedUp.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', Destination: email });

    const [message, ...older] = await mailbox(endpoints, email);
    expect(older).toEqual([]);
    expect(message).toMatchObject({ to: email, subject: 'Your Anchored verification code', code: expect.stringMatching(/^\d{6}$/) });
    expect(Date.parse(message?.sentAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    await expect(signIn(endpoints, email, PASSWORD)).rejects.toMatchObject({ name: 'UserNotConfirmedException' });
    await confirmSignUp(endpoints, email, message?.code ?? '');
    const tokens = await signIn(endpoints, email, PASSWORD);

    // Signed in, but no member record exists until the SPA calls createUserRecord.
    expectRefusal(await call(endpoints, 'getMe', { token: tokens.accessToken }), 404, 'NOT_FOUND');
  });

  it('answers a sign-in with an unknown email as UserNotFoundException and a wrong password otherwise (the app client is LEGACY, as on AWS)', async () => {
    // As Cognito with LEGACY user-existence errors: NotAuthorizedException here would make the SPA say 'Incorrect password.'.
    await expect(signIn(endpoints, uniqueEmail('nobody'), PASSWORD)).rejects.toMatchObject({ name: 'UserNotFoundException' });
    const { UserPoolClient } = await cognito(endpoints).send(
      new DescribeUserPoolClientCommand({ UserPoolId: endpoints.cognito.userPoolId, ClientId: endpoints.cognito.userPoolClientId }),
    );
    expect(UserPoolClient?.PreventUserExistenceErrors).toBe('LEGACY');

    const email = uniqueEmail('known');
    await signUp(endpoints, email, PASSWORD, founder.inviteCode);
    const [verification] = await mailbox(endpoints, email);
    await confirmSignUp(endpoints, email, verification?.code ?? '');
    // A known email with a wrong password is still a wrong password (the SPA: 'Incorrect password.').
    await expect(signIn(endpoints, email, 'not the password')).rejects.toMatchObject({
      name: expect.stringMatching(/^(NotAuthorizedException|InvalidPasswordException)$/),
    });
  });

  it('delivers the password-reset code to the mailbox, newest first, and it resets the password', async () => {
    const email = uniqueEmail('forgetful');
    await signUp(endpoints, email, PASSWORD, founder.inviteCode);
    const [verification] = await mailbox(endpoints, email);
    await confirmSignUp(endpoints, email, verification?.code ?? '');

    await cognito(endpoints).send(new ForgotPasswordCommand({ ClientId: endpoints.cognito.userPoolClientId, Username: email }));
    const messages = await mailbox(endpoints, email);
    expect(messages.map((m) => m.subject)).toEqual(['Your password reset code', 'Your Anchored verification code']);
    const reset = messages[0];

    const newPassword = 'another horse 43';
    await cognito(endpoints).send(
      new ConfirmForgotPasswordCommand({
        ClientId: endpoints.cognito.userPoolClientId,
        Username: email,
        ConfirmationCode: reset?.code ?? '',
        Password: newPassword,
      }),
    );
    await expect(signIn(endpoints, email, newPassword)).resolves.toMatchObject({ accessToken: expect.any(String) });
  });

  it('shows the mailbox as an escaped HTML page', async () => {
    // The page sits beside the JSON the published URL names.
    const page = await fetch(new URL('./?to=<script>', endpoints.mailboxUrl));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('Local mailbox');
    expect(html).not.toContain('<script>');
  });
});

describe('the local mailbox answers only requests for localhost that carry its per-start token', () => {
  const gateway = new URL(endpoints.apiUrl);

  it('publishes its token in the path of mailboxUrl, so GET {mailboxUrl}?to= works as written', async () => {
    expect(new URL(endpoints.mailboxUrl).pathname).toMatch(/^\/local\/mailbox\/[\w-]{40,}\/messages$/);
    expect(new URL(endpoints.mailboxUrl).search).toBe('');
    const email = uniqueEmail('token');
    await signUp(endpoints, email, PASSWORD, founder.inviteCode);
    expect(await mailbox(endpoints, email)).toEqual([expect.objectContaining({ to: email, code: expect.stringMatching(/^\d{6}$/) })]);
  });

  it('answers 404 without the token or with a wrong one, and shows no message', async () => {
    const email = uniqueEmail('leak');
    await signUp(endpoints, email, PASSWORD, founder.inviteCode);
    const wrong = 'A'.repeat(43);
    for (const path of ['/local/mailbox/messages', '/local/mailbox/', '/local/mailbox', `/local/mailbox/${wrong}/messages`, `/local/mailbox/${wrong}/`]) {
      const answer = await fetch(new URL(`${path}?to=${encodeURIComponent(email)}`, gateway.origin));
      const text = await answer.text();
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(text).not.toContain(email);
    }
  });

  it('refuses a request for another host name even with the token (a DNS-rebinding page), and serves 127.0.0.1', async () => {
    for (const url of [endpoints.mailboxUrl, new URL('./', endpoints.mailboxUrl).href]) {
      const rebound = await rawRequest(url, { headers: { host: `rebound.example:${gateway.port}` } });
      expect(rebound.status).toBe(403);
      expect(rebound.body).not.toContain('"code"');
      expect((await rawRequest(url, { headers: { host: `127.0.0.1:${gateway.port}` } })).status).toBe(200);
    }
  });
});
