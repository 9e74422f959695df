import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callableNames, callables, type CallableName } from '../../lambdas/contracts/callables.ts';
import { friendshipIdOf } from '../../lambdas/domain/friendship.ts';
import { authzExpectations, type Fixture, type Outcome } from '../support/authz-expectations.ts';
import { BAD_TOKEN_IDENTITIES, createIdentities, IDENTITIES, type Identities, type Identity, type RealIdentity } from '../support/identities.ts';
import { callApi, type ApiAnswer } from '../support/local-cloud-client.ts';
import { clientAddress, createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';

/**
 * Every callable of the registry × every identity (test/support/identities.ts), each cell with its
 * asserted outcome (test/support/authz-expectations.ts). The requests carry the victim's ids
 * wherever a callable takes one; afterwards the victim's items are exactly as before, and the
 * removed member's still-valid token has written nothing.
 */

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { dynamo, tableName } = await import('../../lambdas/data/aws-clients.ts');

async function ok<T>(member: TestMember, name: CallableName, data: unknown): Promise<T> {
  const answer = await callApi(endpoints, name, { token: member.accessToken, data, headers: { 'x-forwarded-for': clientAddress() } });
  if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body as { result: T }).result;
}

/** Every item of the table that mentions one of `needles` (keys or attributes), in a stable order. */
async function itemsMentioning(...needles: string[]): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey }));
    for (const item of page.Items ?? []) {
      const text = JSON.stringify(item);
      if (needles.some((needle) => text.includes(needle))) found.push(item);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found.sort((a, b) => `${String(a.pk)}|${String(a.sk)}`.localeCompare(`${String(b.pk)}|${String(b.sk)}`));
}

async function buildFixture(): Promise<Fixture> {
  const [victim, bystander, bystanderFriend, stranger] = await Promise.all([
    createMember(endpoints, 'authz-victim', {
      displayName: 'Vicky Victim',
      location: { city: 'San Antonio', state: 'Texas' },
      extra: { photos: [{ id: 'authz-victim-photo', url: 'photos/authz-victim/photo.jpg', caption: 'mine', uploadedAt: new Date().toISOString() }] },
    }),
    createMember(endpoints, 'authz-bystander', { displayName: 'Bea Bystander' }),
    createMember(endpoints, 'authz-friend', { displayName: 'Fred Friend' }),
    createMember(endpoints, 'authz-stranger', { displayName: 'Stan Stranger' }),
  ]);
  const post = await ok<{ postId: string }>(victim, 'createPost', { content: 'For my anchors only', privacy: 'anchors' });
  await ok(victim, 'sendAnchorRequest', { userId: bystander.uid });
  await ok(victim, 'sendAnchorRequest', { userId: bystanderFriend.uid });
  await ok(bystanderFriend, 'acceptAnchorRequest', { userId: victim.uid });
  return {
    victim,
    victimPostId: post.postId,
    pendingFriendshipId: friendshipIdOf(victim.uid, bystander.uid),
    acceptedFriendshipId: friendshipIdOf(victim.uid, bystanderFriend.uid),
    victimPhotoId: 'authz-victim-photo',
    stranger,
  };
}

/** A cell as status, protocol error code and message (a success is its status alone). */
function describeAnswer(answer: ApiAnswer): { status: number; code?: string; message?: string } {
  const error = (answer.body as { error?: { status: string; message: string } }).error;
  return error ? { status: answer.status, code: error.status, message: error.message } : { status: answer.status };
}

describe('the authorization matrix: every callable × every identity', () => {
  let identities: Identities;
  let fixture: Fixture;
  let victimBefore: Record<string, unknown>[];
  const answers = new Map<string, ApiAnswer>();

  beforeAll(async () => {
    [identities, fixture] = await Promise.all([createIdentities(endpoints), buildFixture()]);
    const { member, anchor } = identities.members;
    await ok(member, 'sendAnchorRequest', { userId: anchor.uid });
    await ok(anchor, 'acceptAnchorRequest', { userId: member.uid });
    victimBefore = await itemsMentioning(fixture.victim.uid, fixture.victimPostId);
    const started = Date.now();
    // One callable at a time, its 14 identities side by side.
    for (const name of callableNames) {
      const row = authzExpectations[name];
      await Promise.all(
        IDENTITIES.map(async (identity) => {
          const answer = await callApi(endpoints, name, {
            token: identities.tokens[identity],
            data: row.input(fixture),
            headers: { 'x-forwarded-for': clientAddress() },
          });
          answers.set(`${name}/${identity}`, answer);
        }),
      );
    }
    console.log(`authz matrix: ${answers.size} calls in ${Date.now() - started} ms`);
  }, 120_000);

  it('has one row per callable of the registry, no more, no less', () => {
    expect(Object.keys(authzExpectations).sort()).toEqual([...callableNames].sort());
  });

  function answerOf(name: CallableName, identity: Identity): ApiAnswer {
    const answer = answers.get(`${name}/${identity}`);
    if (!answer) throw new Error(`No answer for ${name}/${identity}`);
    return answer;
  }

  function expected(name: CallableName, identity: Identity): Outcome {
    const row = authzExpectations[name];
    if ((BAD_TOKEN_IDENTITIES as readonly string[]).includes(identity)) {
      if (callables[name].access === 'public') return row.anonymous ?? { status: 200 };
      return { status: 401, code: 'unauthenticated', message: 'Please sign in to continue.' };
    }
    return row.expect[identity as RealIdentity];
  }

  it.each(callableNames)('%s answers every identity as its row says', (name) => {
    const actual = Object.fromEntries(IDENTITIES.map((identity) => [identity, describeAnswer(answerOf(name, identity))]));
    const wanted = Object.fromEntries(
      IDENTITIES.map((identity) => {
        const outcome = expected(name, identity);
        const { status } = outcome;
        if (!('code' in outcome)) return [identity, { status }];
        return [identity, { status, code: outcome.code, message: outcome.message ?? actual[identity]?.message }];
      }),
    );
    expect(actual).toEqual(wanted);
  });

  it("swapping the victim's ids into every request changed none of the victim's items", async () => {
    expect(victimBefore.length).toBeGreaterThanOrEqual(6);
    expect(await itemsMentioning(fixture.victim.uid, fixture.victimPostId)).toEqual(victimBefore);
  });

  it("no answer to anyone carries the victim's hidden post or email", () => {
    // The admin's own views (search, invite tree) show members' emails by design.
    const adminViews = new Set(callableNames.filter((name) => callables[name].access === 'admin'));
    for (const [cell, answer] of answers) {
      const body = JSON.stringify(answer.body);
      expect(body, cell).not.toContain('For my anchors only');
      if (!(adminViews.has(cell.split('/')[0] as CallableName) && cell.endsWith('/admin'))) expect(body, cell).not.toContain(fixture.victim.email);
    }
  });

  it("the removed member's still-valid token wrote nothing: no record, post, edge or picture slot", async () => {
    const left = await itemsMentioning(identities.members.removed.uid);
    // Only the abuse-limit counters keyed by the caller may mention them.
    expect(left.filter((item) => !String(item.pk).startsWith('RATE#'))).toEqual([]);
  });
});
