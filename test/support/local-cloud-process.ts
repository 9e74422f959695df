import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalCloud, type LocalCloud } from '../../local/cloud.ts';
import { buildWeb } from '../../web/scripts/build-web.ts';

/**
 * Runs one ephemeral local cloud in a process of its own and prints `{endpoints, founder, secrets}`
 * as one JSON line on stdout once it is ready (its parent, the tests' global setup, is its owner). The cloud's handlers read their environment from
 * process.env and keep module-level clients, so two clouds must never share a process: `npm test`
 * runs the integration and the e2e projects (each with its own cloud) in one vitest process.
 * It stops on SIGTERM/SIGINT or when its parent closes stdin (the parent died).
 *
 * With --web it serves the SPA too: a production build made for this run (what is deployed; a page
 * load is a dozen files, where Vite's dev server transforms hundreds of modules per browser context).
 *
 *   node --import tsx test/support/local-cloud-process.ts [--web]
 */
const web = process.argv.includes('--web');
const dataDir = mkdtempSync(join(tmpdir(), web ? 'anchored-e2e-' : 'anchored-integration-'));
const webBuild = web ? join(dataDir, 'web-dist') : undefined;
if (webBuild) await buildWeb({ outDir: webBuild });
const running: { cloud?: LocalCloud } = {};
let stopping = false;

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  // Still starting: the start finishes, then stops what it started (below).
  if (!running.cloud) return;
  await running.cloud.stop();
  process.exit(0);
}

process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();

const cloud = await startLocalCloud({
  dataDir,
  persistent: false,
  ports: 'random',
  web,
  webBuild,
  quiet: true,
  log: (line) => {
    // Crashes and refusals of handlers are what a failing test needs to explain itself.
    if (/crashed|failed|timed out/.test(line)) console.error(`[local cloud] ${line}`);
  },
});
running.cloud = cloud;
process.stdout.write(`${JSON.stringify({ endpoints: cloud.endpoints, founder: cloud.founder, secrets: cloud.secrets })}\n`);
if (stopping) {
  await cloud.stop();
  process.exit(0);
}
