import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FaultService } from '../../local/fault-injection.ts';
import type { Endpoints } from '../../local/cloud-files.ts';

const CHILD = fileURLToPath(new URL('./fault-cloud-process.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface FaultCloud {
  endpoints: Endpoints;
  /**
   * Sets the share of DynamoDB, S3 and Cognito requests of the cloud's handlers that fail (0 = off);
   * `force` makes that many of a service's next requests fail whatever the rate.
   */
  setFaultRate(rate: number, force?: Partial<Record<FaultService, number>>): Promise<void>;
  /** The faults the cloud's handlers met so far, per service. */
  faultCounts(): Promise<Record<FaultService, number>>;
  stop(): Promise<void>;
}

/** Starts fault-cloud-process.ts and talks to it over its stdin/stdout (one JSON line each way). */
export async function startFaultCloud(): Promise<FaultCloud> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: REPO_ROOT,
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit');
  // Handlers' JSON log lines (e.g. a rate counter skipped by a fault) are expected here; the rest is shown.
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (!line.startsWith('{"level"')) console.error(`[fault cloud] ${line}`);
  });
  const lines = createInterface({ input: child.stdout });
  const waiters: ((line: string) => void)[] = [];
  lines.on('line', (line) => {
    // Only the process's own answers: a handler's JSON log line must never be taken for one.
    if (line.startsWith('{"endpoints"') || line.startsWith('{"rate"') || line.startsWith('{"counts"')) waiters.shift()?.(line);
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      waiters.push(resolve);
      void exited.then(([code]) => reject(new Error(`The fault cloud exited (code ${String(code)})`)));
    });
  const { endpoints } = JSON.parse(await nextLine()) as { endpoints: Endpoints };
  return {
    endpoints,
    async setFaultRate(rate, force) {
      const answer = nextLine();
      child.stdin.write(`${JSON.stringify({ rate, force })}\n`);
      const echoed = JSON.parse(await answer) as { rate: number };
      if (echoed.rate !== rate) throw new Error(`The fault cloud set rate ${String(echoed.rate)}, not ${String(rate)}`);
    },
    async faultCounts() {
      const answer = nextLine();
      child.stdin.write(`${JSON.stringify({ counts: true })}\n`);
      return (JSON.parse(await answer) as { counts: Record<FaultService, number> }).counts;
    },
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}
