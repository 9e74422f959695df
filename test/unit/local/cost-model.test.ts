import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ASSUMPTIONS, type Assumptions } from '../../../local/cost/assumptions.ts';
import { monthlyBill, SERVICES, type Bill } from '../../../local/cost/bill.ts';
import { capacityModel, recommendThrottle } from '../../../local/cost/capacity.ts';
import { PRICE_LIST } from '../../../local/cost/prices.ts';
import { summary } from '../../../local/cost/report.ts';
import { requestShapes, tracesRecorded } from '../../../local/cost/usage.ts';

/**
 * The cost model's arithmetic (local/cost), against numbers worked out by hand. The fixture pins
 * every assumption a checked figure depends on, so the defaults can change without these sums.
 */
const fixture: Assumptions = {
  ...ASSUMPTIONS,
  members: { monthlyActiveShare: 0.6, dailyActiveShare: 0.3 },
  sessions: { ...ASSUMPTIONS.sessions, perActiveDay: 3, openMinutes: 10, socketDownShare: 0.02 },
  network: { ...ASSUMPTIONS.network, averageAnchors: 30, otherEdges: 3 },
  actionsPerActiveDay: { ...ASSUMPTIONS.actionsPerActiveDay, posts: 0.3 },
  itemBytes: { ...ASSUMPTIONS.itemBytes, userRecord: 1_500, post: 700, feedEntry: 180, like: 200, smallItem: 150 },
};

const line = (bill: Bill, item: string) => {
  const found = bill.lines.find((l) => l.item.startsWith(item));
  if (!found) throw new Error(`no line ${item}`);
  return found;
};

describe('request shapes', () => {
  it('a feed page is 52.5 read units: the Query of 50 entries, then 51 strongly consistent keys', () => {
    // 30 anchors + 1 posting 0.3 × 0.3 a day for 90 days: 251 entries, so a full page of 50.
    // Query: 50 × 180 B = 9,000 B → 3 × 4 KB, eventually consistent → 1.5; BatchGet: the record
    // (1,500 B → 1) and 50 posts (700 B → 1 each) → 51. A read-only callable writes no counter.
    expect(requestShapes(fixture).getFeed).toEqual({ rru: 52.5, wru: 0, gsiWru: 0, streamRecords: 0, deliveredRecords: 0 });
  });

  it('a like is 11 write units and one byLiker write, its notification included', () => {
    // The counter (150 B → 1) + a transaction of the like, the post and the entry (each ≤ 1 KB → 2 × 1)
    // + the author's notification and unread counter, one transaction from the stream (2 × 2).
    const like = requestShapes(fixture).togglePostLike;
    expect(like.wru).toBe(11);
    expect(like.gsiWru).toBe(1);
    // Presence (strong, 1) + post, pair, record, entry (eventual, 0.5 each) + the post again (strong, 1)
    // + the consumer's post (0.5), the author's record (strong, 1) and the liker's (0.5).
    expect(like.rru).toBe(6);
    expect(like.deliveredRecords).toBe(2);
  });
});

describe('verification in person', () => {
  it('a vouch is 21 write units and 8 index writes: the counter, one transaction of six small items and the record, the notification', () => {
    // Counter 1 + the code, both sides, the month's count and two due items (6 × 2) + the subject's
    // record (1,500 B → 2 × 2) + the 'vouched' notification (2 × 2); the three user indexes copy the
    // record (3 × 2) and the GSI queues the two due items (2 × 1).
    const vouch = requestShapes(fixture).vouchFor;
    expect(vouch.wru).toBe(21);
    expect(vouch.gsiWru).toBe(8);
    // Presence 1, the code 1, the subject's record 1, their vouches (a strong Query) 1, the pair 0.5, the notification's reads 2.
    expect(vouch.rru).toBe(6.5);
  });

  it('the minute sweep costs the same whatever the members: 43,800 runs a month, a Query of each of 8 shards, half a unit each', () => {
    for (const members of [1_000, 100_000]) {
      const { vouching } = monthlyBill(members, fixture, PRICE_LIST).usage;
      expect(vouching.sweepRuns).toBeCloseTo(43_800, 6);
      expect(vouching.sweepQueries).toBeCloseTo(350_400, 6);
      expect(vouching.sweepReadUnits).toBeCloseTo(175_200, 6);
    }
    // Due items handled grow with the members: 60 % verified, a fifth of them lapsing a year, two items each.
    expect(monthlyBill(100_000, fixture, PRICE_LIST).usage.vouching.dueItemsHandled).toBeCloseTo((100_000 * 0.6 * 0.2 * 2) / 12, 6);
  });
});

