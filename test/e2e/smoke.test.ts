import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { runSmoke } from '../../local/smoke/smoke-cli.ts';

/**
 * `npm run smoke` against the local cloud, as CI runs it: the SPA on Vite, config.json and /api
 * through its proxy, cognito-local, the gateway's live socket. The founder's credentials come from
 * the local founder (founder.json), through the environment as an operator passes them.
 */
const endpoints = inject('endpoints');
const founder = inject('founder');
const CLI = fileURLToPath(new URL('../../local/smoke/smoke-cli.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('npm run smoke against the local cloud', () => {
  it('passes every check and exits 0', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, '--url', endpoints.webUrl, '--email', founder.email], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, SMOKE_PASSWORD: founder.password, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe(`Smoke test of ${new URL(endpoints.webUrl).origin} as ${founder.email}`);
    expect(lines.slice(1, -1).map((line) => /^(\S+)\s+([^:]+):/.exec(line)?.slice(1, 3))).toEqual([
      ['ok', 'landing page'],
      ['ok', 'config.json'],
      ['ok', 'sign-in'],
      ['ok', 'getMe'],
      ['ok', 'public callable validateInviteCode'],
      ['ok', 'push connection'],
    ]);
    expect(lines.at(-1)).toBe('All 6 checks ok.');
    expect(stdout).not.toContain(founder.password);
  });

  it('reports a failed sign-in, skips what needs it, and exits 1', async () => {
    const printed: string[] = [];
    const code = await runSmoke(['--url', endpoints.webUrl], { SMOKE_EMAIL: founder.email, SMOKE_PASSWORD: 'not-the-password-1A!' }, (line) =>
      printed.push(line),
    );
    expect(code).toBe(1);
    expect(printed.find((line) => line.includes('landing page'))).toMatch(/^ok {6}landing page: 200, /);
    expect(printed.find((line) => line.includes('sign-in'))).toMatch(/^failed {2}sign-in: InitiateAuth refused: \w+Exception/);
    expect(printed.find((line) => line.includes('getMe'))).toBe('failed (skipped)  getMe: an earlier check failed');
    expect(printed.find((line) => line.includes('push connection'))).toBe('failed (skipped)  push connection: an earlier check failed');
    expect(printed.at(-1)).toBe('4 of 6 checks failed.');
  });
});
