import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIFT_BUDGETS_ENV, budgetsLifted } from '#domain/budget-lift';

const takeRateLimitedHit = vi.fn();
vi.mock('../../../lambdas/data/table/rate-limits.ts', () => ({ takeRateLimitedHit: (...args: unknown[]) => takeRateLimitedHit(...args) }));
const { spendActionBudget, spendRequestBudget } = await import('#http/rate-limit');

/** The local-only lift of the abuse budgets (startLocalCloud's `budgets: 'lifted'`, npm run bench:feed). */

const event = { requestContext: { http: { sourceIp: '203.0.113.7' } } } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
const ada = { uid: 'ada', username: 'ada', groups: [] };
/** The refusal a spent budget gives (429 with Retry-After on the wire). */
const refused = expect.objectContaining({ name: 'AppError', retryAfterSeconds: 42 });
const saved = { STAGE: process.env.STAGE, lift: process.env[LIFT_BUDGETS_ENV] };

function setEnv(stage: string | undefined, lift: string | undefined): void {
  if (stage === undefined) delete process.env.STAGE;
  else process.env.STAGE = stage;
  if (lift === undefined) Reflect.deleteProperty(process.env, LIFT_BUDGETS_ENV);
  else process.env[LIFT_BUDGETS_ENV] = lift;
}

describe('lifting the abuse budgets', () => {
  beforeEach(() => {
    takeRateLimitedHit.mockReset();
    // Every budget is spent: a call is refused unless the lift holds.
    takeRateLimitedHit.mockResolvedValue({ allowed: false, retryAfterSeconds: 42 });
  });
  afterEach(() => setEnv(saved.STAGE, saved.lift));

  it('holds only where STAGE is local and the variable is exactly 1', () => {
    expect(budgetsLifted({ STAGE: 'local', [LIFT_BUDGETS_ENV]: '1' })).toBe(true);
    expect(budgetsLifted({ STAGE: 'dev', [LIFT_BUDGETS_ENV]: '1' })).toBe(false);
    expect(budgetsLifted({ STAGE: 'prod', [LIFT_BUDGETS_ENV]: '1' })).toBe(false);
    expect(budgetsLifted({ [LIFT_BUDGETS_ENV]: '1' })).toBe(false);
    expect(budgetsLifted({ STAGE: 'Local', [LIFT_BUDGETS_ENV]: '1' })).toBe(false);
    expect(budgetsLifted({ STAGE: 'local' })).toBe(false);
    expect(budgetsLifted({ STAGE: 'local', [LIFT_BUDGETS_ENV]: 'true' })).toBe(false);
    expect(budgetsLifted({ STAGE: 'local', [LIFT_BUDGETS_ENV]: '0' })).toBe(false);
  });

  it.each(['dev', 'prod', undefined])('is ignored on STAGE %s: a spent budget still refuses with 429', async (stage) => {
    setEnv(stage, '1');
    await expect(spendRequestBudget(ada, event)).rejects.toThrow(refused);
    await expect(spendActionBudget('createPost', ada, event)).rejects.toThrow(refused);
    await expect(spendRequestBudget(null, event)).rejects.toThrow(refused);
  });

  it('on the local cloud without the variable, a spent budget refuses as everywhere', async () => {
    setEnv('local', undefined);
    await expect(spendRequestBudget(ada, event)).rejects.toThrow(refused);
  });

  it('on the local cloud with it, every call is still counted but none is refused', async () => {
    setEnv('local', '1');
    await expect(spendRequestBudget(ada, event)).resolves.toBeUndefined();
    await expect(spendActionBudget('createPost', ada, event)).resolves.toBeUndefined();
    await expect(spendRequestBudget(null, event)).resolves.toBeUndefined();
    expect(takeRateLimitedHit).toHaveBeenCalledTimes(3);
  });
});