describe('bill lines', () => {
  it('Cognito charges the MAUs past the 10,000 an Essentials pool includes', () => {
    // 1,000 members: 600 MAU, nothing to pay. 100,000 members: 60,000 MAU, 50,000 × $0.015 = $750.
    expect(line(monthlyBill(1_000, fixture, PRICE_LIST), 'MAUs above').usd).toBe(0);
    const at100000 = line(monthlyBill(100_000, fixture, PRICE_LIST), 'MAUs above');
    expect(at100000.quantity).toBe(50_000);
    expect(at100000.usd).toBeCloseTo(750, 6);
  });

  it('WebSocket connection-minutes are open minutes while the socket is up', () => {
    // 1,000 × 0.3 × 365/12 = 9,125 active days; × 3 sessions × 10 minutes = 273,750 minutes;
    // × 0.98 up = 268,275 minutes; × $0.25 per million = $0.06706875.
    const minutes = line(monthlyBill(1_000, fixture, PRICE_LIST), 'connection-minutes');
    expect(minutes.quantity).toBeCloseTo(268_275, 6);
    expect(minutes.usd).toBeCloseTo(0.06706875, 10);
  });

  it('X-Ray records, on each function and each second, the first invocation and 5 % of the rest', () => {
    const month = (365 / 12) * 86_400;
    const use = (invocations: number) => ({ invocations, gbSeconds: 0 });
    const quiet = { callables: use(0), liveConnect: use(0), liveDisconnect: use(0), livePing: use(0), streamConsumer: use(0), scheduledJobs: use(0) };
    // Under one a second on a function, every invocation is recorded: 66 callables at half a second each.
    expect(tracesRecorded({ ...quiet, callables: use(33 * month) }, fixture)).toBeCloseTo(33 * month, 3);
    // The ping route at 21 a second: 1 + 5 % of 20 = 2 a second recorded.
    expect(tracesRecorded({ ...quiet, livePing: use(21 * month) }, fixture)).toBeCloseTo(2 * month, 3);
    // The bill's line: those traces at $5 a million.
    const xray = line(monthlyBill(100_000, fixture, PRICE_LIST), 'traces recorded');
    expect(xray.usd).toBeCloseTo((xray.quantity * 5) / 1_000_000, 10);
    expect(xray.quantity).toBeLessThan(Object.values(monthlyBill(100_000, fixture, PRICE_LIST).usage.lambda).reduce((sum, u) => sum + u.invocations, 0));
  });

  it('CloudWatch Logs and the fixed lines follow their prices', () => {
    const bill = monthlyBill(1_000, fixture, PRICE_LIST);
    const ingestion = line(bill, 'ingestion');
    expect(ingestion.usd).toBeCloseTo(ingestion.quantity * 0.5, 10);
    // Two web ACLs ($10), seven rules ($7), a hosted zone ($0.50), two secrets ($0.80), 33 alarm metrics
    // ($3.30), a dashboard ($3), 8 custom metrics ($2.40).
    expect(bill.fixedUsd).toBeCloseTo(27, 10);
    expect(bill.totalUsd).toBeCloseTo(bill.usageUsd + 27, 10);
  });

  it('a usage total is the sum of its lines, and each service the sum of its own', () => {
    const bill = monthlyBill(100_000, ASSUMPTIONS, PRICE_LIST);
    expect(bill.usageUsd).toBeCloseTo(
      bill.lines.reduce((sum, l) => sum + l.usd, 0),
      9,
    );
    for (const service of SERVICES) {
      expect(bill.byService[service]).toBeCloseTo(
        bill.lines.filter((l) => l.service === service).reduce((sum, l) => sum + l.usd, 0),
        9,
      );
    }
  });
});

