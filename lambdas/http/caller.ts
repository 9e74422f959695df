import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';

export interface Caller {
  uid: string;
  /** The Cognito username (access token `username` claim): what AdminGetUser takes. */
  username: string;
  groups: string[];
  /**
   * When the token was issued (its `iat`, seconds since the epoch): a sign-out everywhere ends every
   * token issued before the member's session epoch (lambdas/domain/session-epoch.ts). Absent only for
   * a caller built by hand (tests, benchmarks), which a member with an epoch then cannot pass as.
   */
  issuedAt?: number;
}

type Claims = Record<string, string | number | boolean | string[]>;

/**
 * API Gateway's JWT authorizer passes `cognito:groups` as the string "[admin other]"; a list is
 * accepted too, so the local gateway and tests may send either.
 */
export function parseGroups(raw: Claims[string] | undefined): string[] {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== 'string') return [];
  return raw
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

/**
 * The caller proven by the authorizer, or null. Only access tokens count: an ID token carries the
 * same `sub` but is meant for the browser, not for calling the API.
 */
export function callerFromEvent(event: Partial<APIGatewayProxyEventV2WithJWTAuthorizer>): Caller | null {
  const claims = event.requestContext?.authorizer?.jwt?.claims as Claims | undefined;
  if (!claims) return null;
  const { sub, token_use: tokenUse, username } = claims;
  if (typeof sub !== 'string' || !sub || tokenUse !== 'access') return null;
  // Cognito puts `username` in every access token; with email sign-in it equals the sub.
  const caller: Caller = { uid: sub, username: typeof username === 'string' && username ? username : sub, groups: parseGroups(claims['cognito:groups']) };
  const issuedAt = issuedAtOf(claims.iat);
  if (issuedAt !== undefined) caller.issuedAt = issuedAt;
  return caller;
}

/** API Gateway passes every claim as a string ("1764111600"); the local gateway and tests may pass the number. */
export function issuedAtOf(raw: Claims[string] | undefined): number | undefined {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

export const ADMIN_GROUP = 'admin';
