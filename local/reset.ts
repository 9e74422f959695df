import { existsSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { DEFAULT_DATA_DIR, REPO_ROOT, cloudFiles } from './cloud-files.ts';
import { reapOrphanedEmulators, runningCloudPid } from './process-guard.ts';

/**
 * `npm run reset`: forget every local account, post and picture. Refuses while `npm start` runs,
 * since the emulators would keep writing into (and crash on) a deleted directory.
 */
const files = cloudFiles(DEFAULT_DATA_DIR);
const shown = relative(REPO_ROOT, files.dataDir);
const pid = runningCloudPid(files.pid);
if (pid) {
  console.error(`The local cloud is running (pid ${pid}). Stop it (Ctrl-C in its terminal) before resetting ${shown}/.`);
  process.exit(1);
}
// Emulators orphaned by a crashed cloud would keep writing into the directory we delete.
reapOrphanedEmulators(files.pid);
if (!existsSync(files.dataDir)) {
  console.log(`Nothing to reset: ${shown}/ does not exist.`);
} else {
  rmSync(files.dataDir, { recursive: true, force: true });
  console.log(`Removed ${shown}/. The next npm start creates a fresh table, user pool, bucket and founder.`);
}
