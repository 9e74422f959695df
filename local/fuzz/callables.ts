import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { callableNames, type CallableName } from '../../lambdas/contracts/callables.ts';
import { startLocalCloud } from '../cloud.ts';
import {
  assertRefused,
  bigBodies,
  forbiddenFieldBodies,
  fuzzCallable,
  invokeRaw,
  memberFor,
  snapshot,
  useOwnFuzzStore,
} from '../../test/support/fuzz-harness.ts';

/**
 * npm run fuzz:long [-- --rounds 8 --seed 42 --only createPost,getFeed] — the long hostile-input
 * run: the batches of test/integration/hostile-input-*.test.ts, repeated in rounds of
 * 250–278 cases (a fresh member each round, so the 300 requests / 5 min budget never answers instead),
 * 8 rounds ≈ 2,000 cases per callable, plus 300 KB, 1 MB and 10 MB bodies to every callable. Runs
 * on an ephemeral local cloud in this process; prints each callable's counts, then one JSON line.
 * Exits 1 at the first failure, with fast-check's counterexample and seed.
 */

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const rounds = Number(option('rounds') ?? 8);
const seed = option('seed') === undefined ? Date.now() % 2 ** 31 : Number(option('seed'));
const only = option('only')?.split(',') as CallableName[] | undefined;
const names = only ?? callableNames;
const log = (line: string) => process.stderr.write(`${line}\n`);

const cloud = await startLocalCloud({ dataDir: mkdtempSync(join(tmpdir(), 'anchored-fuzz-')), persistent: false, ports: 'random', web: false, quiet: true });
let failed = false;
try {
  await useOwnFuzzStore(cloud.endpoints);
  log(`fuzz:long — ${names.length} callables, ${rounds} rounds each, seed ${seed}`);
  const started = performance.now();
  const perCallable: Record<string, number> = {};
  for (const name of names) {
    let total = 0;
    // 250 to 278 requests a round (refused, rounded up to batches of 10, + forbidden fields + 50
    // mixed; 3 big bodies once) stay under a member's 300 requests / 5 min; fast-check alone makes
    // at least 200 of them (150 refused or more + 50 mixed), as in npm test.
    const refusedRuns = Math.max(150, 200 - forbiddenFieldBodies(name, '').length);
    for (let round = 0; round < rounds; round++) {
      const member = await memberFor(cloud.endpoints, name);
      const counts = await fuzzCallable(name, member, { refusedRuns, mixedRuns: 50, seed: seed + round });
      total += counts.total;
      if (round === 0) {
        const before = await snapshot();
        for (const big of bigBodies(name)) {
          assertRefused(await invokeRaw(name, member.claims, big.body), `${name} ${big.kind}`);
          total++;
        }
        if ((await snapshot()) !== before) throw new Error(`${name}: a refused big body changed the table or the bucket`);
      }
    }
    perCallable[name] = total;
    log(`${name.padEnd(28)} ${total} cases`);
  }
  const cases = Object.values(perCallable).reduce((sum, count) => sum + count, 0);
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  log(
    `${cases} cases over ${names.length} callables in ${seconds} s: no 5xx, every contract refusal 400, nothing changed by a refused call or a business refusal`,
  );
  console.log(JSON.stringify({ seed, rounds, cases, seconds, perCallable }));
} catch (error) {
  failed = true;
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  // fast-check keeps the assertion that failed as the cause.
  if (error instanceof Error && error.cause) log(`Cause: ${String(error.cause)}`);
} finally {
  await cloud.stop();
}
process.exit(failed ? 1 : 0);
