import { JwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { functionEnv, requiredEnv } from '#data/table';

/**
 * Verifies a member's Cognito access token where no API Gateway JWT authorizer stands in front (a
 * WebSocket API has none: its $connect checks the token itself). The checks are the HTTP API's
 * authorizer's (signature by the pool's JWKS, `iss`, `exp`/`nbf`, the app client) plus what
 * lambdas/http/caller.ts then asks of the claims: `token_use` must be `access`, `sub` present.
 *
 * Environment: TOKEN_ISSUER (`https://cognito-idp.{region}.amazonaws.com/{userPoolId}` on AWS,
 * cognito-local's issuer locally) and USER_POOL_CLIENT_ID (the app client whose tokens count).
 */
/** `issuedAt`: the token's `iat` (seconds), which a member's session epoch is compared with. */
export type AccessTokenCheck = { ok: true; uid: string; issuedAt: number } | { ok: false; reason: string };

/**
 * aws-jwt-verify's default fetcher refuses plain http; cognito-local serves its JWKS over http on
 * localhost, so only there (STAGE local) a fetch-based one is used.
 */
const httpFetcher = {
  async fetch(uri: string): Promise<ArrayBuffer> {
    const response = await fetch(uri);
    if (!response.ok) throw new Error(`JWKS fetch from ${uri} answered ${response.status}`);
    return response.arrayBuffer();
  },
};

function createVerifier() {
  const issuer = requiredEnv('TOKEN_ISSUER');
  const clientId = requiredEnv('USER_POOL_CLIENT_ID');
  const local = functionEnv('STAGE') === 'local' && issuer.startsWith('http://');
  return JwtVerifier.create(
    {
      issuer,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      // Access tokens carry the app client in client_id (they have no aud): checked below.
      audience: null,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'access') throw new Error('Not an access token');
        if (payload.client_id !== clientId) throw new Error('Token of another app client');
        if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('Token without a subject');
        if (typeof payload.iat !== 'number') throw new Error('Token without an issue time');
      },
    },
    local ? { jwksCache: new SimpleJwksCache({ fetcher: httpFetcher }) } : undefined,
  );
}

/** Built on first use and kept: the JWKS is fetched once per warm function. */
let verifier: ReturnType<typeof createVerifier> | undefined;

export async function verifyAccessToken(token: string | undefined): Promise<AccessTokenCheck> {
  if (!token) return { ok: false, reason: 'No token' };
  verifier ??= createVerifier();
  try {
    const payload = await verifier.verify(token);
    return { ok: true, uid: String(payload.sub), issuedAt: Number(payload.iat) };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}
