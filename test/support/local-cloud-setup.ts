import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type { Endpoints, Founder } from '../../local/cloud-files.ts';
import type { LocalCloudSecrets } from '../../local/cloud.ts';

const CHILD = fileURLToPath(new URL('./local-cloud-process.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A vitest globalSetup that starts one ephemeral local cloud for the whole project: its own temp
 * dir, DynamoDB in memory, free random ports (so it never meets a developer's `npm start` or a
 * parallel run), and provides its endpoints and founder to the tests (`inject('endpoints')`,
 * `inject('founder')`), and what its owner alone knows (`inject('localCloudSecrets')`: the web
 * proxy's secret, to stand in for browsers at many addresses, and the Lambda endpoint). The cloud runs in a child process (local-cloud-process.ts), so the
 * integration and e2e projects of one `npm test` never share handler state. Teardown stops it.
 */
export function localCloudGlobalSetup(options: { web: boolean }) {
  return async function setup(project: TestProject): Promise<() => Promise<void>> {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...(options.web ? ['--web'] : [])], {
      cwd: REPO_ROOT,
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    const lines = createInterface({ input: child.stdout });
    type Ready = { endpoints: Endpoints; founder: Founder; secrets: LocalCloudSecrets };
    const ready = new Promise<Ready>((resolve, reject) => {
      lines.on('line', (line) => {
        if (line.startsWith('{"endpoints"')) resolve(JSON.parse(line) as Ready);
      });
      void exited.then(([code]) => reject(new Error(`The local cloud exited (code ${String(code)}) before it was ready`)));
    });
    const { endpoints, founder, secrets } = await ready;
    project.provide('endpoints', endpoints);
    project.provide('founder', founder);
    project.provide('localCloudSecrets', secrets);
    return async () => {
      child.kill('SIGTERM');
      await exited;
    };
  };
}
