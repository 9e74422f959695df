import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalCloud } from '../cloud.ts';
import { call } from '../../test/support/callable-client.ts';
import { createMember, useLocalCloudData } from '../../test/support/local-cloud-members.ts';
import { anchorEdgeItems, benchMember, memberItem, postAndFeedItems, writeAll } from './seed-feed.ts';

/**
 * npm run bench:feed — the feed's benchmark, on an ephemeral local cloud in this process.
 * Seeds 1,000 members (one with 100 accepted anchors, one with 1), 100,000 posts with their feed
 * entries, then measures feed reads (through the data function getFeed's handler runs, and through
 * the local gateway), the GetItem floor and the raw floor of a read's two requests (a Query and a
 * BatchGet of 51 keys, which DynamoDB Local prices at about 0.2 ms a key), DynamoDB requests per feed read (counted by an SDK
 * middleware), createPost at 100 anchors, and the naive read (every anchor's posts via byAuthor,
 * merged). Prints each figure, then one line of JSON with all of them.
 *
 * Its cloud lifts the abuse budgets (startLocalCloud's local-only `budgets: 'lifted'`): the two
 * measured members read their feeds 320 times each and post 40 times through the gateway in a few
 * minutes, which the budgets in force everywhere else (300 requests / 5 min, 30 posts / 30 min per
 * member) rightly refuse. A lifted budget still counts each call (in the function's tally: a feed
 * read writes no counter) but refuses nobody.
 */

const MEMBERS = 1_000;
const POSTS = 100_000;
const HUB_ANCHORS = 100;
const FEED_READS = 300;
const GET_ITEMS = 500;
const CREATES = 40;
const NAIVE_READS = 30;

const log = (line: string) => process.stderr.write(`${line}\n`);

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[index] ?? NaN) * 100) / 100;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

async function sample(times: number, run: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) samples.push(await timed(run));
  return samples;
}

/** Alternates two measurements so drift (JIT, GC, DynamoDB Local's JVM) hits both alike. */
async function samplePair(times: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number[], number[]]> {
  const first: number[] = [];
  const second: number[] = [];
  for (let i = 0; i < times; i++) {
    first.push(await timed(a));
    second.push(await timed(b));
  }
  return [first, second];
}

const cloud = await startLocalCloud({
  dataDir: mkdtempSync(join(tmpdir(), 'anchored-bench-')),
  persistent: false,
  ports: 'random',
  web: false,
  quiet: true,
  budgets: 'lifted',
});
const { endpoints } = cloud;
useLocalCloudData(endpoints);

