import { relative } from 'node:path';
import { CloudAlreadyRunningError, startLocalCloud, type LocalCloud } from './cloud.ts';
import { DEFAULT_DATA_DIR, REPO_ROOT } from './cloud-files.ts';
import { DEFAULT_PORTS, PortTakenError } from './ports.ts';

/**
 * `npm start`: the whole product on this machine, data kept in .local/ between runs.
 * Ctrl-C stops every emulator it started.
 */
const startedAt = Date.now();
// This project runs on Node 20 on purpose (see STACK-NOTES); the SDK's notice about a future
// Node 22 requirement would only push the banner off the screen on every start.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
let cloud: LocalCloud | undefined;
let stopping = false;

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the local cloud...`);
  // Started children are in their own process groups; if start-up is still under way, exiting
  // lets the exit hook kill whatever has started so far.
  if (cloud) await cloud.stop();
  console.log('Stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

function banner(started: LocalCloud, seconds: string): string {
  const { endpoints, founder, files, mailboxPageUrl } = started;
  return `
  Anchored is running locally (ready in ${seconds} s)

  Web app         ${endpoints.webUrl}
  Sign in as      ${founder.email}
  Password        ${founder.password}
  Invite code     ${founder.inviteCode}   (share it: a new member signs up with it)
  Mailbox         ${mailboxPageUrl}   (verification and reset codes; new link on every start)

  API             POST ${endpoints.apiUrl}/{callable}
  Live socket     ${endpoints.live.url} (access token in Sec-WebSocket-Protocol)
  Endpoints       ${relative(REPO_ROOT, files.endpoints)}   Founder: ${relative(REPO_ROOT, files.founder)}
  Data            ${relative(REPO_ROOT, files.dataDir)}/   (npm run reset wipes it)

  Press Ctrl-C to stop.
`;
}

try {
  cloud = await startLocalCloud({ dataDir: DEFAULT_DATA_DIR, persistent: true, ports: DEFAULT_PORTS, web: true });
  if (stopping) await cloud.stop();
  else console.log(banner(cloud, ((Date.now() - startedAt) / 1000).toFixed(1)));
} catch (error) {
  const expected = error instanceof PortTakenError || error instanceof CloudAlreadyRunningError;
  console.error(expected ? `\n${(error as Error).message}\n` : `\nThe local cloud could not start:\n${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
}
