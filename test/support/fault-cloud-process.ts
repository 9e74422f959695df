import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startLocalCloud } from '../../local/cloud.ts';
import { FAULT_RATE_ENV, forceFaults, injectedFaultCounts, type FaultService } from '../../local/fault-injection.ts';

/**
 * An ephemeral local cloud of its own for the fault test (test/integration/faults.test.ts): the
 * shared integration cloud must never see injected faults, since other test files use it at the
 * same time. Faults are switched by the parent on stdin, one JSON line `{"rate": 0.25}` each,
 * optionally with `"force": {"cognito": 3}` (that many of the service's next requests fail
 * whatever the rate), answered `{"rate": 0.25}` on stdout once set: the cloud starts with faults
 * off, so its own setup (table, pool, founder) is never hit. The rate is this process's
 * FAULT_INJECTION_RATE, which local/fault-injection.ts reads on every SDK request; STAGE is
 * 'local' here, as the middleware requires. `{"counts": true}` is answered with the faults
 * injected so far per service, `{"counts": {"dynamodb": 41, "s3": 6, "cognito": 3}}` (the
 * handlers run in this process, so its fault-injection module is theirs). It stops when stdin
 * closes (the parent is done or died) or on SIGTERM.
 *
 *   node --import tsx test/support/fault-cloud-process.ts
 */
const cloud = await startLocalCloud({
  dataDir: mkdtempSync(join(tmpdir(), 'anchored-faults-')),
  persistent: false,
  ports: 'random',
  web: false,
  quiet: true,
  log: () => {},
});

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  process.env[FAULT_RATE_ENV] = '0';
  await cloud.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const message = JSON.parse(line) as { rate: number; force?: Partial<Record<FaultService, number>> } | { counts: true };
  if ('counts' in message) {
    process.stdout.write(`${JSON.stringify({ counts: injectedFaultCounts() })}\n`);
    return;
  }
  const { rate, force = {} } = message;
  for (const service of ['dynamodb', 's3', 'cognito'] as const) forceFaults(service, force[service] ?? 0);
  process.env[FAULT_RATE_ENV] = String(rate);
  process.stdout.write(`${JSON.stringify({ rate })}\n`);
});
lines.on('close', () => void stop());
process.stdout.write(`${JSON.stringify({ endpoints: cloud.endpoints })}\n`);