describe('totals grow with members', () => {
  it('every service costs at least as much, and the usage total more, with more members', () => {
    const bills = [1_000, 10_000, 100_000, 200_000].map((members) => monthlyBill(members, ASSUMPTIONS, PRICE_LIST));
    for (let i = 1; i < bills.length; i++) {
      const [smaller, larger] = [bills[i - 1] as Bill, bills[i] as Bill];
      expect(larger.usageUsd).toBeGreaterThan(smaller.usageUsd);
      for (const service of SERVICES) expect(larger.byService[service]).toBeGreaterThanOrEqual(smaller.byService[service]);
      expect(larger.fixedUsd).toBe(smaller.fixedUsd);
    }
  });
});

describe('capacity', () => {
  it('recommends a rate above the peak with headroom, rounded up to 50, and a burst of twice that', () => {
    // 389 × 1.5 = 583.5 → 600; burst 1,200.
    expect(recommendThrottle(389, 1.5)).toEqual({ rateLimit: 600, burstLimit: 1_200 });
    expect(recommendThrottle(1, 1.5)).toEqual({ rateLimit: 50, burstLimit: 100 });
  });

  it('says whether the stage throttles in force are enough for 10,000 open dashboards', () => {
    const capacity = capacityModel(ASSUMPTIONS, { httpApi: { rateLimit: 50, burstLimit: 100 }, webSocket: null });
    expect(capacity.httpApi.peakRps).toBeCloseTo(capacity.httpApi.meanRps * ASSUMPTIONS.capacity.peakFactor, 9);
    expect(capacity.httpApi.currentEnough).toBe(capacity.httpApi.peakRps <= 50);
    expect(capacity.httpApi.recommended.rateLimit).toBeGreaterThanOrEqual(capacity.httpApi.peakRps * ASSUMPTIONS.capacity.throttleHeadroom);
    expect(capacity.webSocket.currentEnough).toBeNull();
    const ample = capacityModel(ASSUMPTIONS, { httpApi: capacity.httpApi.recommended, webSocket: capacity.webSocket.recommended });
    expect(ample.httpApi.currentEnough).toBe(true);
    expect(ample.webSocket.currentEnough).toBe(true);
  });
});

describe('npm run cost:model', () => {
  const usdKeys = [...SERVICES, 'usageTotal', 'fixedTotal', 'total'].sort();

  it('ends with one JSON line: both bills in USD and whether the targets are met', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const output = execFileSync(process.execPath, ['--import', 'tsx', 'local/cost/model.ts'], { cwd: root, encoding: 'utf8' });
    const last = output.trimEnd().split('\n').at(-1) ?? '';
    const parsed = JSON.parse(last) as Record<string, Record<string, unknown>>;
    expect(Object.keys(parsed).sort()).toEqual(['members1000', 'members100000', 'targetsMet']);
    for (const key of ['members1000', 'members100000']) {
      const bill = parsed[key] as Record<string, unknown>;
      expect(Object.keys(bill).sort()).toEqual(usdKeys);
      for (const value of Object.values(bill)) expect(typeof value).toBe('number');
    }
    expect(parsed.targetsMet).toEqual({ usageAt1000AtMost25Usd: expect.any(Boolean), usageAt100000AtMost3000Usd: expect.any(Boolean) });
    // The same figures as the model's own functions.
    expect(parsed).toEqual(JSON.parse(JSON.stringify(summary(monthlyBill(1_000, ASSUMPTIONS, PRICE_LIST), monthlyBill(100_000, ASSUMPTIONS, PRICE_LIST)))));
  }, 30_000);
});
