import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword as amplifyConfirmResetPassword,
  confirmSignIn as amplifyConfirmSignIn,
  confirmSignUp as amplifyConfirmSignUp,
  decodeJWT,
  fetchAuthSession,
  resendSignUpCode as amplifyResendSignUpCode,
  resetPassword as amplifyResetPassword,
  signIn as amplifySignIn,
  signOut as amplifySignOut,
  signUp as amplifySignUp,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { WebConfig } from '#contracts/web-config';
import { loadConfig } from './config.ts';

/** Amplify does not export its TokenRefresher type; this is it. */
type TokenRefresher = Parameters<typeof cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher>[0];

/**
 * This module (and with it Amplify) is only ever imported dynamically, by session.ts and
 * api-client.ts, so pages that need no session do not download it. Every export waits for this.
 */
let configured: Promise<void> | undefined;
/** Exported for account-auth.ts (signed-in account controls), which is loaded the same way. */
export function ready(): Promise<void> {
  configured ??= loadConfig().then(configureAuth, (error: unknown) => {
    configured = undefined;
    throw error;
  });
  return configured;
}

function configureAuth(config: WebConfig): void {
  const { userPoolId, userPoolClientId, endpoint } = config.cognito;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId,
        userPoolClientId,
        ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  // cognito-local lacks GetTokensFromRefreshToken, which Amplify's own refresher calls.
  if (endpoint) {
    cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(initiateAuthRefresher(endpoint, userPoolClientId));
  }
}

/**
 * Refreshes tokens with InitiateAuth REFRESH_TOKEN_AUTH (what cognito-local supports). Errors carry
 * Cognito's exception name so Amplify's orchestrator clears the session on NotAuthorizedException.
 */
export function initiateAuthRefresher(endpoint: string, clientId: string): TokenRefresher {
  return async ({ tokens, username }) => {
    if (!tokens.refreshToken) throw namedError('NotAuthorizedException', 'No refresh token');
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId,
        AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
      }),
    });
    const body = (await response.json().catch(() => ({}))) as {
      __type?: string;
      message?: string;
      AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
    };
    const result = body.AuthenticationResult;
    if (!response.ok || !result?.AccessToken) {
      const name = body.__type?.split('#').pop() ?? 'ServiceException';
      throw namedError(name, body.message ?? `Token refresh failed (HTTP ${response.status})`);
    }
    const accessToken = decodeJWT(result.AccessToken);
    const issuedAt = accessToken.payload.iat ?? Math.floor(Date.now() / 1000);
    return {
      accessToken,
      idToken: result.IdToken ? decodeJWT(result.IdToken) : undefined,
      clockDrift: issuedAt * 1000 - Date.now(),
      refreshToken: result.RefreshToken ?? tokens.refreshToken,
      username,
    };
  };
}

function namedError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/**
 * Amplify answers two Cognito refusals of the password as steps rather than errors
 * (getSignInResultFromError in @aws-amplify/auth 6.21): UserNotConfirmedException as CONFIRM_SIGN_UP
 * and PasswordResetRequiredException (an account in RESET_REQUIRED) as RESET_PASSWORD. Naming them
 * back lets the screens handle the step and the thrown exception alike.
 */
const EXCEPTION_OF_STEP: Partial<Record<string, string>> = {
  CONFIRM_SIGN_UP: 'UserNotConfirmedException',
  RESET_PASSWORD: 'PasswordResetRequiredException',
};

export class SignInIncompleteError extends Error {
  constructor(readonly step: string) {
    super(`Sign-in needs a further step: ${step}`);
    this.name = EXCEPTION_OF_STEP[step] ?? 'SignInIncompleteError';
  }
}

/**
 * Signs in with the password flow. cognito-local supports only USER_PASSWORD_AUTH (no SRP), and
 * the AWS app client allows it too, so every stage uses the same flow.
 */
