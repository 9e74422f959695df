import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalCloud } from '../../local/cloud.ts';

/**
 * A vitest globalSetup that starts one ephemeral local cloud for the whole run: its own temp dir,
 * DynamoDB in memory, free random ports (so it never meets a developer's `npm start` or a parallel
 * run), and provides its endpoints and founder to the tests (`inject('endpoints')`,
 * `inject('founder')`). Teardown stops every emulator and deletes the temp dir.
 */
export function localCloudGlobalSetup(options: { web: boolean }) {
  return async function setup(project: TestProject): Promise<() => Promise<void>> {
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    const cloud = await startLocalCloud({
      dataDir: mkdtempSync(join(tmpdir(), options.web ? 'anchored-e2e-' : 'anchored-integration-')),
      persistent: false,
      ports: 'random',
      web: options.web,
      quiet: true,
      log: (line) => {
        // Crashes and refusals of handlers are what a failing test needs to explain itself.
        if (/crashed|failed|timed out/.test(line)) console.error(`[local cloud] ${line}`);
      },
    });
    project.provide('endpoints', cloud.endpoints);
    project.provide('founder', cloud.founder);
    return () => cloud.stop();
  };
}
