import { describe, expect, it } from 'vitest';
import { ASSUMPTIONS } from '../../local/cost/assumptions.ts';
import { capacityModel } from '../../local/cost/capacity.ts';
import { ABUSE_LIMITS } from '../../lambdas/domain/abuse-limits.ts';
import { API_PATH_PREFIX, API_THROTTLE, callablesFor, PUBLIC_ROUTE_THROTTLE } from '../../lib/callable-api.ts';
import { isRateCounterGrant, RATE_COUNTER_KEYS } from '../../lib/rate-limit-grant.ts';
import { STAGES, type Stage } from '../../lib/stage.ts';
import { referencedId, resourcesOf, synth } from './synth.ts';

type Statement = { Action: string | string[]; Resource?: unknown; Condition?: unknown };

describe.each(STAGES)('abuse limits in the %s stack', (stage: Stage) => {
  const { template } = synth({ stage });

  it('throttles the whole API at the stage (the outer wall)', () => {
    // The HTTP API's stage; the live socket's stage has throttling of its own (test/infra/live.test.ts).
    const stages = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Stage')).filter((s) => s.Properties?.StageName === '$default');
    expect(stages).toHaveLength(1);
    const properties = stages[0]?.Properties ?? {};
    expect(properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: API_THROTTLE.rateLimit,
      ThrottlingBurstLimit: API_THROTTLE.burstLimit,
    });
    // A wall, not a target: what the capacity model recommends for 10,000 open dashboards (the
    // live socket ended polling), far above one member's budget (300 / 5 min = 1 / s).
    const { httpApi } = capacityModel(ASSUMPTIONS, { httpApi: API_THROTTLE, webSocket: null });
    expect(API_THROTTLE).toEqual(httpApi.recommended);
    expect(httpApi.currentEnough).toBe(true);
    expect(API_THROTTLE.burstLimit).toBeGreaterThanOrEqual(API_THROTTLE.rateLimit);
    expect(ABUSE_LIMITS.requests.maxHits / ABUSE_LIMITS.requests.windowSeconds).toBeLessThan(API_THROTTLE.rateLimit);
  });

  it('holds each public route to a throttle of its own, so a flood there cannot spend the stage', () => {
    const [apiStage] = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Stage')).filter((s) => s.Properties?.StageName === '$default');
    const routeSettings = (apiStage?.Properties?.RouteSettings ?? {}) as Record<string, unknown>;
    const publicRoutes = callablesFor(stage)
      .filter((callable) => callable.access === 'public')
      .map((callable) => `POST ${API_PATH_PREFIX}/${callable.name}`);
    expect(publicRoutes.length).toBeGreaterThan(0);
    // Only the public routes: a member route is reached with a token and counted per member.
    expect(Object.keys(routeSettings).toSorted()).toEqual(publicRoutes.toSorted());
    for (const route of publicRoutes) {
      expect(routeSettings[route], route).toEqual({
        ThrottlingRateLimit: PUBLIC_ROUTE_THROTTLE.rateLimit,
        ThrottlingBurstLimit: PUBLIC_ROUTE_THROTTLE.burstLimit,
      });
    }
    // A small share of the stage: a flood at this route's ceiling leaves the members most of it.
    expect(PUBLIC_ROUTE_THROTTLE.rateLimit * publicRoutes.length).toBeLessThanOrEqual(API_THROTTLE.rateLimit / 10);
    expect(PUBLIC_ROUTE_THROTTLE.burstLimit * publicRoutes.length).toBeLessThanOrEqual(API_THROTTLE.burstLimit / 10);
  });

  it('lets every callable count its caller in the rate counters, and nothing more through that grant', () => {
    const functions = resourcesOf(template, 'AWS::Lambda::Function');
    const policies = Object.values(resourcesOf(template, 'AWS::IAM::Policy'));
    const callableFunctions = Object.values(functions).filter((fn) => String(fn.Properties?.Description ?? '').startsWith('Callable '));
    expect(callableFunctions).toHaveLength(callablesFor(stage).length);
    for (const fn of callableFunctions) {
      const roleId = referencedId(fn.Properties?.Role);
      const statements = policies
        .filter((policy) => ((policy.Properties?.Roles ?? []) as unknown[]).some((role) => referencedId(role) === roleId))
        .flatMap((policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement);
      const grants = statements.filter(isRateCounterGrant);
      expect(grants, String(fn.Properties?.Description)).toHaveLength(1);
      expect(grants[0]).toMatchObject({
        Action: 'dynamodb:UpdateItem',
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [expect.stringMatching(/^DataTable/), 'Arn'] },
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [RATE_COUNTER_KEYS] } },
      });
    }
  });
});
