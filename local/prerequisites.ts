/**
 * The programs npm cannot install: Java (DynamoDB Local is a jar) and Chromium (the end-to-end
 * tests drive it, `npm run bench:web` runs Lighthouse in it; no tool may download a browser of its
 * own here). `npm test`'s pretest (test/support/ensure-prerequisites.ts) and bench:web share this:
 * find the program; when it is missing and we are root with apt, install Debian's package; when it
 * is still missing, stop with one sentence saying what to install.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface Prerequisite {
  /** What it is and what for, e.g. 'Chromium (for Lighthouse)'. */
  name: string;
  /** Debian's package that brings it. */
  debianPackage: string;
  /** Where it is (a path or a command), or undefined when missing. */
  find: () => string | undefined;
}

/** What to install, in one sentence (the message is the whole report). */
export class MissingPrerequisiteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MissingPrerequisiteError';
  }
}

/** What the finders look at, so a test can stand in for the machine. */
export interface Machine {
  env: Readonly<Record<string, string | undefined>>;
  /** True for an executable regular file. */
  isExecutable: (path: string) => boolean;
  /** True when `command args` runs and exits 0. */
  runs: (command: string, args: string[]) => boolean;
}

export const thisMachine: Machine = {
  env: process.env,
  isExecutable: (path) => {
    try {
      accessSync(path, constants.X_OK);
      return statSync(path).isFile();
    } catch {
      return false;
    }
  },
  runs: (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0,
};

/** Where Debian's `chromium` package puts the browser (what the apt install below brings). */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/** The variables that may name a Chromium: the tests' own, then the one Lighthouse reads. */
export const CHROMIUM_PATH_VARIABLES = ['CHROMIUM_PATH', 'CHROME_PATH'] as const;
const CHROMIUM_COMMANDS = ['chromium', 'chromium-browser'];

/** The first directory of PATH holding an executable `command`. */
function onPath(command: string, machine: Machine): string | undefined {
  for (const dir of (machine.env.PATH ?? '').split(delimiter)) {
    if (dir && machine.isExecutable(join(dir, command))) return join(dir, command);
  }
  return undefined;
}

/**
 * The Chromium to drive: the one CHROMIUM_PATH or CHROME_PATH names (an empty value counts as
 * unset; a path where there is no program throws, it is not quietly replaced by another browser),
 * else Debian's /usr/bin/chromium, else `chromium` or `chromium-browser` on PATH.
 */
export function findChromium(machine: Machine = thisMachine): string | undefined {
  for (const variable of CHROMIUM_PATH_VARIABLES) {
    const named = machine.env[variable];
    if (!named) continue;
    if (machine.isExecutable(named)) return named;
    throw new MissingPrerequisiteError(`${variable} names ${named}, where there is no program: point it at a Chromium (e.g. ${DEBIAN_CHROMIUM}) or unset it.`);
  }
  if (machine.isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  for (const command of CHROMIUM_COMMANDS) {
    const found = onPath(command, machine);
    if (found) return found;
  }
  return undefined;
}

/** Chromium, found by findChromium; `purpose` says what needs it, e.g. 'for Lighthouse'. */
export function chromiumPrerequisite(purpose: string, machine: Machine = thisMachine): Prerequisite {
  return { name: `Chromium (${purpose})`, debianPackage: 'chromium', find: () => findChromium(machine) };
}

/** Java, for DynamoDB Local (spawned as `java`, so it must be on PATH). */
export function javaPrerequisite(machine: Machine = thisMachine): Prerequisite {
  return {
    name: 'Java (for DynamoDB Local)',
    debianPackage: 'default-jre-headless',
    find: () => (machine.runs('java', ['-version']) ? 'java' : undefined),
  };
}

/** How a missing program gets installed: Debian's package through apt, as root only. */
export interface Installer {
  available: () => boolean;
  /** Throws when the install fails (no network, no such package…). */
  install: (debianPackage: string) => void;
}

let aptUpdated = false;
export const aptInstaller: Installer = {
  available: () => process.getuid?.() === 0 && thisMachine.runs('apt-get', ['--version']),
  install: (debianPackage) => {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (!aptUpdated) {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      aptUpdated = true;
    }
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', debianPackage], { stdio: 'inherit', env });
  },
};

export interface EnsureOptions {
  /** What the person runs once they installed it, e.g. 'run the tests again'. */
  again: string;
  installer?: Installer;
  log?: (line: string) => void;
}

/**
 * Where the prerequisite is, installing Debian's package first when it is missing and apt may be
 * used; otherwise throws MissingPrerequisiteError with one sentence saying what to install.
 */
export function ensurePrerequisite(prerequisite: Prerequisite, { again, installer = aptInstaller, log = console.log }: EnsureOptions): string {
  const found = prerequisite.find();
  if (found) return found;
  if (installer.available()) {
    log(`${prerequisite.name} is missing: installing Debian's ${prerequisite.debianPackage} package.`);
    try {
      installer.install(prerequisite.debianPackage);
    } catch (error) {
      log(`Installing ${prerequisite.debianPackage} failed: ${(error as Error).message}`);
    }
    const installed = prerequisite.find();
    if (installed) return installed;
  }
  throw new MissingPrerequisiteError(`${prerequisite.name} is missing: install it with "sudo apt-get install -y ${prerequisite.debianPackage}" and ${again}.`);
}
