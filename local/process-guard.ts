import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Process groups of children still running; killed if this process exits without stopping them. */
const liveGroups = new Set<number>();
/** Pid files this process wrote and must not leave behind. */
const ownedPidFiles = new Set<string>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  process.once('exit', () => {
    killLiveGroupsNow();
    for (const file of ownedPidFiles) rmSync(file, { force: true });
  });
  exitHookInstalled = true;
}

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
  installExitHook();
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

/** `.local/cloud.pid`: the cloud's own pid and the process groups of its emulators. */
interface PidFile {
  pid: number;
  children: number[];
}

function readPidFile(pidFile: string): PidFile | undefined {
  if (!existsSync(pidFile)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(pidFile, 'utf8')) as Partial<PidFile>;
    if (typeof parsed.pid !== 'number') return undefined;
    return { pid: parsed.pid, children: Array.isArray(parsed.children) ? parsed.children.filter(Number.isInteger) : [] };
  } catch {
    return undefined;
  }
}

/** The pid of the cloud that owns this data directory, if it is still running. */
export function runningCloudPid(pidFile: string): number | undefined {
  const file = readPidFile(pidFile);
  return file && file.pid !== process.pid && isProcessAlive(file.pid) ? file.pid : undefined;
}

export function writePidFile(pidFile: string, children: number[] = []): void {
  installExitHook();
  ownedPidFiles.add(pidFile);
  writeFileSync(pidFile, `${JSON.stringify({ pid: process.pid, children } satisfies PidFile)}\n`);
}

export function removePidFile(pidFile: string): void {
  ownedPidFiles.delete(pidFile);
  if (readPidFile(pidFile)?.pid === process.pid) rmSync(pidFile);
}

/** Only processes that are recognisably ours: a pid may have been reused since. */
const EMULATOR_MARKERS = ['DynamoDBLocal.jar', 'cognito-local'];

function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return ''; // Not Linux, or gone: leave it alone.
  }
}

/**
 * If the cloud that wrote the pid file died without stopping its emulators (kill -9, a crash
 * the exit hook could not see), they still hold their ports: stop them before starting anew.
 * cognito-local also follows its parent on its own (see cognito-mail-hook.mjs); the JVM cannot.
 */
export function reapOrphanedEmulators(pidFile: string): number[] {
  const file = readPidFile(pidFile);
  if (!file || isProcessAlive(file.pid)) return [];
  const reaped = file.children.filter((pid) => {
    const commandLine = commandLineOf(pid);
    if (!EMULATOR_MARKERS.some((marker) => commandLine.includes(marker))) return false;
    try {
      process.kill(-pid, 'SIGKILL');
      return true;
    } catch {
      return false;
    }
  });
  rmSync(pidFile, { force: true });
  return reaped;
}
