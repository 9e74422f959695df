import { describe, expect, it } from 'vitest';
import { isEndedBySessionEpoch, sessionEpochAt } from '../../../lambdas/domain/session-epoch.ts';
import { callerFromEvent, issuedAtOf } from '../../../lambdas/http/caller.ts';
import { tableEventOf } from '#data/changes';
import { classifyChange, type ChangedItem } from '#data/table';

/** What a change means, its key read as the consumer reads it. */
const eventOf = (change: Omit<ChangedItem, 'sequenceNumber'>) => tableEventOf(classifyChange(change));

describe('the session epoch rule', () => {
  it('a sign-out writes the next whole second, so a token issued earlier in the same second is ended', () => {
    const signOut = new Date('2026-11-25T12:00:00.400Z');
    const epoch = sessionEpochAt(signOut);
    expect(epoch).toBe(Date.parse('2026-11-25T12:00:01Z') / 1000);
    const issuedThatSecond = Math.floor(Date.parse('2026-11-25T12:00:00.100Z') / 1000);
    expect(isEndedBySessionEpoch(issuedThatSecond, epoch)).toBe(true);
  });

  it('ends tokens issued before the epoch, keeps those issued at or after it (a new sign-in, a later refresh)', () => {
    expect(isEndedBySessionEpoch(999, 1000)).toBe(true);
    expect(isEndedBySessionEpoch(1000, 1000)).toBe(false);
    expect(isEndedBySessionEpoch(1600, 1000)).toBe(false);
  });

  it('without an epoch nothing is ended; with one, a caller without an issue time is', () => {
    expect(isEndedBySessionEpoch(5, null)).toBe(false);
    expect(isEndedBySessionEpoch(undefined, null)).toBe(false);
    expect(isEndedBySessionEpoch(undefined, undefined)).toBe(false);
    expect(isEndedBySessionEpoch(undefined, 1000)).toBe(true);
  });
});

describe("the caller's issue time", () => {
  const event = (claims: Record<string, unknown>) => ({ requestContext: { authorizer: { jwt: { claims, scopes: [] } } } }) as never;

  it('reads iat as API Gateway passes it (a string) and as the local gateway may (a number)', () => {
    expect(callerFromEvent(event({ sub: 'u1', token_use: 'access', iat: '1764072000' }))?.issuedAt).toBe(1764072000);
    expect(callerFromEvent(event({ sub: 'u1', token_use: 'access', iat: 1764072000 }))?.issuedAt).toBe(1764072000);
  });

  it('leaves it out when the claim is missing or not a whole number of seconds', () => {
    expect(callerFromEvent(event({ sub: 'u1', token_use: 'access' }))).not.toHaveProperty('issuedAt');
    for (const bad of ['', 'soon', '12.5', '-3', '0', true]) expect(issuedAtOf(bad), String(bad)).toBeUndefined();
  });
});

describe('what the table stream makes of a raised epoch', () => {
  const key = { pk: 'USER#u1', sk: 'PROFILE' };
  it('a new or higher epoch ends the member’s open pages; any other change of the record does not', () => {
    expect(eventOf({ eventName: 'MODIFY', oldImage: key, newImage: { ...key, sessionEpoch: 100 } })).toEqual({
      kind: 'member-signed-out',
      uid: 'u1',
    });
    expect(eventOf({ eventName: 'MODIFY', oldImage: { ...key, sessionEpoch: 100 }, newImage: { ...key, sessionEpoch: 160 } })).toEqual({
      kind: 'member-signed-out',
      uid: 'u1',
    });
    expect(eventOf({ eventName: 'MODIFY', oldImage: { ...key, sessionEpoch: 100 }, newImage: { ...key, sessionEpoch: 100, bio: 'new' } })).toEqual({
      kind: 'other',
    });
  });
});
