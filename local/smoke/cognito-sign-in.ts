import { createHmac } from 'node:crypto';

/**
 * Signing in as the SPA does, without AWS credentials: Cognito's public InitiateAuth
 * (USER_PASSWORD_AUTH, the flow the app client allows) over its JSON API, and the authenticator
 * app's code when the account asks for one. The same requests reach cognito-local.
 */
export interface SignInTarget {
  /** cognito-local's URL locally; absent on AWS (the regional endpoint). */
  endpoint: string | undefined;
  region: string;
  userPoolClientId: string;
}

const TIMEOUT_MS = 15_000;

async function cognitoCall(target: SignInTarget, action: string, body: unknown): Promise<Record<string, unknown>> {
  const endpoint = target.endpoint ?? `https://cognito-idp.${target.region}.amazonaws.com/`;
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    // Cognito names the refusal (NotAuthorizedException: "Incorrect username or password.").
    const type = String(answer.__type ?? answer.code ?? response.status).replace(/^.*#/, '');
    throw new Error(`${action} refused: ${type}${answer.message ? `: ${String(answer.message)}` : ''}`);
  }
  return answer;
}

function base32Bytes(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const character of secret.replace(/=+$/, '')) bits += alphabet.indexOf(character).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP as authenticator apps compute it (SHA-1, 30 s, 6 digits). */
export function totpCode(base32Secret: string, at: Date = new Date()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 30_000)));
  const digest = createHmac('sha1', base32Bytes(base32Secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

/** The member's access token, or an error saying why not. */
export async function signIn(target: SignInTarget, email: string, password: string, totpSecret: string | undefined): Promise<string> {
  let answer = await cognitoCall(target, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: target.userPoolClientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  if (answer.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    if (!totpSecret) throw new Error('the account asks for its authenticator code: set SMOKE_TOTP_SECRET to the secret the app was given');
    answer = await cognitoCall(target, 'RespondToAuthChallenge', {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      ClientId: target.userPoolClientId,
      Session: answer.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(totpSecret) },
    });
  }
  if (answer.ChallengeName) throw new Error(`Cognito asks for ${String(answer.ChallengeName)}, which the smoke test cannot answer`);
  const token = (answer.AuthenticationResult as { AccessToken?: string } | undefined)?.AccessToken;
  if (!token) throw new Error('Cognito answered no access token');
  return token;
}
