import { AssociateSoftwareTokenCommand, VerifySoftwareTokenCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { signIn as smokeSignIn, totpCode } from '../../local/smoke/cognito-sign-in.ts';
import { cognito, signIn } from '../support/local-cloud-client.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * The smoke test's sign-in (Cognito's JSON API, no SDK, no credentials) against cognito-local,
 * for an account with an authenticator app: on prod the founder, an admin, enrols one.
 */
const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const target = { endpoint: endpoints.cognito.endpoint, region: endpoints.region, userPoolClientId: endpoints.cognito.userPoolClientId };

describe("npm run smoke's sign-in", () => {
  it('answers the authenticator code from SMOKE_TOTP_SECRET, and names the variable when it is missing', async () => {
    const member = await createMember(endpoints, 'smoke-totp');
    const { accessToken } = await signIn(endpoints, member.email, MEMBER_PASSWORD);
    const client = cognito(endpoints);
    const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    const secret = String(SecretCode);
    await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(secret) }));

    await expect(smokeSignIn(target, member.email, MEMBER_PASSWORD, undefined)).rejects.toThrow(
      'the account asks for its authenticator code: set SMOKE_TOTP_SECRET to the secret the app was given',
    );
    await expect(smokeSignIn(target, member.email, MEMBER_PASSWORD, secret)).resolves.toMatch(/^ey/);
  });

  it("names Cognito's refusal of a wrong password", async () => {
    const member = await createMember(endpoints, 'smoke-wrong');
    await expect(smokeSignIn(target, member.email, 'wrong-password-1A!', undefined)).rejects.toThrow(/^InitiateAuth refused: \w+Exception/);
  });
});
