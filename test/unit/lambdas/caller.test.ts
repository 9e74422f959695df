import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { callerFromEvent, parseGroups } from '#http/caller';

function eventWithClaims(claims: Record<string, string | string[]> | undefined) {
  return {
    requestContext: claims ? { authorizer: { jwt: { claims, scopes: [] } } } : {},
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

describe('the caller', () => {
  it("reads API Gateway's bracketed group string and plain lists", () => {
    expect(parseGroups('[admin]')).toEqual(['admin']);
    expect(parseGroups('[admin editors]')).toEqual(['admin', 'editors']);
    expect(parseGroups(['admin'])).toEqual(['admin']);
    expect(parseGroups(undefined)).toEqual([]);
    expect(parseGroups('[]')).toEqual([]);
  });

  it("is the access token's subject", () => {
    expect(callerFromEvent(eventWithClaims({ sub: 'u1', token_use: 'access', 'cognito:groups': '[admin]', username: 'name-1' }))).toEqual({
      uid: 'u1',
      username: 'name-1',
      groups: ['admin'],
    });
  });

  it('falls back to the subject as username (email sign-in makes them equal)', () => {
    expect(callerFromEvent(eventWithClaims({ sub: 'u1', token_use: 'access' }))?.username).toBe('u1');
  });

  it('is nobody without claims, without a subject, or with an ID token', () => {
    expect(callerFromEvent(eventWithClaims(undefined))).toBeNull();
    expect(callerFromEvent(eventWithClaims({ token_use: 'access' }))).toBeNull();
    expect(callerFromEvent(eventWithClaims({ sub: 'u1', token_use: 'id' }))).toBeNull();
  });
});
