import { parseArgs } from 'node:util';
import { cloudFiles, DEFAULT_DATA_DIR, readJson, type Endpoints } from '../cloud-files.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../local-aws.ts';
import { checkCounters, repairCounters, type CountersCheck } from './compare.ts';

/**
 * npm run metrics:verify [-- --date YYYY-MM-DD] [-- --repair]: compares the daily metrics from the
 * stream's counters and ranking with a full scan of the table, prints both records and every
 * difference, and exits 1 on a mismatch. With --repair, counters that differ from the recount are
 * moved to it and every inviter is re-ranked, then the check runs again (exit 0 once they agree).
 * Run it while the table is quiet: a change the stream has not counted yet shows as a difference
 * (and --repair would count it twice). It is also how a table that held members before the
 * counters existed gets its counters: a recount, once.
 *
 * Which table: with TABLE_NAME set, that one through the usual AWS environment (a deployed stage,
 * with the operator's credentials and AWS_REGION); otherwise the running `npm start` cloud
 * (.local/endpoints.json).
 */

const { values } = parseArgs({ options: { date: { type: 'string' }, repair: { type: 'boolean', default: false } } });
const date = values.date ?? new Date().toISOString().slice(0, 10);

if (!process.env.TABLE_NAME) {
  const endpoints = readJson<Endpoints>(cloudFiles(DEFAULT_DATA_DIR).endpoints);
  if (!endpoints) {
    console.error(
      'No TABLE_NAME and no local cloud (.local/endpoints.json): start one with npm start, or set TABLE_NAME (and AWS_REGION) for a deployed table.',
    );
    process.exit(1);
  }
  Object.assign(process.env, {
    TABLE_NAME: endpoints.dynamodb.tableName,
    DYNAMODB_ENDPOINT: endpoints.dynamodb.endpoint,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  });
}

function report(check: CountersCheck): boolean {
  console.log(`Table ${String(process.env.TABLE_NAME)}, run date ${check.date}: ${check.scanPages} Scan pages, ${check.counters} counters.`);
  console.log(`From a full scan:   ${JSON.stringify(check.scanned)}`);
  console.log(`From the counters:  ${JSON.stringify(check.counted)}`);
  for (const { path, scanned, counted } of check.recordDifferences)
    console.log(`  record ${path}: scan ${JSON.stringify(scanned)}, counters ${JSON.stringify(counted)}`);
  const counterDifferences = Object.entries(check.counterDifferences);
  for (const [name, off] of counterDifferences) console.log(`  counter ${name}: the recount is ${off > 0 ? '+' : ''}${off} from the stored one`);
  for (const { path, scanned, counted } of check.rankingDifferences)
    console.log(`  ${path}: recount ${JSON.stringify(scanned)}, stored ${JSON.stringify(counted)}`);
  const mismatches = [check.recordDifferences.length, counterDifferences.length, check.rankingDifferences.length];
  const agree = mismatches.every((count) => count === 0);
  console.log(
    agree ? 'The counters agree with the scan.' : `MISMATCH: ${mismatches[0]} figures, ${mismatches[1]} counters and ${mismatches[2]} ranking fields differ.`,
  );
  return agree;
}

const first = await checkCounters(date);
let agree = report(first);
if (!agree && values.repair) {
  console.log('Repairing: each differing counter moves by its difference, then every inviter is re-ranked.');
  await repairCounters(first);
  agree = report(await checkCounters(date));
}
process.exit(agree ? 0 : 1);
