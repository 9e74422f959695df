import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callableNames, callables, type CallableName } from '../../lambdas/contracts/callables.ts';
import { dynamoDbClient } from '../../local/dynamodb-local.ts';
import { callApi } from '../support/local-cloud-client.ts';
import { createMember } from '../support/local-cloud-members.ts';
import { assertRefused, bigBodies, fuzzCallable, invokeRaw, memberFor, snapshot, useOwnFuzzStore, type FuzzCounts, type FuzzMember } from '../support/fuzz-harness.ts';
import { VALID_SAMPLES } from '../support/fuzz-inputs.ts';

/**
 * Hostile input (issue 6): every callable of the registry gets at least 200 generated cases in
 * process (fast-check), each against a member of its own. Refused cases answer 400 and leave the
 * table and the bucket exactly as they were; no case ever answers 5xx or leaves the protocol.
 * `npm run fuzz:long` runs the same batches with 2,000 cases each.
 */

const endpoints = inject('endpoints');
const REFUSED_RUNS = 130;
const MIXED_RUNS = 50;
const counts: FuzzCounts[] = [];
const members = new Map<CallableName, FuzzMember>();

function memberOf(name: CallableName): FuzzMember {
  const member = members.get(name);
  if (!member) throw new Error(`No fuzz member for ${name}`);
  return member;
}

beforeAll(async () => {
  await useOwnFuzzStore(endpoints);
  // A handful at a time: each is a Cognito account and a sign-in.
  for (let i = 0; i < callableNames.length; i += 8) {
    const batch = callableNames.slice(i, i + 8);
    const created = await Promise.all(batch.map((name) => memberFor(endpoints, name)));
    created.forEach((member, index) => members.set(batch[index] as CallableName, member));
  }
}, 180_000);

afterAll(() => {
  if (!counts.length) return;
  const total = counts.reduce((sum, row) => sum + row.total, 0);
  const lines = counts.map((row) => `  ${row.name}: ${row.total} (${row.refused} refused, ${row.forbidden} forbidden fields, ${row.mixed} mixed)`);
  console.log(`Hostile input: ${total} cases over ${counts.length} callables\n${lines.join('\n')}`);
});

describe('hostile input: the samples', () => {
  it('every callable of the registry has a valid sample its contract accepts', () => {
    for (const name of callableNames) {
      expect(VALID_SAMPLES[name], name).toBeDefined();
      expect(callables[name].input.safeParse(VALID_SAMPLES[name]).success, name).toBe(true);
    }
  });
});

describe('hostile input: every callable', () => {
  it.each(callableNames)('%s: 200+ hostile cases, no 5xx, refused ones change nothing', { timeout: 60_000 }, async (name) => {
    const row = await fuzzCallable(name, memberOf(name), { refusedRuns: REFUSED_RUNS, mixedRuns: MIXED_RUNS });
    counts.push(row);
    expect(row.total).toBeGreaterThanOrEqual(200);
  });
});

describe('hostile input: bodies up to 10 MB', () => {
  const sampled: CallableName[] = ['createPost', 'updateProfile', 'validateInviteCode', 'confirmPhotoUpload'];

  it('in process: 300 KB, 1 MB and 10 MB bodies are refused (400) and change nothing', async () => {
    const before = await snapshot();
    for (const name of sampled) {
      for (const big of bigBodies(name)) {
        const answer = await invokeRaw(name, memberOf(name).claims, big.body);
        assertRefused(answer, `${name} ${big.kind}`);
        expect((answer.body as { error: { message: string } }).error.message).toBe('The request is too large.');
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('through the local gateway: refused with the protocol body (400 past 256 KB, 413 past 10 MB), nothing written', async () => {
    // The gateway's handlers read the cloud's own table: the member's record goes there.
    const fuzzTable = process.env.TABLE_NAME;
    process.env.TABLE_NAME = endpoints.dynamodb.tableName;
    const member = await createMember(endpoints, 'fuzz-gateway').finally(() => (process.env.TABLE_NAME = fuzzTable));
    const client = DynamoDBDocumentClient.from(dynamoDbClient(endpoints.dynamodb.endpoint));
    const partition = () =>
      client.send(new QueryCommand({ TableName: endpoints.dynamodb.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${member.uid}` } }));
    try {
      const before = await partition();
      for (const big of bigBodies('createPost')) {
        const answer = await callApi(endpoints, 'createPost', { token: member.accessToken, rawBody: big.body });
        assertRefused({ status: answer.status, body: answer.body, headers: {} }, `gateway createPost ${big.kind}`);
      }
      const tooBig = `{"data":{"content":"${'x'.repeat(10 * 1024 * 1024 + 16)}","privacy":"anchors"}}`;
      const answer = await callApi(endpoints, 'createPost', { token: member.accessToken, rawBody: tooBig });
      // API Gateway's own limit: the gateway answers before any Lambda, still in the protocol's shape.
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ error: { status: 'invalid-argument', message: 'The request is too large.' } });
      expect((await partition()).Items).toEqual(before.Items);
    } finally {
      client.destroy();
    }
  });
});
