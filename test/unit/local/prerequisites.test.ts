import { describe, expect, it, vi } from 'vitest';
import {
  chromiumPrerequisite,
  DEBIAN_CHROMIUM,
  ensurePrerequisite,
  findChromium,
  javaPrerequisite,
  MissingPrerequisiteError,
  type Installer,
  type Machine,
} from '../../../local/prerequisites.ts';

/** Finding or installing the programs npm cannot install (npm test's pretest and npm run bench:web). */

/** A machine with these executables (read live: an install may add one), this environment, and `java` when asked. */
function machine(executables: string[], env: Record<string, string> = {}, java = false): Machine {
  return {
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', ...env },
    isExecutable: (path) => executables.includes(path),
    runs: (command) => java && command === 'java',
  };
}

const noApt: Installer = { available: () => false, install: () => undefined };

describe('findChromium', () => {
  it("finds Debian's /usr/bin/chromium", () => {
    expect(findChromium(machine([DEBIAN_CHROMIUM]))).toBe(DEBIAN_CHROMIUM);
  });

  it('finds chromium or chromium-browser on PATH, in PATH order', () => {
    expect(findChromium(machine(['/usr/local/bin/chromium-browser']))).toBe('/usr/local/bin/chromium-browser');
    expect(findChromium(machine(['/opt/c/chromium'], { PATH: '/opt/c' }))).toBe('/opt/c/chromium');
    expect(findChromium(machine(['/usr/local/bin/chromium', DEBIAN_CHROMIUM]))).toBe(DEBIAN_CHROMIUM);
  });

  it('takes the browser CHROMIUM_PATH or CHROME_PATH names, the tests’ variable first; empty counts as unset', () => {
    const both = machine(['/opt/a', '/opt/b', DEBIAN_CHROMIUM], { CHROMIUM_PATH: '/opt/a', CHROME_PATH: '/opt/b' });
    expect(findChromium(both)).toBe('/opt/a');
    expect(findChromium(machine(['/opt/b', DEBIAN_CHROMIUM], { CHROME_PATH: '/opt/b' }))).toBe('/opt/b');
    expect(findChromium(machine([DEBIAN_CHROMIUM], { CHROME_PATH: '', CHROMIUM_PATH: '' }))).toBe(DEBIAN_CHROMIUM);
  });

  it('says so when a variable names a path with no program (never swaps in another browser)', () => {
    expect(() => findChromium(machine([DEBIAN_CHROMIUM], { CHROME_PATH: '/nowhere/chrome' }))).toThrow(
      new MissingPrerequisiteError(
        'CHROME_PATH names /nowhere/chrome, where there is no program: point it at a Chromium (e.g. /usr/bin/chromium) or unset it.',
      ),
    );
  });

  it('finds nothing on a machine without one', () => {
    expect(findChromium(machine(['/usr/bin/firefox']))).toBeUndefined();
  });
});

describe('ensurePrerequisite', () => {
  const log = () => undefined;

  it('answers where the program is, installing nothing when it is there', () => {
    const install = vi.fn();
    const found = ensurePrerequisite(chromiumPrerequisite('for Lighthouse', machine([DEBIAN_CHROMIUM])), {
      again: 'run npm run bench:web again',
      installer: { available: () => true, install },
      log,
    });
    expect(found).toBe(DEBIAN_CHROMIUM);
    expect(install).not.toHaveBeenCalled();
  });

  it('without apt (or not root), stops with one sentence saying what to install', () => {
    const chromium = chromiumPrerequisite('for Lighthouse', machine([]));
    expect(() => ensurePrerequisite(chromium, { again: 'run npm run bench:web again', installer: noApt, log })).toThrow(
      new MissingPrerequisiteError('Chromium (for Lighthouse) is missing: install it with "sudo apt-get install -y chromium" and run npm run bench:web again.'),
    );
    expect(() => ensurePrerequisite(javaPrerequisite(machine([])), { again: 'run the tests again', installer: noApt, log })).toThrow(
      'Java (for DynamoDB Local) is missing: install it with "sudo apt-get install -y default-jre-headless" and run the tests again.',
    );
  });

  it("as root with apt, installs Debian's package and answers where it landed", () => {
    const executables: string[] = [];
    const install = vi.fn((debianPackage: string) => {
      if (debianPackage === 'chromium') executables.push(DEBIAN_CHROMIUM);
    });
    const lines: string[] = [];
    const found = ensurePrerequisite(chromiumPrerequisite('for Lighthouse', machine(executables)), {
      again: 'run npm run bench:web again',
      installer: { available: () => true, install },
      log: (line) => lines.push(line),
    });
    expect(found).toBe(DEBIAN_CHROMIUM);
    expect(install).toHaveBeenCalledWith('chromium');
    expect(lines).toEqual(["Chromium (for Lighthouse) is missing: installing Debian's chromium package."]);
  });

  it('when the install fails (no network), still ends with the sentence', () => {
    const failing: Installer = {
      available: () => true,
      install: () => {
        throw new Error('apt-get update failed');
      },
    };
    expect(() =>
      ensurePrerequisite(chromiumPrerequisite('for the end-to-end tests', machine([])), { again: 'run the tests again', installer: failing, log }),
    ).toThrow('Chromium (for the end-to-end tests) is missing: install it with "sudo apt-get install -y chromium" and run the tests again.');
  });

  it('finds Java by running java -version', () => {
    expect(ensurePrerequisite(javaPrerequisite(machine([], {}, true)), { again: 'run the tests again', installer: noApt, log })).toBe('java');
  });
});
