import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { communityMetricsSchema, sharedCommunityMetricsSchema, type CommunityMetrics } from '../../lambdas/contracts/metrics.ts';
import type { User } from '../../lambdas/contracts/user.ts';
import { inviterDigest } from '../../lambdas/domain/metrics-counters.ts';
import { newUserRecord } from '../../lambdas/domain/new-user.ts';
import { TTL_DELETION_IDENTITY } from '../../lambdas/streams/stream-mapping.ts';
import { ensureTable } from '../../local/dynamodb-local.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/local-aws.ts';
import { startTableStreamPoller, type TableStreamPoller } from '../../local/table-stream.ts';
import { call, callRaw, ok } from '../support/callable-client.ts';
import { createMember, useLocalCloudData } from '../support/local-cloud-members.ts';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { runDailyMetrics } = await import('../../lambdas/workflows/daily-metrics.ts');
const { scanCommunity } = await import('#data/metrics');
const { createMetricsTally } = await import('../../lambdas/domain/community-metrics.ts');
const { createUserWithInviteCode, getUser } = await import('#data/members');
const { consumeInvite } = await import('#data/invites');
const { classifyChange, keys, postKeys } = await import('#data/table');
const { friendshipIdOf } = await import('../../lambdas/domain/friendship.ts');
const { createAnchoredMembers } = await import('#data/graph');
const { dummyMember } = await import('../../lambdas/handlers/dev/dummy-members.ts');
const { postItem } = await import('#data/posts');
const { adjustCounters, readCounters } = await import('#data/metrics');
const { readRanking, rerankInviter, rerankInviters } = await import('#data/metrics');
const { forgetInMetrics } = await import('#data/removal');
const { countForMetrics } = await import('../../lambdas/streams/count-for-metrics.ts');
const { counterNames } = await import('../../lambdas/domain/metrics-counters.ts');
const { checkCounters } = await import('../../local/metrics/compare.ts');
const { handler: tableStreamConsumer } = await import('../../lambdas/streams/table-stream.ts');

const sharedTable = endpoints.dynamodb.tableName;
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: endpoints.dynamodb.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }));
afterAll(() => client.destroy());

const metricsOf = async (table: string, date: string) =>
  (await client.send(new GetCommand({ TableName: table, Key: { pk: 'METRICS', sk: date }, ConsistentRead: true }))).Item;

const put = (table: string, Item: Record<string, unknown>) => client.send(new PutCommand({ TableName: table, Item }));

