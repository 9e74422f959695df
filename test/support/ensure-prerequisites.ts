/**
 * Runs before `npm test`. The suite needs two programs that npm cannot install: Java (DynamoDB
 * Local is a jar) and Chromium (the end-to-end tests drive Debian's Chromium; no test tool may
 * download a browser of its own here). Installs Debian's package when missing and we are root,
 * otherwise stops with one sentence saying what to install.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './browser.ts';

interface Prerequisite {
  name: string;
  present: () => boolean;
  debianPackage: string;
}

const prerequisites: Prerequisite[] = [
  {
    name: 'Java (for DynamoDB Local)',
    present: () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0,
    debianPackage: 'default-jre-headless',
  },
  { name: 'Chromium (for the end-to-end tests)', present: () => existsSync(CHROMIUM_PATH), debianPackage: 'chromium' },
];

function canInstallWithApt(): boolean {
  return process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
}

let aptUpdated = false;
function aptInstall(debianPackage: string): void {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', debianPackage], { stdio: 'inherit', env });
}

for (const prerequisite of prerequisites) {
  if (prerequisite.present()) continue;
  if (canInstallWithApt()) {
    console.log(`${prerequisite.name} is missing: installing Debian's ${prerequisite.debianPackage} package.`);
    aptInstall(prerequisite.debianPackage);
  }
  if (!prerequisite.present()) {
    console.error(
      `${prerequisite.name} is missing: install it with "sudo apt-get install -y ${prerequisite.debianPackage}" and run the tests again.`,
    );
    process.exit(1);
  }
}
