import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { AMBIENT_ENV, functionEnv, GIVEN_ENV, requiredEnv, runWithFunctionEnv } from '#data/table';
import { ticketForCode } from '#http/sign-up-tickets';
import { envScopeOfEntry } from '../../../local/function-scopes.ts';
import { callableHandlers, jobHandlers, triggerHandlers } from '#lambdas/callable-handlers';

/**
 * Locally every handler shares one process and one process.env holding every variable; each
 * invocation reads only what CDK gives its function (the variables its registry row derives), so a
 * function reading a variable its row does not declare fails here as it would on AWS.
 */
const saved = process.env.SIGN_UP_TICKET_SECRET;
afterEach(() => {
  if (saved === undefined) Reflect.deleteProperty(process.env, 'SIGN_UP_TICKET_SECRET');
  else process.env.SIGN_UP_TICKET_SECRET = saved;
});

function scopeOf(entry: string) {
  const scope = envScopeOfEntry(entry);
  if (!scope) throw new Error(`no scope for ${entry}`);
  return scope;
}

describe('a function reads only the environment its row declares', () => {
  it('refuses a variable its row does not declare, and names the function and the variable', () => {
    process.env.SIGN_UP_TICKET_SECRET = 'a-secret';
    const getMe = scopeOf(callableHandlers.getMe.entry);
    expect(() => runWithFunctionEnv(getMe, () => ticketForCode('ABCD2345'))).toThrow(/getMe reads SIGN_UP_TICKET_SECRET, which CDK does not give it/);
    expect(() => runWithFunctionEnv(scopeOf(jobHandlers.dailyMetrics.entry), () => functionEnv('REMOVAL_WORKER_FUNCTION'))).toThrow(/dailyMetrics reads/);
  });

  it('reads what its row declares, what every function is handed, and what Lambda or the local cloud set', () => {
    process.env.SIGN_UP_TICKET_SECRET = 'a-secret';
    expect(runWithFunctionEnv(scopeOf(callableHandlers.validateInviteCode.entry), () => requiredEnv('SIGN_UP_TICKET_SECRET'))).toBe('a-secret');
    expect(runWithFunctionEnv(scopeOf(triggerHandlers.preSignUp.entry), () => requiredEnv('SIGN_UP_TICKET_SECRET'))).toBe('a-secret');
    const getMe = scopeOf(callableHandlers.getMe.entry);
    expect(runWithFunctionEnv(getMe, () => functionEnv('TABLE_NAME'))).toBe(process.env.TABLE_NAME);
    expect(runWithFunctionEnv(getMe, () => functionEnv('AWS_REGION'))).toBe(process.env.AWS_REGION);
    expect(() => runWithFunctionEnv(scopeOf(jobHandlers.tableStream.entry), () => functionEnv('LIVE_MANAGEMENT_ENDPOINT'))).not.toThrow();
  });

  it('declares the workers a callable hands work to, and only there', () => {
    expect([...scopeOf(callableHandlers.resolveReport.entry).given]).toContain('REMOVAL_WORKER_FUNCTION');
    expect([...scopeOf(callableHandlers.requestDataExport.entry).given]).toContain('DATA_EXPORT_WORKER_FUNCTION');
    expect([...scopeOf(callableHandlers.createPost.entry).given]).not.toContain('REMOVAL_WORKER_FUNCTION');
    expect([...scopeOf(callableHandlers.setAdminClaim.entry).given]).toContain('DEV_ADMIN_EMAILS');
    expect([...scopeOf(callableHandlers.getMe.entry).given]).not.toContain('DEV_ADMIN_EMAILS');
  });

  it('outside any function (a test, a script) reads the process environment as it is', () => {
    process.env.SIGN_UP_TICKET_SECRET = 'another';
    expect(functionEnv('SIGN_UP_TICKET_SECRET')).toBe('another');
  });
});

describe("lambdas/data/README.md's table of the environment", () => {
  it('names exactly the variables a function may read', () => {
    const readme = readFileSync(new URL('../../../lambdas/data/README.md', import.meta.url), 'utf8');
    const named = [...readme.matchAll(/^\| (`[A-Z0-9_]+`(?:, `[A-Z0-9_]+`)*) \|/gm)].flatMap((match) =>
      [...(match[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((name) => name[1]),
    );
    expect(named.toSorted()).toEqual([...GIVEN_ENV, ...AMBIENT_ENV].toSorted());
  });
});