try {
  const { dynamo, tableName } = await import('#data/table');
  const { getUser } = await import('#data/members');
  const { listAcceptedAnchorIds } = await import('#data/graph');
  const { readFeed } = await import('../../lambdas/workflows/read-feed.ts');
  const { publishPost } = await import('../../lambdas/workflows/publish-post.ts');

  // Every HTTP request the SDK sends (retries included) passes the deserialize step once.
  let dynamoRequests = 0;
  dynamo().middlewareStack.add(
    (next) => async (args) => {
      dynamoRequests++;
      return next(args);
    },
    { step: 'deserialize', name: 'benchRequestCounter' },
  );
  async function requestsOf(run: () => Promise<unknown>): Promise<number> {
    const before = dynamoRequests;
    await run();
    return dynamoRequests - before;
  }

  // The stream's consumer is stopped before seeding: the seed writes every feed entry itself (what
  // the fan-out would have), and on AWS the consumer is another Lambda, so the requests counted
  // below are the reads' and the request path's alone (bench:live measures the stream's work).
  await cloud.tableStream.stop();

  // --- Seed ---------------------------------------------------------------------------------
  const seedStart = performance.now();
  // The two measured members are real Cognito accounts (the gateway needs their tokens).
  const [hubAccount, soloAccount] = await Promise.all([
    createMember(endpoints, 'hub', { displayName: 'Hub With 100 Anchors' }),
    createMember(endpoints, 'solo', { displayName: 'Solo With 1 Anchor' }),
  ]);
  const now = new Date();
  const others = Array.from({ length: MEMBERS - 2 }, (_, i) => benchMember(randomUUID(), i, now));
  const [hub, solo] = await Promise.all([getUser(hubAccount.uid), getUser(soloAccount.uid)]);
  if (!hub || !solo) throw new Error('The measured members have no records');
  // readFeed checks its caller's presence from the record it reads with the page.
  const hubCaller = { uid: hub.uid, username: hub.uid, groups: [] };
  const soloCaller = { uid: solo.uid, username: solo.uid, groups: [] };
  const members = [hub, solo, ...others];
  const hubAnchors = others.slice(0, HUB_ANCHORS).map((m) => m.uid);
  const soloAnchor = String(others[HUB_ANCHORS]?.uid);

  const anchorsOf = new Map<string, string[]>([
    [hub.uid, hubAnchors],
    [solo.uid, [soloAnchor]],
    [soloAnchor, [solo.uid]],
    ...hubAnchors.map((uid): [string, string[]] => [uid, [hub.uid]]),
  ]);
  const at = now.toISOString();
  await writeAll([...others.map(memberItem), ...hubAnchors.flatMap((uid) => anchorEdgeItems(hub.uid, uid, at)), ...anchorEdgeItems(solo.uid, soloAnchor, at)]);
  let lastReport = 0;
  const items = await writeAll(postAndFeedItems({ members, totalPosts: POSTS, anchorsOf, newestAt: new Date(now.getTime() - 60_000) }), (written) => {
    if (written - lastReport >= 25_000) {
      lastReport = written;
      log(`  seeded ${written} post and feed items (${Math.round((performance.now() - seedStart) / 1000)} s)`);
    }
  });
  const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
  log(`Seeded ${MEMBERS} members, ${HUB_ANCHORS + 1} anchor pairs, ${POSTS} posts and ${items - POSTS} feed entries in ${seedSeconds} s`);

  // --- Warm up (JIT, connection pool, signed picture URL cache) ------------------------------
  for (let i = 0; i < 30; i++) await Promise.all([readFeed(hubCaller), readFeed(soloCaller)]);

  // --- Feed reads --------------------------------------------------------------------------
  const hubFeed = await readFeed(hubCaller);
  const soloFeed = await readFeed(soloCaller);
  if (hubFeed.posts.length !== 50 || soloFeed.posts.length !== 50) throw new Error('A measured feed page is not full');
  const hubAuthors = new Set(hubFeed.posts.map((p) => p.authorId)).size;

  const requestsPerRead100 = await requestsOf(() => readFeed(hubCaller));
  const requestsPerRead1 = await requestsOf(() => readFeed(soloCaller));
  const requestsPerOlderPage100 = await requestsOf(() => readFeed(hubCaller, hubFeed.nextCursor ?? undefined));

  const [data100, data1] = await samplePair(
    FEED_READS,
    () => readFeed(hubCaller),
    () => readFeed(soloCaller),
  );

  const gatewayRead = (token: string) => async () => {
    const answer = await call(endpoints, 'getFeed', { token });
    if (answer.status !== 200) throw new Error(`getFeed answered ${answer.status}`);
  };
  for (let i = 0; i < 20; i++) await Promise.all([gatewayRead(hubAccount.accessToken)(), gatewayRead(soloAccount.accessToken)()]);
  const [gateway100, gateway1] = await samplePair(FEED_READS, gatewayRead(hubAccount.accessToken), gatewayRead(soloAccount.accessToken));

  // --- The floor: one GetItem on the same stack ---------------------------------------------
  const getItem = () => dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `USER#${hub.uid}`, sk: 'PROFILE' } }));
  await sample(50, getItem);
  const getItems = await sample(GET_ITEMS, getItem);
  // What a feed read must cost on this emulator (the page's two requests made raw:
  // the Query of 50 entries, then the strongly consistent BatchGet of their posts and the record);
  // DynamoDB Local spends about 0.2 ms a key of a BatchGet, so this, not one GetItem, is the floor.
  const { batchGet } = await import('#data/table');
  const { postKeys, keys } = await import('#data/table');
  const rawTwoRequests = async () => {
    const { Items } = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `USER#${hub.uid}`, ':prefix': 'FEED#' },
        ScanIndexForward: false,
        Limit: 50,
      }),
    );
    await batchGet([keys.user(hub.uid), ...(Items ?? []).map((item) => postKeys.post(String(item.postId)))], undefined, { consistent: true });
  };
  await sample(30, rawTwoRequests);
  const rawTwo = await sample(FEED_READS, rawTwoRequests);

  // --- Naive read: every anchor's latest 50 posts via byAuthor, merged -----------------------
  async function naiveFeed(uid: string) {
    const authors = [uid, ...(await listAcceptedAnchorIds(uid))];
    const pages = await Promise.all(
      authors.map((author) =>
        dynamo().send(
          new QueryCommand({
            TableName: tableName(),
            IndexName: 'byAuthor',
            KeyConditionExpression: 'authorId = :author',
            ExpressionAttributeValues: { ':author': author },
            ScanIndexForward: false,
            Limit: 50,
          }),
        ),
      ),
    );
    const merged = pages.flatMap((page) => page.Items ?? []).filter((post) => post.isWallPost !== true);
    return merged.sort((a, b) => String(b.postId).localeCompare(String(a.postId))).slice(0, 50);
  }
  const naivePage = await naiveFeed(hub.uid);
  const naiveMatches = naivePage.map((p) => String(p.postId)).join() === hubFeed.posts.map((p) => p.postId).join();
  const naiveRequests = await requestsOf(() => naiveFeed(hub.uid));
  await sample(3, () => naiveFeed(hub.uid));
  const naive = await sample(NAIVE_READS, () => naiveFeed(hub.uid));

  // --- createPost at 100 anchors (data function, then through the gateway) -------------------
  const createRequests = await requestsOf(() => publishPost(hub, { content: 'Warm-up post', privacy: 'anchors' }));
  const creates = await sample(CREATES, () => publishPost(hub, { content: 'Benchmark post with a hundred readers', privacy: 'anchors' }));
  const gatewayCreates = await sample(CREATES, async () => {
    const answer = await call(endpoints, 'createPost', {
      token: hubAccount.accessToken,
      data: { content: 'Benchmark post via the gateway', privacy: 'public' },
    });
    if (answer.status !== 200) throw new Error(`createPost answered ${answer.status}`);
  });

  // --- Report ------------------------------------------------------------------------------
  const figures = {
    seedMembers: MEMBERS,
    seedPosts: POSTS,
    seedFeedEntries: items - POSTS,
    seedSeconds,
    hubAnchorCount: HUB_ANCHORS,
    hubFeedPageDistinctAuthors: hubAuthors,
    feedReadDataFunction100AnchorsP50Ms: percentile(data100, 50),
    feedReadDataFunction100AnchorsP99Ms: percentile(data100, 99),
    feedReadDataFunction1AnchorP50Ms: percentile(data1, 50),
    feedReadDataFunction1AnchorP99Ms: percentile(data1, 99),
    feedReadGateway100AnchorsP50Ms: percentile(gateway100, 50),
    feedReadGateway100AnchorsP99Ms: percentile(gateway100, 99),
    feedReadGateway1AnchorP50Ms: percentile(gateway1, 50),
    feedReadGateway1AnchorP99Ms: percentile(gateway1, 99),
    getItemFloorP50Ms: percentile(getItems, 50),
    rawQueryAndBatchGetFloorP50Ms: percentile(rawTwo, 50),
    dynamoRequestsPerFeedRead100Anchors: requestsPerRead100,
    dynamoRequestsPerFeedRead1Anchor: requestsPerRead1,
    dynamoRequestsPerOlderFeedPage100Anchors: requestsPerOlderPage100,
    createPostDataFunction100AnchorsP50Ms: percentile(creates, 50),
    createPostGateway100AnchorsP50Ms: percentile(gatewayCreates, 50),
    dynamoRequestsPerCreatePost100Anchors: createRequests,
    naiveFeedRead100AnchorsP50Ms: percentile(naive, 50),
    dynamoRequestsPerNaiveFeedRead100Anchors: naiveRequests,
    naiveReadReturnsSamePage: naiveMatches,
  };
  const ratios = {
    ratioP50DataFunction100To1Anchor: Math.round((figures.feedReadDataFunction100AnchorsP50Ms / figures.feedReadDataFunction1AnchorP50Ms) * 100) / 100,
    ratioP50Gateway100To1Anchor: Math.round((figures.feedReadGateway100AnchorsP50Ms / figures.feedReadGateway1AnchorP50Ms) * 100) / 100,
    ratioP50DataFunction100AnchorsToGetItemFloor: Math.round((figures.feedReadDataFunction100AnchorsP50Ms / figures.getItemFloorP50Ms) * 100) / 100,
    ratioP50DataFunction100AnchorsToRawTwoRequests:
      Math.round((figures.feedReadDataFunction100AnchorsP50Ms / figures.rawQueryAndBatchGetFloorP50Ms) * 100) / 100,
    speedupOverNaiveP50: Math.round((figures.naiveFeedRead100AnchorsP50Ms / figures.feedReadDataFunction100AnchorsP50Ms) * 10) / 10,
  };
  const targetsMet = {
    atMost2RequestsPerFeedRead: requestsPerRead100 <= 2 && requestsPerRead1 <= 2,
    p50At100AnchorsWithin1_2xOf1Anchor: ratios.ratioP50DataFunction100To1Anchor <= 1.2,
    p50At100AnchorsWithin4xOfGetItemFloor: ratios.ratioP50DataFunction100AnchorsToGetItemFloor <= 4,
    atLeast10xFasterThanNaive: ratios.speedupOverNaiveP50 >= 10,
  };
  const all = { ...figures, ...ratios, targetsMet };
  for (const [label, value] of Object.entries(all)) {
    if (typeof value !== 'object') console.log(`${label.padEnd(50)} ${String(value)}`);
  }
  for (const [label, value] of Object.entries(targetsMet)) console.log(`target ${label.padEnd(43)} ${value ? 'met' : 'MISSED'}`);
  console.log(JSON.stringify(all));
} finally {
  await cloud.stop();
}
