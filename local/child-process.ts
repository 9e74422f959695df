import { spawn, type ChildProcess } from 'node:child_process';
import { trackChildGroup } from './process-guard.ts';

export interface ChildOptions {
  /** Shown in messages, e.g. 'DynamoDB Local'. */
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Echo the child's output to this process's terminal (npm start) instead of keeping it quiet (tests). */
  echo?: boolean;
}

export interface RunningChild {
  readonly name: string;
  readonly pid: number;
  /** Resolves when the child has exited, whatever the reason. */
  readonly exited: Promise<void>;
  /** The last lines the child wrote, to explain an early death. */
  recentOutput(): string;
  /** Stops the whole process group: SIGTERM, then SIGKILL if it lingers. */
  stop(): Promise<void>;
}

const KEPT_OUTPUT_CHARS = 4000;
const STOP_GRACE_MS = 3000;

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    // Negative pid: the child's whole process group (java may fork helpers of its own).
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Spawns a long-running helper in its own process group so the cloud decides when it stops:
 * Ctrl-C reaches only our process, which then stops each child in order and waits for it.
 */
export function startChild(options: ChildOptions): RunningChild {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    // stdin stays a pipe: a child that watches it (cognito-local's hook) exits when we die.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${options.name} could not be started (${options.command} missing?)`);
  const pid = child.pid;
  const untrack = trackChildGroup(pid);

  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-KEPT_OUTPUT_CHARS);
    if (options.echo) process.stdout.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let exitDescription = '';
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitDescription = signal ? `signal ${signal}` : `code ${code}`;
      untrack();
      resolve();
    });
    child.once('error', (error) => {
      exitDescription = error.message;
      resolve();
    });
  });

  return {
    name: options.name,
    pid,
    exited,
    recentOutput: () => (exitDescription ? `[exited with ${exitDescription}]\n` : '') + output,
    async stop() {
      signalGroup(child, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
      // The leader may exit before the rest of its group: make sure nothing of it survives.
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Nothing left.
      }
      child.stdin?.destroy();
    },
  };
}

export class ChildDiedError extends Error {
  constructor(child: RunningChild) {
    super(`${child.name} stopped while starting. Its last output:\n${child.recentOutput().trim() || '(none)'}`);
    this.name = 'ChildDiedError';
  }
}

/**
 * Polls `probe` until it succeeds, failing fast (with the child's output) if the child dies and
 * with a clear timeout otherwise. Polling the real API is the only reliable readiness signal:
 * log lines come late or change between versions.
 */
export async function waitUntilReady(child: RunningChild, probe: () => Promise<unknown>, timeoutMs = 30_000): Promise<void> {
  let dead = false;
  void child.exited.then(() => {
    dead = true;
  });
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (dead) throw new ChildDiedError(child);
    try {
      await probe();
      return;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${child.name} was not ready after ${timeoutMs / 1000} s (${String(lastError)}). Its last output:\n${child.recentOutput()}`);
}
