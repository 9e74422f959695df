/**
 * Runs before `npm test`. The suite needs two programs that npm cannot install: Java (DynamoDB
 * Local is a jar) and Chromium (the end-to-end tests drive Debian's Chromium; no test tool may
 * download a browser of its own here). Installs Debian's package when missing and we are root,
 * otherwise stops with one sentence saying what to install (local/prerequisites.ts, which
 * `npm run bench:web` shares).
 */
import { chromiumPrerequisite, ensurePrerequisite, javaPrerequisite, MissingPrerequisiteError } from '../../local/prerequisites.ts';

for (const prerequisite of [javaPrerequisite(), chromiumPrerequisite('for the end-to-end tests')]) {
  try {
    ensurePrerequisite(prerequisite, { again: 'run the tests again' });
  } catch (error) {
    if (!(error instanceof MissingPrerequisiteError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
