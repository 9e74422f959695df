import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { CognitoIdentityProviderClient, ConfirmSignUpCommand, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { signUpOptions } from '../../lambdas/contracts/sign-up.ts';
import { PROXY_SECRET_HEADER } from '../../local/api-gateway-event.ts';
import type { Endpoints } from '../../local/cloud-files.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/local-aws.ts';
import { ok } from './callable-client.ts';

/**
 * Helpers for tests that talk to a running local cloud the way the SPA does (its callables: the
 * typed client of callable-client.ts).
 */

export function cognito(endpoints: Endpoints): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint: endpoints.cognito.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

/** A unique address per call, so test files running in parallel never meet. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * A name prefix of eleven lowercase letters nobody else's name or email starts with (digits become
 * letters: search matches names by lowercase prefix, so a test finds exactly its own members).
 */
export function uniqueToken(): string {
  return `z${randomBytes(5)
    .toString('hex')
    .replace(/[0-9]/g, (digit) => 'abcdefghij'.charAt(Number(digit)))}`;
}

export interface Tokens {
  accessToken: string;
  idToken: string;
}

export async function signIn(endpoints: Endpoints, email: string, password: string): Promise<Tokens> {
  const { AuthenticationResult } = await cognito(endpoints).send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: endpoints.cognito.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (!AuthenticationResult?.AccessToken || !AuthenticationResult.IdToken) throw new Error(`No tokens for ${email}`);
  return { accessToken: AuthenticationResult.AccessToken, idToken: AuthenticationResult.IdToken };
}

/** Signs in and answers the access and refresh tokens (to see a sign-out revoke the refresh token). */
export async function signInWithRefresh(endpoints: Endpoints, email: string, password: string) {
  const { AuthenticationResult } = await cognito(endpoints).send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: endpoints.cognito.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return { accessToken: String(AuthenticationResult?.AccessToken), refreshToken: String(AuthenticationResult?.RefreshToken) };
}

/** A refresh as Amplify's refresher makes it (REFRESH_TOKEN_AUTH). */
export function refreshTokens(endpoints: Endpoints, refreshToken: string) {
  return cognito(endpoints).send(
    new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: endpoints.cognito.userPoolClientId, AuthParameters: { REFRESH_TOKEN: refreshToken } }),
  );
}

/**
 * The sign-up ticket validateInviteCode issues for a code (PreSignUp admits only with one), asked
 * for as step 1 of the SPA does: with city and state 'Unknown'.
 */
export async function signUpTicketFor(endpoints: Endpoints, inviteCode: string, headers?: Record<string, string>): Promise<string> {
  const { signUpTicket } = await ok(endpoints, 'validateInviteCode', {
    data: { inviteCode, userLocation: { city: 'Unknown', state: 'Unknown' } },
    headers,
  });
  return signUpTicket;
}

/**
 * Self sign-up as the SPA does it: the invite code and its sign-up ticket travel in clientMetadata
 * for PreSignUp. The ticket is asked for unless given (null: none, to see the refusal).
 */
export async function signUp(endpoints: Endpoints, email: string, password: string, inviteCode?: string, ticket?: string | null) {
  const signUpTicket =
    inviteCode === undefined || ticket === null ? undefined : (ticket ?? (await signUpTicketFor(endpoints, inviteCode).catch(() => undefined)));
  return cognito(endpoints).send(
    new SignUpCommand({
      ClientId: endpoints.cognito.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
      ClientMetadata: inviteCode === undefined ? undefined : { inviteCode, ...(signUpTicket && { signUpTicket }) },
    }),
  );
}

/**
 * Step 2 of the SPA's sign-up (signUpOptions: the code as an attribute, code and ticket in
 * clientMetadata). The ticket is asked for as step 1 does (from `headers`' client) unless given.
 */
export async function signUpAsSpa(
  endpoints: Endpoints,
  options: { email: string; password: string; displayName: string; inviteCode: string; signUpTicket?: string; headers?: Record<string, string> },
) {
  const { email, password, displayName, inviteCode, headers } = options;
  const signUpTicket = options.signUpTicket ?? (await signUpTicketFor(endpoints, inviteCode, headers));
  const { userAttributes, clientMetadata } = signUpOptions({ email, displayName, inviteCode, signUpTicket });
  return cognito(endpoints).send(
    new SignUpCommand({
      ClientId: endpoints.cognito.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: Object.entries(userAttributes).map(([Name, Value]) => ({ Name, Value })),
      ClientMetadata: clientMetadata,
    }),
  );
}

export function confirmSignUp(endpoints: Endpoints, email: string, code: string) {
  return cognito(endpoints).send(new ConfirmSignUpCommand({ ClientId: endpoints.cognito.userPoolClientId, Username: email, ConfirmationCode: code }));
}

export interface MailboxMessage {
  to: string;
  subject: string;
  code: string;
  sentAt: string;
}

export async function mailbox(endpoints: Endpoints, to: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${endpoints.mailboxUrl}?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`Mailbox answered ${response.status}`);
  return (await response.json()) as MailboxMessage[];
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request with what fetch will not set: the Host header (a DNS-rebinding page's requests
 * name its own host) and the address the request comes from (`from`, e.g. loopbackAddress()).
 */
export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers, localAddress: options.from }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

/**
 * A client address of its own on this machine: the kernel routes all of 127.0.0.0/8 to the
 * loopback interface, so a request sent `from` it reaches the local cloud with this peer address.
 */
export function loopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/**
 * Headers of a request as the web dev server's proxy forwards it for a browser at `address`: the
 * gateway believes X-Forwarded-For only beside the proxy's secret, which the local cloud's owner
 * (the global setup) hands the tests. So a test stands in for clients at many addresses honestly.
 */
export function proxiedFrom(address: string): Record<string, string> {
  return { 'x-forwarded-for': address, [PROXY_SECRET_HEADER]: inject('localCloudSecrets').proxySecret };
}
