import {
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  AssociateSoftwareTokenCommand,
  ChangePasswordCommand,
  UpdateUserAttributesCommand,
  VerifySoftwareTokenCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../lambdas/contracts/account.ts';
import { call, expectRefusal, ok } from '../support/callable-client.ts';
import { invokeHandler } from '../support/invoke-handler.ts';
import { cognito, mailbox, refreshTokens, signIn, signInWithRefresh, uniqueEmail } from '../support/local-cloud-client.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { decodeJwtPayload } from '../support/local-cloud-tokens.ts';
import { openLive, refusedStatus } from '../support/live-sockets.ts';
// cognito-local's own TOTP (otplib: SHA-1, 6 digits, 30 s), which its VerifySoftwareToken checks against.
import { generate as totpCode } from 'cognito-local/lib/services/totp.js';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { getUser } = await import('#data/members');
const { forgetAdminMfa } = await import('../../lambdas/http/admin-mfa.ts');

/** Token times are whole seconds: wait until the clock is past the epoch's second. */
async function untilNextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1_050 - (Date.now() % 1000)));
}

describe('signOutEverywhere', () => {
  it('ends every older token at once — member callables, getMe, getFeed and the live socket — and the refresh tokens; a new sign-in works', async () => {
    const member = await createMember(endpoints, 'everywhere');
    const other = await signInWithRefresh(endpoints, member.email, MEMBER_PASSWORD);
    // A page open elsewhere before the sign-out.
    const before = await openLive(endpoints, member.accessToken);
    await before.close();
    await untilNextSecond();

    await expect(ok(endpoints, 'signOutEverywhere', { token: other.accessToken })).resolves.toEqual({ signedOut: true });

    for (const token of [member.accessToken, other.accessToken]) {
      expectRefusal(await call(endpoints, 'getMyInvites', { token }), 401, 'UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionEnded);
      expectRefusal(await call(endpoints, 'getFeed', { token }), 401, 'UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionEnded);
      expectRefusal(await call(endpoints, 'getMe', { token }), 401, 'UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionEnded);
      expect(await refusedStatus(endpoints, token)).toBe(401);
    }
    // The old session cannot refresh into a token newer than the epoch (locally: its refresh tokens were dropped).
    await expect(refreshTokens(endpoints, other.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    await untilNextSecond();
    const fresh = await signInWithRefresh(endpoints, member.email, MEMBER_PASSWORD);
    await expect(ok(endpoints, 'getFeed', { token: fresh.accessToken })).resolves.toMatchObject({ posts: [] });
    await expect(ok(endpoints, 'getMyInvites', { token: fresh.accessToken })).resolves.toBeDefined();
    // A refresh after the epoch gives a token that works too.
    const refreshed = await refreshTokens(endpoints, fresh.refreshToken);
    await expect(ok(endpoints, 'getMe', { token: String(refreshed.AuthenticationResult?.AccessToken) })).resolves.toMatchObject({ uid: member.uid });
    const socket = await openLive(endpoints, fresh.accessToken);
    await socket.close();
  });

  it('a page open elsewhere is told at once (session.ended, from the table stream) and its socket closes', async () => {
    const member = await createMember(endpoints, 'everywhere-open-page');
    const page = await openLive(endpoints, member.accessToken);
    const caller = await signIn(endpoints, member.email, MEMBER_PASSWORD);
    await ok(endpoints, 'signOutEverywhere', { token: caller.accessToken });
    expect(await page.next(10_000)).toEqual({ type: 'session.ended', reason: 'signed-out' });
    await page.closed;
  });

  it("ends only the caller's sessions: another member's token keeps working", async () => {
    const [caller, bystander] = await Promise.all([createMember(endpoints, 'everywhere-caller'), createMember(endpoints, 'everywhere-bystander')]);
    await untilNextSecond();
    await ok(endpoints, 'signOutEverywhere', { token: caller.accessToken });
    await expect(ok(endpoints, 'getFeed', { token: bystander.accessToken })).resolves.toBeDefined();
    expect(await refusedStatus(endpoints, caller.accessToken)).toBe(401);
  });

  it('a repeat only moves the epoch forward; the record keeps no trace in answers', async () => {
    const member = await createMember(endpoints, 'everywhere-twice');
    await ok(endpoints, 'signOutEverywhere', { token: member.accessToken });
    // The same (now ended) token cannot call it again.
    expectRefusal(await call(endpoints, 'signOutEverywhere', { token: member.accessToken }), 401, 'UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionEnded);
    await untilNextSecond();
    const { accessToken } = await signIn(endpoints, member.email, MEMBER_PASSWORD);
    const me = await ok(endpoints, 'getMe', { token: accessToken });
    expect(me).not.toHaveProperty('sessionEpoch');
  });
});

describe('changing the email', () => {
  /** UpdateUserAttributes then VerifyUserAttribute with the mailbox's code, as the Account screen does. */
  async function changeCognitoEmail(member: TestMember, email: string): Promise<void> {
    const client = cognito(endpoints);
    await client.send(new UpdateUserAttributesCommand({ AccessToken: member.accessToken, UserAttributes: [{ Name: 'email', Value: email }] }));
    const [message] = await mailbox(endpoints, email);
    expect(message?.code, 'the code goes to the new address').toBeTruthy();
    await client.send(new VerifyUserAttributeCommand({ AccessToken: member.accessToken, AttributeName: 'email', Code: String(message?.code) }));
  }

  it('the record and its email search keys follow the verified address; sign-in takes the new one', async () => {
    const member = await createMember(endpoints, 'email-change');
    const newEmail = uniqueEmail('email-changed');
    await changeCognitoEmail(member, newEmail);
    await expect(ok(endpoints, 'syncAccountEmail', { token: member.accessToken })).resolves.toEqual({ email: newEmail });
    expect((await getUser(member.uid))?.email).toBe(newEmail);
    await expect(signIn(endpoints, newEmail, MEMBER_PASSWORD)).resolves.toBeDefined();
    // A repeat answers the same, changing nothing.
    await expect(ok(endpoints, 'syncAccountEmail', { token: member.accessToken })).resolves.toEqual({ email: newEmail });
  });

  it('before the code is entered the record keeps the old address (the pool keeps the original until verified)', async () => {
    const member = await createMember(endpoints, 'email-pending');
    const newEmail = uniqueEmail('email-pending-new');
    await cognito(endpoints).send(new UpdateUserAttributesCommand({ AccessToken: member.accessToken, UserAttributes: [{ Name: 'email', Value: newEmail }] }));
    await expect(ok(endpoints, 'syncAccountEmail', { token: member.accessToken })).resolves.toEqual({ email: member.email });
    expect((await getUser(member.uid))?.email).toBe(member.email);
  });

  it("an address another member's record holds is refused with the sentence, and the record is unchanged", async () => {
    const [member, holder] = await Promise.all([createMember(endpoints, 'email-taker'), createMember(endpoints, 'email-holder')]);
    // cognito-local does not refuse a taken alias (Cognito does, at UpdateUserAttributes or at verification): the record check says so here.
    await changeCognitoEmail(member, holder.email.toUpperCase());
    expectRefusal(await call(endpoints, 'syncAccountEmail', { token: member.accessToken }), 409, 'ABORTED', ACCOUNT_MESSAGES.emailTaken);
    expect((await getUser(member.uid))?.email).toBe(member.email);
  });
});

describe('changing the password (cognito-local supports ChangePassword)', () => {
  it('the new password signs in, the old one no longer does; a wrong current password is refused', async () => {
    const member = await createMember(endpoints, 'password-change');
    const client = cognito(endpoints);
    await expect(
      client.send(new ChangePasswordCommand({ AccessToken: member.accessToken, PreviousPassword: 'not my password', ProposedPassword: 'a new horse 43' })),
    ).rejects.toMatchObject({ name: expect.stringMatching(/InvalidPasswordException|NotAuthorizedException/) });
    await client.send(new ChangePasswordCommand({ AccessToken: member.accessToken, PreviousPassword: MEMBER_PASSWORD, ProposedPassword: 'a new horse 43' }));
    await expect(signIn(endpoints, member.email, 'a new horse 43')).resolves.toBeDefined();
    await expect(signIn(endpoints, member.email, MEMBER_PASSWORD)).rejects.toBeDefined();
  });
});

describe('admins and an authenticator app on prod', () => {
  const stage = process.env.STAGE;
  afterEach(() => {
    process.env.STAGE = stage;
    forgetAdminMfa();
  });

  async function createAdmin(label: string) {
    const admin = await createMember(endpoints, label, { extra: { isAdmin: true } });
    await cognito(endpoints).send(new AdminAddUserToGroupCommand({ UserPoolId: endpoints.cognito.userPoolId, Username: admin.email, GroupName: 'admin' }));
    const { accessToken } = await signIn(endpoints, admin.email, MEMBER_PASSWORD);
    return { ...admin, accessToken };
  }

  it('on prod an admin callable refuses an admin without TOTP (403, the sentence) and serves them once the app is enrolled', async () => {
    const admin = await createAdmin('admin-without-totp');
    const claims = decodeJwtPayload(admin.accessToken);
    process.env.STAGE = 'prod';
    const refused = await invokeHandler('getAdminOverview', claims);
    expect(refused).toMatchObject({ status: 403, body: { error: { status: 'PERMISSION_DENIED', message: ACCOUNT_MESSAGES.adminMfaRequired } } });

    // Enrol an authenticator app as the Security section does (AssociateSoftwareToken, VerifySoftwareToken).
    const client = cognito(endpoints);
    const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: admin.accessToken }));
    await client.send(new VerifySoftwareTokenCommand({ AccessToken: admin.accessToken, UserCode: totpCode(String(SecretCode)) }));
    const { UserMFASettingList } = await client.send(new AdminGetUserCommand({ UserPoolId: endpoints.cognito.userPoolId, Username: admin.email }));
    expect(UserMFASettingList).toContain('SOFTWARE_TOKEN_MFA');
    await expect(invokeHandler('getAdminOverview', claims)).resolves.toMatchObject({ status: 200 });
  });

  it('off prod the same admin without TOTP is served (asked to enrol in Settings, not refused)', async () => {
    const admin = await createAdmin('admin-dev-no-totp');
    process.env.STAGE = 'local';
    await expect(invokeHandler('getAdminOverview', decodeJwtPayload(admin.accessToken))).resolves.toMatchObject({ status: 200 });
  });
});
