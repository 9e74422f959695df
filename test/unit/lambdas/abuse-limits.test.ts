import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callables } from '#contracts/callables';
import { ABUSE_LIMITS, ABUSE_MESSAGES, CALLABLE_ACTION_LIMITS, rateWindowOf } from '#domain/abuse-limits';
import { AppError } from '#domain/app-error';

const takeRateLimitedHit = vi.fn();
vi.mock('../../../lambdas/data/table/rate-limits.ts', () => ({ takeRateLimitedHit: (...args: unknown[]) => takeRateLimitedHit(...args) }));
const { budgetSubject, spendActionBudget, spendRequestBudget } = await import('#http/rate-limit');
const { clientAddressOf } = await import('#http/client-address');

const event = (sourceIp = '203.0.113.7') => ({ requestContext: { http: { sourceIp } } }) as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
const ada = { uid: 'ada', username: 'ada', groups: [] };
const NOW = new Date('2031-05-06T07:08:09.000Z');

describe('abuse budgets', () => {
  beforeEach(() => {
    takeRateLimitedHit.mockReset();
    takeRateLimitedHit.mockResolvedValue({ allowed: true });
  });

  it('are of the order of Mastodon defaults', () => {
    expect(ABUSE_LIMITS.requests).toMatchObject({ maxHits: 300, windowSeconds: 300 });
    expect(ABUSE_LIMITS.posts).toMatchObject({ maxHits: 30, windowSeconds: 1800 });
    expect(ABUSE_LIMITS.uploads).toMatchObject({ maxHits: 30, windowSeconds: 1800 });
    expect(ABUSE_LIMITS.edits).toMatchObject({ maxHits: 60, windowSeconds: 1800 });
    expect(ABUSE_LIMITS.reports).toMatchObject({ maxHits: 30, windowSeconds: 3600 });
    expect(ABUSE_LIMITS.blocks).toMatchObject({ maxHits: 30, windowSeconds: 3600 });
    // Costly actions: a rename rewrites the member's content, a privacy narrowing or an
    // anchor removal moves their photos, a request or a like tells someone.
    expect(ABUSE_LIMITS.renames).toMatchObject({ maxHits: 10, windowSeconds: 86_400 });
    expect(ABUSE_LIMITS.privacy).toMatchObject({ maxHits: 20, windowSeconds: 3600 });
    expect(ABUSE_LIMITS.anchorRemovals).toMatchObject({ maxHits: 30, windowSeconds: 3600 });
    expect(ABUSE_LIMITS.anchorRequests).toMatchObject({ maxHits: 60, windowSeconds: 3600 });
    expect(ABUSE_LIMITS.likes).toMatchObject({ maxHits: 120, windowSeconds: 1800 });
    // Vouching: a code a minute on two open pages, and guessing typed codes kept hopeless.
    expect(ABUSE_LIMITS.vouchCodes).toMatchObject({ maxHits: 60, windowSeconds: 3600 });
    expect(ABUSE_LIMITS.vouchChecks).toMatchObject({ maxHits: 60, windowSeconds: 3600 });
    expect(CALLABLE_ACTION_LIMITS).toEqual({
      createPost: 'posts',
      addComment: 'comments',
      createProfilePictureUpload: 'uploads',
      createPhotoUpload: 'uploads',
      editPost: 'edits',
      editComment: 'edits',
      reportContent: 'reports',
      blockMember: 'blocks',
      unblockMember: 'blocks',
      updatePrivacy: 'privacy',
      removeAnchor: 'anchorRemovals',
      sendAnchorRequest: 'anchorRequests',
      removeAnchorRequest: 'anchorRequests',
      togglePostLike: 'likes',
      createVouchCode: 'vouchCodes',
      previewVouchCode: 'vouchChecks',
      vouchFor: 'vouchChecks',
    });
    for (const name of Object.keys(CALLABLE_ACTION_LIMITS)) expect(callables).toHaveProperty(name);
  });

  it('count in fixed windows aligned to their length, ending where the next begins', () => {
    const window = rateWindowOf(ABUSE_LIMITS.requests, NOW);
    expect(window.start % 300).toBe(0);
    expect(window.end - window.start).toBe(300);
    expect(window.start).toBeLessThanOrEqual(NOW.getTime() / 1000);
    expect(window.end).toBeGreaterThan(NOW.getTime() / 1000);
    expect(rateWindowOf(ABUSE_LIMITS.requests, new Date(window.end * 1000)).start).toBe(window.end);
    expect(rateWindowOf(ABUSE_LIMITS.requests, new Date(window.end * 1000 - 1)).start).toBe(window.start);
  });

  it('count a member by id and an anonymous caller by address', async () => {
    await spendRequestBudget(ada, event(), NOW);
    await spendRequestBudget(null, event('198.51.100.2'), NOW);
    expect(takeRateLimitedHit.mock.calls).toEqual([
      [ABUSE_LIMITS.requests, budgetSubject(ada, '203.0.113.7'), NOW],
      [ABUSE_LIMITS.requests, budgetSubject(null, '198.51.100.2'), NOW],
    ]);
    // A member is one subject wherever they call from; neither id nor address is kept in clear.
    expect(budgetSubject(ada, '203.0.113.7')).toBe(budgetSubject(ada, '192.0.2.1'));
    expect(budgetSubject(ada, '203.0.113.7')).not.toBe(budgetSubject(null, '203.0.113.7'));
    expect(budgetSubject(ada, '203.0.113.7')).not.toContain('ada');
    expect(budgetSubject(null, '198.51.100.2')).not.toContain('198.51');
    // An IPv6 client is its /64 (a subscriber holds all of it), an IPv4-mapped one its IPv4 address.
    expect(budgetSubject(null, '2001:db8:1:2::a')).toBe(budgetSubject(null, '2001:db8:1:2:ffff::b'));
    expect(budgetSubject(null, '2001:db8:1:2::a')).not.toBe(budgetSubject(null, '2001:db8:1:3::a'));
    expect(budgetSubject(null, '::ffff:198.51.100.2')).toBe(budgetSubject(null, '198.51.100.2'));
    expect(clientAddressOf({ requestContext: {} } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer)).toBe('unknown');
  });

  it('spend an action budget only for the callables that have one', async () => {
    await spendActionBudget('getFeed', ada, event(), NOW);
    expect(takeRateLimitedHit).not.toHaveBeenCalled();
    await spendActionBudget('createPhotoUpload', ada, event(), NOW);
    expect(takeRateLimitedHit).toHaveBeenCalledWith(ABUSE_LIMITS.uploads, budgetSubject(ada, ''), NOW);
  });

  it('refuse with resource-exhausted, the budget’s message and when to retry', async () => {
    takeRateLimitedHit.mockResolvedValue({ allowed: false, retryAfterSeconds: 42 });
    const refusal = await spendActionBudget('createPost', ada, event(), NOW).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 'resource-exhausted', message: ABUSE_MESSAGES.posts, retryAfterSeconds: 42 });
  });

  it('let the call through when the counter cannot be written (the stage throttling still walls floods)', async () => {
    takeRateLimitedHit.mockRejectedValue(new Error('ProvisionedThroughputExceededException'));
    await expect(spendRequestBudget(ada, event(), NOW)).resolves.toBeUndefined();
  });
});
