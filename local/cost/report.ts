import { SERVICE_NAMES, SERVICES, type Bill, type Service } from './bill.ts';
import type { Capacity } from './capacity.ts';
import type { PriceList } from './prices.ts';

/** The usage-driven monthly bill the design is held to, at 1,000 and at 100,000 members (docs/costs.md). */
export const TARGETS = { usageAt1000AtMost: 25, usageAt100000AtMost: 3_000 } as const;

const usd = (value: number) => `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const count = (value: number) => (value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toLocaleString('en-US', { maximumFractionDigits: 2 }));
const cents = (value: number) => Math.round(value * 100) / 100;

/** The bill of one member count: a line per item, the usage-driven total, the fixed lines. */
export function formatBill(bill: Bill, target: number): string[] {
  const out: string[] = [];
  out.push(`== ${bill.members.toLocaleString('en-US')} members ==`);
  for (const service of SERVICES) {
    out.push(`${SERVICE_NAMES[service]}  ${usd(bill.byService[service])}`);
    for (const line of bill.lines.filter((l) => l.service === service)) {
      out.push(`    ${line.item}: ${count(line.quantity)} × ${line.unit} = ${usd(line.usd)}`);
    }
  }
  const met = bill.usageUsd <= target;
  out.push(`Usage-driven total: ${usd(bill.usageUsd)}  (target ≤ ${usd(target)}: ${met ? 'met' : 'MISSED'})`);
  out.push('Fixed monthly:');
  for (const line of bill.fixed) out.push(`    ${line.item} × ${line.count}: ${usd(line.usd)}  (${line.note})`);
  out.push(`Fixed total: ${usd(bill.fixedUsd)}`);
  out.push(`Total: ${usd(bill.totalUsd)}`);
  if (bill.pastFirstTier.length > 0) out.push(`Note: past the first price tier (overstated a little): ${bill.pastFirstTier.join(', ')}`);
  return out;
}

/** What drives a bill: its largest lines, and DynamoDB's largest sources of units. */
export function formatDrivers(bill: Bill, priceList: PriceList, top = 6): string[] {
  const out = [`What drives it at ${bill.members.toLocaleString('en-US')} members:`];
  const lines = [...bill.lines].sort((x, y) => y.usd - x.usd).slice(0, top);
  for (const line of lines) out.push(`    ${usd(line.usd)}  ${SERVICE_NAMES[line.service]}: ${line.item} (${((100 * line.usd) / bill.usageUsd).toFixed(1)} %)`);
  const p = priceList.prices;
  const sources = [...bill.usage.dynamodb.bySource]
    .map((row) => ({
      ...row,
      usd:
        (row.rru / p.dynamodbReadRequestUnit.per) * p.dynamodbReadRequestUnit.usd +
        ((row.wru + row.gsiWru) / p.dynamodbWriteRequestUnit.per) * p.dynamodbWriteRequestUnit.usd,
    }))
    .sort((x, y) => y.usd - x.usd)
    .slice(0, 4);
  out.push('    DynamoDB request units by source:');
  for (const row of sources) {
    out.push(`        ${usd(row.usd)}  ${row.source} (${count(row.rru)} RRU, ${count(row.wru + row.gsiWru)} WRU)`);
  }
  const f = bill.usage.feedReads;
  out.push(
    `    Feed reads: ${count(f.total)} (on open ${count(f.onOpen)}, on a pushed post ${count(f.onPush)}, catch-up ${count(f.catchUp)}, older pages ${count(f.older)}, back on the dashboard ${count(f.returns)}, fallback ${count(f.fallback)})`,
  );
  const job = bill.usage.metricsJob;
  out.push(
    `    Daily metrics job: ${count(job.countersPerRun)} counters and 10 ranking entries read (${count(job.readUnitsPerRun)} RRU), ≈ ${job.secondsPerRun} s a run (its timeout: 300 s)`,
  );
  const v = bill.usage.vouching;
  out.push(
    `    Verification in person: ${count(v.vouches)} vouches and ${count(v.codes)} codes shown; the minute sweep: ${count(v.sweepRuns)} runs, ${count(v.sweepQueries)} Queries (${count(v.sweepReadUnits)} RRU), ${count(v.dueItemsHandled)} due items handled`,
  );
  return out;
}

const throttle = (t: { rateLimit: number; burstLimit: number }) =>
  `rate ${t.rateLimit.toLocaleString('en-US')}/s, burst ${t.burstLimit.toLocaleString('en-US')}`;

export function formatCapacity(capacity: Capacity): string[] {
  const h = capacity.httpApi;
  const w = capacity.webSocket;
  const s = capacity.streamConsumer;
  const out = [
    `== Capacity: ${capacity.concurrentDashboards.toLocaleString('en-US')} dashboards open at once (${capacity.members.toLocaleString('en-US')} members, ${(100 * capacity.connectedShare).toFixed(1)} % of them online), peak factor ${capacity.peakFactor} ==`,
    `HTTP API: ${h.callsPerDashboardMinute.toFixed(2)} requests a minute per open dashboard → mean ${count(h.meanRps)} req/s, peak ${count(h.peakRps)} req/s`,
    `    peak by callable: ${(Object.entries(h.byKindPeakRps) as [string, number][])
      .sort((x, y) => y[1] - x[1])
      .map(([kind, rps]) => `${kind} ${count(rps)}`)
      .join(', ')}`,
    `    stage throttle in lib/callable-api.ts: ${throttle(h.current)} → ${h.currentEnough ? 'enough' : 'NOT enough'} for the peak`,
    `    recommended HTTP API stage throttle: ${throttle(h.recommended)}`,
    `WebSocket: route requests ($connect, pings, $disconnect) peak ${count(w.routeRequestsPeakRps)}/s (new connections ${count(w.connectsPeakPerSecond)}/s); pushes sent ${count(w.pushesPeakPerSecond)} messages/s`,
    w.current
      ? `    stage throttle in lib/live-api.ts: ${throttle(w.current)} → ${w.currentEnough ? 'enough' : 'NOT enough'} for the peak`
      : '    stage throttle: lib/live-api.ts not found',
    `    recommended WebSocket stage throttle: ${throttle(w.recommended)} (pushes go through @connections: the account throttle, not the stage's)`,
    `Mass reconnect: ${count(capacity.reconnectHerd.connects)} $connects and catch-up reads within ~${capacity.reconnectHerd.withinSeconds} s: over the account's 500 new connections/s and any sane burst; shed by throttling, recovered by backoff (1–30 s)`,
    `Account-level API Gateway peak (HTTP + WebSocket + @connections): ${count(capacity.accountRpsPeak)} req/s of 10,000 (burst 5,000)`,
    `Lambda concurrency at the peak: ${count(capacity.lambdaConcurrencyPeak)} of the account's default 1,000`,
    `DynamoDB at the peak: ${count(capacity.dynamodbPeak.rruPerSecond)} RRU/s, ${count(capacity.dynamodbPeak.wruPerSecond)} WRU/s (a new on-demand table sustains 12,000 RRU/s or 4,000 WRU/s, and twice its previous peak at once; the default table maximum is 40,000 each)`,
    `Stream consumer: ${count(s.reactionsPeakPerSecond)} reactions/s at the peak; ${s.batchesPerShard} batch(es) per shard at a time handle ≈ ${count(s.capacityPerSecond)}/s on ${s.shards} shards → ${
      s.reactionsPeakPerSecond <= s.capacityPerSecond ? 'keeps up' : 'falls behind at the peak (raise parallelizationFactor)'
    }`,
  ];
  return out;
}

export type ServiceUsd = Record<Service | 'usageTotal' | 'fixedTotal' | 'total', number>;

/** One bill in USD, to the cent: each service, the usage-driven total, the fixed total, the total. */
export function billUsd(bill: Bill): ServiceUsd {
  const byService = Object.fromEntries(SERVICES.map((service) => [service, cents(bill.byService[service])])) as Record<Service, number>;
  return { ...byService, usageTotal: cents(bill.usageUsd), fixedTotal: cents(bill.fixedUsd), total: cents(bill.totalUsd) };
}

export interface Summary {
  readonly members1000: ServiceUsd;
  readonly members100000: ServiceUsd;
  readonly targetsMet: { readonly usageAt1000AtMost25Usd: boolean; readonly usageAt100000AtMost3000Usd: boolean };
}

/** The last line `npm run cost:model` prints. */
export function summary(at1000: Bill, at100000: Bill): Summary {
  return {
    members1000: billUsd(at1000),
    members100000: billUsd(at100000),
    targetsMet: {
      usageAt1000AtMost25Usd: at1000.usageUsd <= TARGETS.usageAt1000AtMost,
      usageAt100000AtMost3000Usd: at100000.usageUsd <= TARGETS.usageAt100000AtMost,
    },
  };
}
