import { JwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

export interface JwtAuthorizerOptions {
  /** `${cognito endpoint}/${userPoolId}`: what cognito-local writes into `iss`. */
  issuer: string;
  /** The app client ids the API accepts (the authorizer's "audience"). */
  audience: string[];
}

export type Authorization = { ok: true; claims: JwtPayload } | { ok: false; reason: string };

/**
 * aws-jwt-verify's default fetcher refuses plain http; cognito-local serves its JWKS over http on
 * localhost only, so a fetch-based fetcher is enough here (never used on AWS).
 */
const httpFetcher = {
  async fetch(uri: string): Promise<ArrayBuffer> {
    const response = await fetch(uri);
    if (!response.ok) throw new Error(`JWKS fetch from ${uri} answered ${response.status}`);
    return response.arrayBuffer();
  },
};

/**
 * Checks a bearer token the way API Gateway's HTTP API JWT authorizer does for a Cognito issuer:
 * signature (JWKS of the issuer, RS256, key id), `iss`, `exp`/`nbf`, and the audience, which is
 * matched against `aud` when the token has one (ID tokens) and against `client_id` otherwise
 * (access tokens). Like the authorizer, it does not care about `token_use`: the handlers do.
 * (CognitoJwtVerifier would be the usual choice, but it rejects cognito-local's `local_` pool ids.)
 */
export function createJwtAuthorizer(options: JwtAuthorizerOptions) {
  const verifier = JwtVerifier.create(
    {
      issuer: options.issuer,
      jwksUri: `${options.issuer}/.well-known/jwks.json`,
      audience: null,
      customJwtCheck: ({ payload }) => {
        const audience = payload.aud ?? payload.client_id;
        const candidates = Array.isArray(audience) ? audience : [audience];
        if (!candidates.some((value) => typeof value === 'string' && options.audience.includes(value))) {
          throw new Error('Token audience is not one of the API audiences');
        }
      },
    },
    { jwksCache: new SimpleJwksCache({ fetcher: httpFetcher }) },
  );

  return {
    async authorize(authorizationHeader: string | undefined): Promise<Authorization> {
      if (!authorizationHeader) return { ok: false, reason: 'No Authorization header' };
      // API Gateway takes the header's value after an optional "Bearer " prefix.
      const token = authorizationHeader.replace(/^Bearer\s+/i, '').trim();
      if (!token) return { ok: false, reason: 'Empty bearer token' };
      try {
        return { ok: true, claims: await verifier.verify(token) };
      } catch (error) {
        return { ok: false, reason: (error as Error).message };
      }
    },
  };
}

export type JwtAuthorizer = ReturnType<typeof createJwtAuthorizer>;
