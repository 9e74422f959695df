import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Process groups of children still running; killed if this process exits without stopping them. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function killLiveGroupsNow(): void {
  for (const pid of liveGroups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  liveGroups.clear();
}

/**
 * A safety net, not the normal path (that is LocalCloud.stop): if this process exits any other way
 * (an uncaught error, process.exit in a test runner), its children must not outlive it holding
 * ports. 'exit' handlers may only do synchronous work, hence SIGKILL.
 */
export function trackChildGroup(pid: number): () => void {
  if (!exitHookInstalled) {
    process.once('exit', killLiveGroupsNow);
    exitHookInstalled = true;
  }
  liveGroups.add(pid);
  return () => liveGroups.delete(pid);
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of the cloud that owns this data directory, if it is still running. */
export function runningCloudPid(pidFile: string): number | undefined {
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isProcessAlive(pid) ? pid : undefined;
}

export function writePidFile(pidFile: string): void {
  writeFileSync(pidFile, `${process.pid}\n`);
}

export function removePidFile(pidFile: string): void {
  if (existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() === String(process.pid)) rmSync(pidFile);
}
