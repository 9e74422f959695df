import { describe, expect, inject, it } from 'vitest';
import { ANCHOR_MESSAGES } from '../../lambdas/contracts/anchors.ts';
import { call, errorOf, ok } from '../support/callable-client.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';

/**
 * No graph oracle: acceptAnchorRequest, removeAnchorRequest and removeAnchor
 * take a friendship id built from two uids. A caller who is not one of the two gets one answer
 * whatever the pair's state, so nobody can map who is anchored to, asked, or blocked whom by
 * asking about other members' pairs. The pair's own members keep their answers (anchors.test.ts).
 */
const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { getFriendship } = await import('#data/graph');
const { friendshipIdOf } = await import('../../lambdas/domain/friendship.ts');

const PAIR_CALLABLES = ['acceptAnchorRequest', 'removeAnchorRequest', 'removeAnchor'] as const;

/** What a caller outside every pair is told, whatever the pair: the spec's "not part of" messages. */
const OUTSIDER_ANSWER = {
  acceptAnchorRequest: { status: 403, code: 'PERMISSION_DENIED', message: ANCHOR_MESSAGES.notPartOfRequest },
  removeAnchorRequest: { status: 403, code: 'PERMISSION_DENIED', message: ANCHOR_MESSAGES.notPartOfRequest },
  removeAnchor: { status: 403, code: 'PERMISSION_DENIED', message: ANCHOR_MESSAGES.notPartOfConnection },
} as const;

const send = (from: TestMember, to: TestMember) => ok(endpoints, 'sendAnchorRequest', { token: from.accessToken, data: { userId: to.uid } });
const accept = (by: TestMember, from: TestMember) => ok(endpoints, 'acceptAnchorRequest', { token: by.accessToken, data: { userId: from.uid } });
const block = (by: TestMember, other: TestMember) => ok(endpoints, 'blockMember', { token: by.accessToken, data: { userId: other.uid } });

/** Two new members, the one whose uid sorts first as `low` (so "either direction" is exact). */
async function pair(label: string): Promise<{ low: TestMember; high: TestMember }> {
  const [a, b] = await Promise.all([createMember(endpoints, `tp-${label}-a`), createMember(endpoints, `tp-${label}-b`)]);
  return a.uid < b.uid ? { low: a, high: b } : { low: b, high: a };
}

/** Every state a pair can be in, each built through the callables a member uses. */
const STATES: Record<string, (low: TestMember, high: TestMember) => Promise<unknown>> = {
  none: async () => undefined,
  'pending, asked by the first uid': (low, high) => send(low, high),
  'pending, asked by the second uid': (low, high) => send(high, low),
  anchored: async (low, high) => {
    await send(low, high);
    await accept(high, low);
  },
  'blocked by the first uid': (low, high) => block(low, high),
  'blocked by the second uid': (low, high) => block(high, low),
  'blocked both ways': async (low, high) => {
    await block(low, high);
    await block(high, low);
  },
  'anchored, then one side deleted their account': async (low, high) => {
    await send(low, high);
    await accept(high, low);
    await ok(endpoints, 'deleteMyAccount', { token: high.accessToken, data: { confirmationText: 'DELETE MY ACCOUNT' } });
  },
};

describe('a caller outside the pair', () => {
  it('gets the same answer from every pair callable whatever the pair is, and changes nothing', { timeout: 240_000 }, async () => {
    const outsider = await createMember(endpoints, 'tp-outsider');
    const pairs = await Promise.all(
      Object.entries(STATES).map(async ([state, build]) => {
        const { low, high } = await pair(state.replace(/\W+/g, '-'));
        await build(low, high);
        const friendshipId = friendshipIdOf(low.uid, high.uid);
        return { state, friendshipId, stored: await getFriendship(friendshipId) };
      }),
    );

    for (const name of PAIR_CALLABLES) {
      const answers: Record<string, unknown> = {};
      for (const { state, friendshipId } of pairs) {
        const answer = await call(endpoints, name, { token: outsider.accessToken, data: { friendshipId } });
        answers[state] = { status: answer.status, code: errorOf(answer)?.status, message: errorOf(answer)?.message };
      }
      // One answer for all states (named per state so a failure shows which one leaks).
      expect(answers, name).toEqual(Object.fromEntries(pairs.map(({ state }) => [state, OUTSIDER_ANSWER[name]])));
    }

    // Nothing the outsider asked changed a pair.
    for (const { state, friendshipId, stored } of pairs) {
      expect(await getFriendship(friendshipId), state).toEqual(stored);
    }
  });
});