export async function signIn(email: string, password: string): Promise<void> {
  await ready();
  // A stale session (e.g. another account) would make Amplify refuse with UserAlreadyAuthenticated.
  await amplifySignOut().catch(() => undefined);
  const { isSignedIn, nextStep } = await amplifySignIn({
    username: email.trim(),
    password,
    options: { authFlowType: 'USER_PASSWORD_AUTH' },
  });
  if (!isSignedIn) throw new SignInIncompleteError(nextStep.signInStep);
}

/**
 * The sign-in step of an account with an authenticator app (admins are asked to add one):
 * Cognito answers the password with a SOFTWARE_TOKEN_MFA challenge, and the app's code finishes it.
 */
export const TOTP_SIGN_IN_STEP = 'CONFIRM_SIGN_IN_WITH_TOTP_CODE';

export async function confirmSignInWithCode(code: string): Promise<void> {
  await ready();
  const { isSignedIn, nextStep } = await amplifyConfirmSignIn({ challengeResponse: code.trim() });
  if (!isSignedIn) throw new SignInIncompleteError(nextStep.signInStep);
}

/** What Amplify's signUp takes beside username and password (see #contracts/sign-up). */
export interface SignUpOptions {
  userAttributes: Record<string, string>;
  /** Passed to Cognito's Lambda triggers (PreSignUp). */
  clientMetadata?: Record<string, string>;
  /** Passed to PreSignUp as validationData on AWS (cognito-local passes only clientMetadata). */
  validationData?: Record<string, string>;
}

/** Creates the Cognito account; Cognito then emails the verification code. */
export async function signUp(email: string, password: string, options: SignUpOptions): Promise<void> {
  await ready();
  await amplifySignUp({ username: email.trim(), password, options });
}

export async function confirmSignUp(email: string, code: string): Promise<void> {
  await ready();
  await amplifyConfirmSignUp({ username: email.trim(), confirmationCode: code.trim() });
}

export async function resendSignUpCode(email: string): Promise<void> {
  await ready();
  await amplifyResendSignUpCode({ username: email.trim() });
}

/** Sends the password-reset code to the address. */
export async function resetPassword(email: string): Promise<void> {
  await ready();
  await amplifyResetPassword({ username: email.trim() });
}

export async function confirmResetPassword(email: string, code: string, newPassword: string): Promise<void> {
  await ready();
  await amplifyConfirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword });
}

export async function signOut(): Promise<void> {
  await ready();
  await amplifySignOut();
}

export interface AuthSession {
  userId: string;
  email: string;
  /** The ID token's email_verified claim; see session.ts for why the guard does not rely on it. */
  emailVerifiedClaim: boolean;
  groups: string[];
}

/** The signed-in session from Amplify's stored tokens (refreshing them if needed), or null. */
export async function currentSession(): Promise<AuthSession | null> {
  await ready();
  const { tokens } = await fetchAuthSession();
  if (!tokens?.accessToken) return null;
  const access = tokens.accessToken.payload;
  const id = tokens.idToken?.payload ?? {};
  const groups = access['cognito:groups'];
  return {
    userId: String(access.sub ?? id.sub ?? ''),
    email: typeof id.email === 'string' ? id.email : '',
    emailVerifiedClaim: id.email_verified === true || id.email_verified === 'true',
    groups: Array.isArray(groups) ? groups.map(String) : [],
  };
}

/**
 * Fetches new tokens now, e.g. after the server changed the member's groups (setAdminClaim). Uses
 * the refresher above locally, Amplify's own on AWS.
 */
export async function refreshSession(): Promise<AuthSession | null> {
  await ready();
  await fetchAuthSession({ forceRefresh: true });
  return currentSession();
}

/** The Cognito access token for calling the API, or undefined when signed out. */
export async function accessToken(): Promise<string | undefined> {
  await ready();
  const { tokens } = await fetchAuthSession();
  return tokens?.accessToken.toString();
}