describe('the daily metrics job on a seeded community (a table of its own, so other test files cannot move the figures)', () => {
  // The integration cloud is shared by every test file; this community lives in a fresh table of
  // the same DynamoDB Local, created from the same schema (with its stream), and the job runs in
  // this process. So does the stream's consumer: a poller of this table's stream (the local event
  // source mapping) hands every change to the module CDK deploys, which keeps the counters.
  const table = `metrics-${randomUUID().slice(0, 8)}`;
  const RUN = new Date('2031-03-04T00:05:00.000Z'); // window: from 2031-02-02T00:00:00.000Z
  const workDir = mkdtempSync(join(tmpdir(), 'anchored-metrics-stream-'));
  let stream: TableStreamPoller;

  /** Once the consumer has counted every change so far; nothing it was given failed. */
  async function counted(): Promise<void> {
    await stream.drained();
    expect(stream.failures()).toEqual([]);
  }

  /** A member record as createUserRecord writes it (verified), with the dates and place chosen. */
  async function seedMember(
    uid: string,
    options: {
      createdAt: string;
      lastActive: string;
      city?: string;
      state?: string;
      completed?: boolean;
      pendingCode?: string;
      verified?: boolean;
      isSuperuser?: boolean;
      /** Verified in person (by an admin, as a new community's first members are). */
      inPerson?: boolean;
    },
  ): Promise<User> {
    const base = newUserRecord({
      uid,
      email: `${uid}@example.com`,
      displayName: uid,
      inviteCode: `${uid.toUpperCase()}CODE`.slice(0, 8),
      invitedBy: null,
      pendingInviteCode: options.pendingCode ?? null,
      now: new Date(options.createdAt),
    });
    const user: User = {
      ...base,
      isVerified: options.verified ?? true,
      isSuperuser: options.isSuperuser ?? false,
      ...(options.inPerson && { verificationLevel: 'verified', verifiedVia: 'admin' as const, verifiedAt: options.createdAt }),
      lastActive: options.lastActive,
      profileCompleted: options.completed ?? true,
      location: { ...base.location, city: options.city ?? '', state: options.state ?? '' },
    };
    await createUserWithInviteCode(user);
    return user;
  }

  /** The real consumption transaction (inviter's counters + invitee's invitedBy). */
  async function consume(inviter: string, invitee: string, inviteType: 'local' | 'distant' | 'unrestricted' = 'local') {
    const outcome = await consumeInvite(
      { inviterUid: inviter, inviteeUid: invitee, inviteType, place: null, reservationOf: null, now: RUN },
      inviteType === 'unrestricted',
    );
    expect(outcome).toEqual({ ok: true });
  }

  /** A pair as accepting writes it: the FRIENDSHIP# item and one edge per member (counted once). */
  async function seedPair(a: string, b: string, status: 'accepted' | 'pending', connectionType: 'local' | 'distant') {
    const friendshipId = friendshipIdOf(a, b);
    const fields = {
      friendshipId,
      users: [a, b].sort(),
      status,
      requestedBy: a,
      requestedAt: RUN.toISOString(),
      acceptedAt: status === 'accepted' ? RUN.toISOString() : null,
      connectionType,
      invitationChain: false,
      mutualFriends: 0,
    };
    await put(table, { ...keys.friendship(friendshipId), ...fields });
    await put(table, { ...keys.anchorEdge(a, b), otherUid: b, direction: 'sent', ...fields });
    await put(table, { ...keys.anchorEdge(b, a), otherUid: a, direction: 'received', ...fields });
  }

  beforeAll(async () => {
    await ensureTable(endpoints.dynamodb.endpoint, table);
    process.env.TABLE_NAME = table;
    // Before the first write: a new stream is read from its end.
    stream = await startTableStreamPoller({
      endpoint: endpoints.dynamodb.endpoint,
      tableName: table,
      failuresFile: join(workDir, 'failures.jsonl'),
      mapping: { retryAttempts: 2 },
      retryDelayMs: () => 0,
    });

    const founder = await seedMember('founder', {
      createdAt: '2030-01-01T00:00:00.000Z',
      lastActive: '2031-03-03T10:00:00.000Z',
      city: 'Springfield',
      state: 'IL',
      isSuperuser: true,
      inPerson: true,
    });
    // Joined long ago, last seen before the window: came and left.
    await seedMember('ann', {
      createdAt: '2030-06-01T00:00:00.000Z',
      lastActive: '2031-01-10T00:00:00.000Z',
      city: 'Springfield',
      state: 'IL',
      pendingCode: 'FOUNDERC',
    });
    await seedMember('bob', {
      inPerson: true,
      createdAt: '2031-02-20T00:00:00.000Z',
      lastActive: '2031-02-20T00:00:00.000Z',
      city: 'Chicago',
      state: 'IL',
      pendingCode: 'FOUNDERC',
    });
    // Last seen exactly when the window opens: active.
    await seedMember('cat', {
      createdAt: '2031-01-01T00:00:00.000Z',
      lastActive: '2031-02-02T00:00:00.000Z',
      city: 'Springfield',
      state: 'IL',
      pendingCode: 'ANNCODE',
    });
    // Signed up with ann's / the founder's code; the invite is not consumed (profile not done).
    await seedMember('dan', { createdAt: '2031-03-01T00:00:00.000Z', lastActive: '2031-03-01T00:00:00.000Z', completed: false, pendingCode: 'ANNCODE' });
    await seedMember('eve', { createdAt: '2031-03-02T00:00:00.000Z', lastActive: '2031-03-02T00:00:00.000Z', completed: false, pendingCode: 'FOUNDERC' });
    // One millisecond before the window: inactive, and joined long ago: a refugee.
    await seedMember('gus', {
      createdAt: '2030-12-01T00:00:00.000Z',
      lastActive: '2031-02-01T23:59:59.999Z',
      city: 'Chicago',
      state: 'IL',
      pendingCode: 'ANNCODE',
    });
    await seedMember('hal', {
      createdAt: '2031-03-03T00:00:00.000Z',
      lastActive: '2031-03-03T00:00:00.000Z',
      city: 'Chicago',
      state: 'IL',
      pendingCode: 'BOBCODE',
    });
    // A dev dummy (unverified): counted nowhere.
    await seedMember('dummy', {
      createdAt: '2020-01-01T00:00:00.000Z',
      lastActive: '2020-01-01T00:00:00.000Z',
      city: 'Springfield',
      state: 'IL',
      verified: false,
      inPerson: true,
    });

    await consume('founder', 'ann', 'unrestricted');
    await consume('founder', 'bob', 'unrestricted');
    await consume('ann', 'cat');
    await consume('ann', 'gus', 'distant');
    await consume('bob', 'hal');

    await seedPair('founder', 'ann', 'accepted', 'local');
    await seedPair('founder', 'cat', 'accepted', 'local');
    await seedPair('bob', 'hal', 'accepted', 'local');
    await seedPair('founder', 'bob', 'accepted', 'distant');
    await seedPair('ann', 'gus', 'pending', 'local');
    // Dev tools' dummy anchor, as createDummyAnchors writes it: its accepted local pair counts nowhere.
    expect(await createAnchoredMembers('founder', [dummyMember(founder, 0, RUN)])).toEqual({ ok: true });
    // Items the job must step over: a post, a feed entry, a like, a rate window, an older record.
    const post = {
      postId: '01POST',
      authorId: 'founder',
      authorName: 'founder',
      authorPictureKey: '',
      authorVerified: false,
      content: 'hello',
      createdAt: RUN.toISOString(),
      privacy: 'anchors' as const,
      likeCount: 0,
      commentCount: 0,
      isWallPost: false,
      countsVersion: 0,
    };
    await put(table, postItem(post));
    await put(table, { ...postKeys.feedEntry('ann', '01POST'), authorId: 'founder' });
    await put(table, { ...postKeys.like('01POST', 'ann'), uid: 'ann' });
    await put(table, { ...keys.rateWindow('validateInviteCode', '10.0.0.1', 0), hits: 3 });
    await put(table, { ...keys.metrics('2031-03-03'), date: '2031-03-03', totalUsers: 7, calculatedAt: '2031-03-03T00:05:00.000Z' });
    await counted();
  });

  afterAll(async () => {
    await stream.stop();
    rmSync(workDir, { recursive: true, force: true });
    process.env.TABLE_NAME = sharedTable;
    const raw = new DynamoDBClient({ endpoint: endpoints.dynamodb.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
    await raw.send(new DeleteTableCommand({ TableName: table }));
    raw.destroy();
  });

  const expected: CommunityMetrics = {
    date: '2031-03-04',
    totalUsers: 8, // all but the dummy
    verifiedInPerson: 2, // the founder and bob (the dummy is verified in person but no member)
    activeUsers: 6, // all but ann and gus
    invitationAcceptanceRate: 0.7143, // 5 consumed of 7 accounts made with a code (dan, eve pending)
    platformRefugeeRate: 0.5, // joined before 02-02: founder, ann, cat, gus; inactive: ann, gus
    localConnectionDensity: 0.75, // 3 local of 4 accepted pairs (edges not counted, pending ignored)
    geographicClusters: { 'Chicago, IL': 3, 'Springfield, IL': 3 },
    topInviters: [
      { userId: 'ann', inviteCount: 2, acceptanceRate: 0.6667 }, // cat, gus; dan pending
      { userId: 'founder', inviteCount: 2, acceptanceRate: 0.6667 }, // ann, bob; eve pending
      { userId: 'bob', inviteCount: 1, acceptanceRate: 1 }, // hal
    ],
    basis: { invitedSignups: 7, invitesAccepted: 5, establishedMembers: 4, refugees: 2, acceptedConnections: 4, localConnections: 3 },
  };

  it('writes one METRICS record whose every figure equals the hand-computed one', async () => {
    const returned = await runDailyMetrics(RUN);
    expect(returned).toEqual(expected);
    const stored = await metricsOf(table, '2031-03-04');
    expect(stored).toEqual({ pk: 'METRICS', sk: '2031-03-04', ...expected });
    // The older record of another day is untouched.
    expect((await metricsOf(table, '2031-03-03'))?.totalUsers).toBe(7);
  });

  it('running it twice the same day (later that day) writes the identical record', async () => {
    const first = await metricsOf(table, '2031-03-04');
    await runDailyMetrics(new Date('2031-03-04T18:30:00.000Z'));
    expect(await metricsOf(table, '2031-03-04')).toEqual(first);
  });

  it('reads the counters, not the table: a Query of their partition, the same figures from many small pages', async () => {
    const { counters, pages } = await readCounters({ pageLimit: 5 });
    // A counter per figure, day, city, inviter and pending code (a few dozen), 5 read per page.
    expect(pages).toBeGreaterThan(counters.size / 5);
    expect(await runDailyMetrics(RUN, { pageLimit: 5 })).toEqual(expected);
  });

  it("the operator's check: a full scan in pages gives the same record, and the recount equals every stored counter", async () => {
    const tally = createMetricsTally('2031-03-04');
    let largestPage = 0;
    const { pages } = await scanCommunity((page) => {
      largestPage = Math.max(largestPage, page.length);
      tally.add(page);
    }, 3);
    expect(pages).toBeGreaterThan(10); // about 50 items, 3 read per page
    expect(largestPage).toBeLessThanOrEqual(3);
    expect(tally.finish()).toEqual(expected);
    const check = await checkCounters('2031-03-04');
    expect(check).toMatchObject({ scanned: expected, counted: expected, recordDifferences: [], counterDifferences: {}, rankingDifferences: [] });
  });

  it("the champions' ranking holds one entry per inviter who ranks, best first; the job reads its first 10", async () => {
    expect((await readRanking({ consistent: true })).map((entry) => entry.inviter)).toEqual(expected.topInviters);
  });

  it('the consumption transaction moved the counters the ranking relies on', async () => {
    expect((await getUser('ann'))?.inviteSystem).toMatchObject({ invitesUsed: 2, invitedBy: 'founder' });
    expect((await getUser('dan'))?.inviteSystem).toMatchObject({ invitedBy: null, pendingInviteCode: 'ANNCODE' });
  });

  /** A stream record as the event source mapping hands it to the consumer's Lambda. */
  function streamRecord(eventName: 'INSERT' | 'REMOVE', item: Record<string, unknown>, sequenceNumber: string, ttl = false): DynamoDBRecord {
    const image = marshall(item, { removeUndefinedValues: true }) as Record<string, AttributeValue>;
    return {
      eventID: randomUUID(),
      eventName,
      eventSource: 'aws:dynamodb',
      dynamodb: {
        Keys: marshall({ pk: item.pk, sk: item.sk }) as Record<string, AttributeValue>,
        SequenceNumber: sequenceNumber,
        StreamViewType: 'NEW_AND_OLD_IMAGES',
        ...(eventName === 'INSERT' ? { NewImage: image } : { OldImage: image }),
      },
      ...(ttl && { userIdentity: TTL_DELETION_IDENTITY }),
    };
  }
  const deliver = async (...records: DynamoDBRecord[]) => expect(await tableStreamConsumer({ Records: records })).toEqual({ batchItemFailures: [] });
  const members = async () => (await readCounters({ consistent: true })).counters.get('members');

  it('a change delivered again (a retried batch) counts once; a TTL deletion is never counted', async () => {
    const visitor = { ...keys.user('visitor'), uid: 'visitor', isVerified: true, createdAt: RUN.toISOString(), lastActive: RUN.toISOString() };
    const insert = streamRecord('INSERT', visitor, '900000000000000000001');
    await deliver(insert);
    expect(await members()).toBe(9);
    await deliver(insert, insert); // the batch retried from this record, and the record twice in one batch
    expect(await members()).toBe(9);
    // DynamoDB's TTL process deleting a member record (were one ever to expire) moves nothing.
    await deliver(streamRecord('REMOVE', visitor, '900000000000000000002', true));
    expect(await members()).toBe(9);
    await deliver(streamRecord('REMOVE', visitor, '900000000000000000003'));
    expect(await members()).toBe(8);
    expect((await runDailyMetrics(RUN)).totalUsers).toBe(8);
  });

  it('verification in person moves its count and nothing else: verified, then back to pending', async () => {
    const setLevel = async (level: string) => {
      await client.send(
        new UpdateCommand({
          TableName: table,
          Key: keys.user('cat'),
          UpdateExpression: 'SET verificationLevel = :level',
          ExpressionAttributeValues: { ':level': level },
        }),
      );
      await counted();
    };
    await setLevel('verified');
    expect(await runDailyMetrics(RUN)).toEqual({ ...expected, verifiedInPerson: 3 });
    await setLevel('pending');
    expect(await runDailyMetrics(RUN)).toEqual(expected);
  });

  it('a member deleted and a pair removed leave the counters, and the job drops the counters they leave at zero', async () => {
    // eve: the only one active and joined on 2031-03-02, the founder's only pending signup.
    await client.send(new DeleteCommand({ TableName: table, Key: keys.user('eve') }));
    await client.send(new DeleteCommand({ TableName: table, Key: keys.friendship(friendshipIdOf('bob', 'hal')) }));
    await counted();
    const metrics = await runDailyMetrics(RUN);
    expect(metrics).toMatchObject({
      totalUsers: 7,
      activeUsers: 5,
      invitationAcceptanceRate: 0.8333, // 5 of 6
      localConnectionDensity: 0.6667, // 2 local of 3
      basis: { invitedSignups: 6, invitesAccepted: 5, acceptedConnections: 3, localConnections: 2 },
    });
    const { counters } = await readCounters({ consistent: true });
    for (const gone of ['pendingInvites#FOUNDERC', 'lastActiveOn#2031-03-02', 'joinedOn#2031-03-02', 'quietAfter#2031-03-02'])
      expect(counters.has(gone), gone).toBe(false);
    // The founder's entry moved: eve was the only pending signup of the founder's code.
    expect((await readRanking({ consistent: true })).map((entry) => entry.inviter)).toEqual([
      { userId: 'founder', inviteCount: 2, acceptanceRate: 1 },
      { userId: 'ann', inviteCount: 2, acceptanceRate: 0.6667 },
      { userId: 'bob', inviteCount: 1, acceptanceRate: 1 },
    ]);
    const check = await checkCounters('2031-03-04');
    expect(check.recordDifferences).toEqual([]);
    expect(check.counterDifferences).toEqual({});
    expect(check.rankingDifferences).toEqual([]);
    expect(check.counted).toEqual(metrics);
  });

  /** Every item of the metrics' partitions (the daily records, counters, ranking, ranking records, markers), as JSON. */
  async function metricsItems(): Promise<string[]> {
    const items: string[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(new ScanCommand({ TableName: table, ConsistentRead: true, ExclusiveStartKey: startKey }));
      for (const item of page.Items ?? []) if (String(item.pk).startsWith('METRICS')) items.push(JSON.stringify(item));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items;
  }

  it('an inviter who leaves is named by nothing the metrics keep, also after their invitee who stays changes; the metrics still equal the scan', async () => {
    // bob ranks (hal joined with his code) and has been in the ranking, its records and the markers of his changes.
    expect((await metricsItems()).some((item) => item.includes('bob'))).toBe(true);
    // The removal deletes his record (REMOVE on the stream) and takes him out of the daily records itself.
    await client.send(new DeleteCommand({ TableName: table, Key: keys.user('bob') }));
    await forgetInMetrics(new Set(['bob']));
    await counted();
    const forgotten = async () => {
      const items = await metricsItems();
      expect(items.filter((item) => item.includes('bob'))).toEqual([]);
      // Markers name the changed item by a digest: no member key (USER#<uid>) in clear.
      expect(items.filter((item) => item.includes('USER#'))).toEqual([]);
    };
    await forgotten();
    // hal stays, still invitedBy bob: counted under bob's digest, which ranks nobody without bob's own record.
    expect((await getUser('hal'))?.inviteSystem.invitedBy).toBe('bob');
    expect((await readCounters({ scope: 'inviter', consistent: true })).counters.get(`acceptedInvites#${inviterDigest('bob')}`)).toBe(1);

    // Changes of hal that move bob's counter re-rank bob (by hal's invitedBy) and must not bring his uid back.
    for (const isVerified of [false, true]) {
      await client.send(
        new UpdateCommand({
          TableName: table,
          Key: keys.user('hal'),
          UpdateExpression: 'SET isVerified = :verified',
          ExpressionAttributeValues: { ':verified': isVerified },
        }),
      );
      await counted();
      await forgotten();
    }

    const metrics = await runDailyMetrics(RUN);
    expect(metrics.topInviters).toEqual([
      { userId: 'ann', inviteCount: 2, acceptanceRate: 0.6667 },
      { userId: 'founder', inviteCount: 1, acceptanceRate: 1 }, // ann; bob, whom the founder invited, left
    ]);
    await forgotten();
    const check = await checkCounters('2031-03-04');
    expect(check.recordDifferences).toEqual([]);
    expect(check.counterDifferences).toEqual({});
    expect(check.rankingDifferences).toEqual([]);
    expect(check.counted).toEqual(metrics);
  });
});

describe("the champions' ranking under concurrent changes (a table of its own)", () => {
  const table = `ranking-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    await ensureTable(endpoints.dynamodb.endpoint, table);
    process.env.TABLE_NAME = table;
  });

  afterAll(async () => {
    process.env.TABLE_NAME = sharedTable;
    const raw = new DynamoDBClient({ endpoint: endpoints.dynamodb.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
    await raw.send(new DeleteTableCommand({ TableName: table }));
    raw.destroy();
  });

  const memberItem = (uid: string, inviteSystem: Record<string, unknown>, invitedBy?: string) => ({
    ...keys.user(uid),
    uid,
    isVerified: true,
    createdAt: '2031-03-01T00:00:00.000Z',
    lastActive: '2031-03-01T00:00:00.000Z',
    ...(invitedBy && { invitedBy }),
    inviteSystem: { inviteCode: `${uid.toUpperCase()}C`, invitesUsed: 0, ...inviteSystem },
  });

  it('many invitees of two inviters counted at once (re-rankings racing) leave exactly one entry per inviter, with every invitee counted', async () => {
    let sequence = 1_000;
    const insert = (item: Record<string, unknown>) =>
      countForMetrics(classifyChange({ eventName: 'INSERT', sequenceNumber: String(++sequence), newImage: item }));
    await Promise.all([insert(memberItem('hub', { invitesUsed: 12 })), insert(memberItem('spoke', { invitesUsed: 5 }))]);
    await Promise.all([
      ...Array.from({ length: 12 }, (_, n) => insert(memberItem(`hub-${n}`, { invitedBy: 'hub' }, 'hub'))),
      ...Array.from({ length: 5 }, (_, n) => insert(memberItem(`spoke-${n}`, { invitedBy: 'spoke' }, 'spoke'))),
      ...Array.from({ length: 3 }, (_, n) => insert(memberItem(`waiting-${n}`, { pendingInviteCode: 'SPOKEC' }))),
    ]);
    expect((await readRanking({ consistent: true })).map((entry) => entry.inviter)).toEqual([
      { userId: 'hub', inviteCount: 12, acceptanceRate: 1 },
      { userId: 'spoke', inviteCount: 5, acceptanceRate: 0.625 },
    ]);
    expect((await runDailyMetrics(new Date('2031-03-04T00:05:00.000Z'))).topInviters).toEqual([
      { userId: 'hub', inviteCount: 12, acceptanceRate: 1 },
      { userId: 'spoke', inviteCount: 5, acceptanceRate: 0.625 },
    ]);
  });

  it('a re-ranking by code (pending signups moved) finds the uid only on a ranked record: it never invents one, and moves the version so a re-ranking by uid reads again', async () => {
    const inviter = inviterDigest('late');
    const rankedRecord = async () =>
      (await client.send(new GetCommand({ TableName: table, Key: { pk: `METRICS#RANKED#${inviter}`, sk: 'RANKED' }, ConsistentRead: true }))).Item;
    // The counters say 'late' ranks, but no re-ranking by uid has run yet (it is on its way).
    await adjustCounters({
      [counterNames.acceptedInvites(inviter)]: 1,
      [counterNames.inviterCode(inviter, 'LATEC')]: 1,
      [counterNames.codeInviter('LATEC', inviter)]: 1,
      [counterNames.pendingInvites('LATEC')]: 1,
    });
    await rerankInviters({ uids: [], codes: ['LATEC'] });
    expect(await rankedRecord()).toEqual({ pk: `METRICS#RANKED#${inviter}`, sk: 'RANKED', version: 1 });
    expect((await readRanking({ consistent: true })).map((entry) => entry.inviter.userId)).not.toContain('late');
    await rerankInviter('late');
    expect(await rankedRecord()).toMatchObject({ version: 2, userId: 'late' });
    // Now ranked, a re-ranking by code reads the uid from the record and moves the entry.
    await adjustCounters({ [counterNames.pendingInvites('LATEC')]: 1 });
    await rerankInviters({ uids: [], codes: ['LATEC'] });
    expect((await readRanking({ consistent: true })).find((entry) => entry.inviter.userId === 'late')?.inviter).toEqual({
      userId: 'late',
      inviteCount: 1,
      acceptanceRate: 0.3333,
    });
  });
});

describe('calculateMetricsManually and getCommunityMetrics through the gateway', () => {
  it("ran at start, since the fresh table had no record for today (the local scheduler's catch-up), once the stream had counted the founder", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const stored = await metricsOf(sharedTable, today);
    expect(stored && communityMetricsSchema.parse(stored).date).toBe(today);
    expect(stored && communityMetricsSchema.parse(stored).totalUsers).toBeGreaterThanOrEqual(1);
  });

  it('calculateMetricsManually (dev-only: local is not prod) runs the job now and returns the stored record', async () => {
    // As createUserRecord writes it: verified (the helper's default record is not).
    const member = await createMember(endpoints, 'metrics-dev', { extra: { isVerified: true } });
    const result = await ok(endpoints, 'calculateMetricsManually', { token: member.accessToken });
    expect(result.topInviters.filter((inviter) => 'userId' in inviter)).toEqual([]);
    const record = sharedCommunityMetricsSchema.parse(result);
    const today = new Date().toISOString().slice(0, 10);
    expect(record.date).toBe(today);
    // Other files' members exist too: at least this member and the founder are verified and active,
    // once the cloud's stream consumer has counted this member (it runs beside the request).
    const rerun = async () => sharedCommunityMetricsSchema.parse(await ok(endpoints, 'calculateMetricsManually', { token: member.accessToken }));
    await expect
      .poll(
        async () => {
          const again = await rerun();
          return Math.min(again.totalUsers, again.activeUsers);
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(2);
    const stored = await metricsOf(sharedTable, today);
    expect(stored && communityMetricsSchema.parse(stored).date).toBe(today);
  });

  it('calculateMetricsManually refuses an anonymous caller (401) and any payload (400)', async () => {
    expect((await call(endpoints, 'calculateMetricsManually', {})).status).toBe(401);
    const member = await createMember(endpoints, 'metrics-payload');
    const answer = await callRaw(endpoints, 'calculateMetricsManually', { token: member.accessToken, data: { date: '2020-01-01' } });
    expect(answer.status).toBe(400);
  });

  it('getCommunityMetrics returns the latest 24 / 7 / 30 records, newest first', async () => {
    // 35 days far in the future, so they are the newest records whatever else ran today.
    const start = Date.parse('2099-01-01T00:00:00.000Z');
    const dates = Array.from({ length: 35 }, (_, index) => new Date(start + index * 86_400_000).toISOString().slice(0, 10));
    for (const [index, date] of dates.entries()) {
      const record: CommunityMetrics = {
        date,
        totalUsers: 100 + index,
        activeUsers: 50 + index,
        invitationAcceptanceRate: 0.5,
        platformRefugeeRate: 0.1,
        localConnectionDensity: 0.4,
        geographicClusters: { 'Austin, TX': 100 + index },
        topInviters: [{ userId: 'someone', inviteCount: 3, acceptanceRate: 0.75 }],
        basis: { invitedSignups: 10, invitesAccepted: 5, establishedMembers: 10, refugees: 1, acceptedConnections: 5, localConnections: 2 },
      };
      await put(sharedTable, { ...keys.metrics(date), ...record });
    }
    const member = await createMember(endpoints, 'metrics-reader');
    const newestFirst = [...dates].reverse();
    for (const [range, size] of [
      ['day', 24],
      ['week', 7],
      ['month', 30],
    ] as const) {
      const { records } = await ok(endpoints, 'getCommunityMetrics', { token: member.accessToken, data: { range } });
      expect(records.map((record) => record.date)).toEqual(newestFirst.slice(0, size));
      expect(records[0]).toMatchObject({ date: '2099-02-04', totalUsers: 134, geographicClusters: { 'Austin, TX': 134 } });
      // Champions are anonymous: members get their figures, never their ids.
      expect(records[0]?.topInviters).toStrictEqual([{ inviteCount: 3, acceptanceRate: 0.75 }]);
    }
    expect((await callRaw(endpoints, 'getCommunityMetrics', { token: member.accessToken, data: { range: 'year' } })).status).toBe(400);
    expect((await call(endpoints, 'getCommunityMetrics', { data: { range: 'day' } })).status).toBe(401);
  });
});

describe('activity: loading the app (getMe) refreshes lastActive, at most once an hour', () => {
  it('a stale lastActive moves to now; a fresh one is left alone', async () => {
    const stale = '2030-01-01T00:00:00.000Z';
    const member = await createMember(endpoints, 'metrics-activity', { extra: { lastActive: stale } });
    const before = Date.now();
    const first = await ok(endpoints, 'getMe', { token: member.accessToken });
    const stored = (await getUser(member.uid))?.lastActive ?? '';
    expect(Date.parse(stored)).toBeGreaterThanOrEqual(before - 1000);
    expect(first.lastActive).toBe(stored);

    await call(endpoints, 'getMe', { token: member.accessToken });
    expect((await getUser(member.uid))?.lastActive).toBe(stored);
  });
});
