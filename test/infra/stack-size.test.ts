import type { CfnResource } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { API_PATH_PREFIX, areaOf, callablesByArea, callablesFor, routeMethodFromContext } from '../../lib/callable-api.ts';
import { STAGES, type Stage } from '../../lib/stage.ts';
import {
  AREA_CAPACITY,
  BUDGET,
  CANARY_PER_STACK,
  METADATA_PER_STACK,
  NEXT_FEATURES_IN_PARENT,
  PER_CALLABLE_IN_AREA,
  PER_CALLABLE_IN_PARENT,
  QUEUE_WORKER_RESOURCES,
  SCHEDULED_JOB_RESOURCES,
} from './stack-budget.ts';
import { resourcesOf, synth } from './synth.ts';

/**
 * The stack's shape and size. CloudFormation takes at most 500 resources in one stack (a nested
 * stack is a stack of its own, and one resource in its parent); we keep every stack under 80 % of
 * that. The callables and their routes live in one nested stack per area (lib/callable-area.ts);
 * the parent holds the API, its stage and authorizer (lib/callable-api.ts) and nothing per callable.
 * What a callable and a stack cost is in ./stack-budget.ts. Each stack's deployment groups roll back
 * on the parent's shared alarms, which reach a nested stack as parameters (not resources).
 *
 * The projection to 250 callables assumes they spread over the areas as today's do (each area
 * grows by 250 / today's count, rounded up). That is an assumption, not a law: what does hold is the
 * capacity (AREA_CAPACITY callables per area at the operations size), which the "today" test
 * enforces for every area, so a callable added to a full area fails here, asking for a new area
 * (a new folder under lambdas/handlers/, which becomes a stack of its own with nothing in lib/ to
 * change). So the projection splits an area grown past its capacity into as many stacks as it
 * needs, and counts each of them in the parent.
 */
const PROJECTED_CALLABLES = 250;
/**
 * The parent's resources besides the callables' routes and the areas' stacks, as measured from the
 * synthesized template: the table, the pool, the buckets, the API, CloudFront, the jobs (the minute
 * sweep of due items the third: 12 resources, and its dead-letter queue's alarm) and the workers. They sit in the parent because they are shared by every area or keep the logical IDs
 * they were created with. Among them: the table stream's consumer (function, role, policy, log
 * group, event source mapping, on-failure queue and its TLS-only policy, and the policy to post to
 * the live socket's @connections); the pictures origin's access control and cache policy; the data
 * export and removal workers with their async-invoke configurations (the removal worker's second on
 * its alias, since the callables invoke the alias and the worker re-invokes its function); the ops
 * topic, alarms, budget and dashboard (lib/observability.ts); a version, alias and deployment group
 * for each of the 8 non-callable functions with their CodeDeploy application and role; CloudFront's
 * web ACL (in the parent when it deploys to us-east-1) and the cache policies of hashed and
 * revalidated files; the PostConfirmation trigger with Cognito's invoke permission and the policy
 * that signs an account out everywhere (kept off the role's own policy: the pool's ARN there would
 * be a dependency cycle), and the PreSignUp trigger's policy to look an account up, kept off for
 * the same reason. Prod has 4 more: the ops topic's email subscription and SES (lib/mail.ts:
 * the domain identity, its configuration set and its event destination, and the bounce and
 * complaint alarms) less dev's 2 custom resources that empty its buckets on delete.
 */
const PARENT_FIXED: Record<Stage, number> = { dev: 144, prod: 148 };
/**
 * The live socket (lib/live-api.ts): its WebSocket API in the parent (the SPA's config and CSP name
 * it) and its nested stack (routes, stage, three functions, the API Gateway logging role), two
 * resources in the parent; the nested stack holds a fixed set, checked against the budget below.
 */
const LIVE_STACK = 'Live/Routes';
const LIVE_IN_PARENT = 2;

/** An area's stack holding `callables`. */
const areaSize = (callables: number) => callables * PER_CALLABLE_IN_AREA + CANARY_PER_STACK + METADATA_PER_STACK;
/** The parent with `callables` callables over `areas` nested stacks (the canary adds nothing per callable here). */
const parentSize = (stage: Stage, callables: number, areas: number) => PARENT_FIXED[stage] + callables * PER_CALLABLE_IN_PARENT + areas + LIVE_IN_PARENT;

/** Logical IDs of the stateful resources as they were when everything was one stack (commit 1c5e4c1). */
const STATEFUL_LOGICAL_IDS = {
  'AWS::DynamoDB::Table': ['DataTableFDBAD0F2'],
  'AWS::Cognito::UserPool': ['AuthUserPool8115E87F'],
  'AWS::S3::Bucket': ['AccessLogsBucketCD784A59', 'PicturesBucket93B3B90B', 'WebBucketE51352C0'],
} as const;

describe.each(STAGES)('stack size on %s', (stage: Stage) => {
  // As `cdk synth` makes it: the CLI turns version reporting on, which adds CDKMetadata to every stack.
  const { stack, templates } = synth({ stage, context: { 'aws:cdk:version-reporting': true } });
  const byArea = callablesByArea(callablesFor(stage));
  const total = callablesFor(stage).length;
  const templateAt = (path: string) => {
    const template = templates.get(path);
    if (!template) throw new Error(`No stack at ${path}`);
    return template;
  };
  const parent = templateAt(stack.node.path);
  const countOf = (path: string) => Object.keys(templateAt(path).toJSON().Resources ?? {}).length;

  it('is the parent, one nested stack per area, each area holding exactly its callables, and the live socket', () => {
    expect([...templates.keys()]).toEqual([
      stack.node.path,
      ...[...byArea.keys()].map((area) => `${stack.node.path}/Api/${area}`),
      `${stack.node.path}/${LIVE_STACK}`,
    ]);
    for (const [area, callables] of byArea) {
      const descriptions = Object.values(resourcesOf(templateAt(`${stack.node.path}/Api/${area}`), 'AWS::Lambda::Function')).map((fn) =>
        String(fn.Properties?.Description),
      );
      expect(descriptions.toSorted(), area).toEqual(callables.map(({ name, access }) => `Callable ${name} (${access})`).toSorted());
    }
    // No callable's function is left in the parent.
    const parentFunctions = Object.values(resourcesOf(parent, 'AWS::Lambda::Function'));
    expect(parentFunctions.filter((fn) => String(fn.Properties?.Description).startsWith('Callable '))).toEqual([]);
  });

  it("counts every stack as cdk synth makes it: 10 a callable and the canary's 2 in its area, the parent its fixed part and a stack resource an area", () => {
    for (const [area, callables] of byArea) {
      expect(countOf(`${stack.node.path}/Api/${area}`), area).toBe(areaSize(callables.length));
    }
    expect(countOf(stack.node.path)).toBe(parentSize(stage, total, byArea.size));
    for (const path of templates.keys()) expect(countOf(path), path).toBeLessThanOrEqual(BUDGET);
  });

  it(`every area of today fits (at most ${AREA_CAPACITY} callables an area)`, () => {
    for (const [area, callables] of byArea) {
      expect(callables.length, `${area}: split it (a new folder under lambdas/handlers/ is a new stack)`).toBeLessThanOrEqual(AREA_CAPACITY);
      expect(areaSize(callables.length), area).toBeLessThanOrEqual(BUDGET);
    }
  });

  it(`${PROJECTED_CALLABLES} callables spread over the areas as today fit every stack under 80 %, the parent with room for the next features' jobs and workers`, () => {
    const scale = PROJECTED_CALLABLES / total;
    // An area grown past its capacity is split (a new handler folder), each part a stack of its own.
    const projected = [...byArea].map(([area, callables]) => {
      const count = Math.ceil(callables.length * scale);
      return { area, count, stacks: Math.ceil(count / AREA_CAPACITY) };
    });
    const stacks = projected.reduce((sum, { stacks }) => sum + stacks, 0);
    // On 2026-11-29, dev: 69 callables over 14 areas; feed and moderation (12 each) grow to
    // ceil(12 × 250 / 69) = 44 callables, past the 39 an area holds, so each becomes 2 stacks of 22
    // (22 × 10 + 3 = 223); the parent 144 + 16 + 2 = 162, and 162 + 138 kept for the next features = 300.
    for (const { area, count, stacks: parts } of projected) {
      expect(areaSize(Math.ceil(count / parts)), `${area} with ${count} callables in ${parts} stacks`).toBeLessThanOrEqual(BUDGET);
    }
    expect(parentSize(stage, PROJECTED_CALLABLES, stacks) + NEXT_FEATURES_IN_PARENT).toBeLessThanOrEqual(BUDGET);
    // The parent does not grow with the callables: more of them only ever add an area's stack.
    expect(PER_CALLABLE_IN_PARENT).toBe(0);
    // The capacity does not rest on the spread: today's areas hold this many.
    expect(byArea.size * AREA_CAPACITY).toBeGreaterThanOrEqual(PROJECTED_CALLABLES);
  });

  it("keeps for the next features room measured on today's job and worker", () => {
    const resources = Object.keys(parent.toJSON().Resources ?? {});
    const sized = (prefix: string) => resources.filter((id) => id.startsWith(prefix)).length;
    expect(sized('DailyMetrics')).toBe(SCHEDULED_JOB_RESOURCES);
    expect(sized('TableStream')).toBe(QUEUE_WORKER_RESOURCES);
  });

  it('keeps the table, the user pool and the buckets in the parent at the logical IDs they had in one stack', () => {
    for (const [type, ids] of Object.entries(STATEFUL_LOGICAL_IDS)) {
      expect(Object.keys(resourcesOf(parent, type)).toSorted(), type).toEqual([...ids]);
      for (const nested of [...templates.keys()].filter((path) => path !== stack.node.path)) {
        expect(Object.keys(resourcesOf(templateAt(nested), type)), nested).toEqual([]);
      }
    }
    expect([
      stack.getLogicalId(stack.data.table.node.defaultChild as CfnResource),
      stack.getLogicalId(stack.auth.userPool.node.defaultChild as CfnResource),
      stack.getLogicalId(stack.pictures.bucket.node.defaultChild as CfnResource),
      stack.getLogicalId(stack.web.bucket.node.defaultChild as CfnResource),
    ]).toEqual(['DataTableFDBAD0F2', 'AuthUserPool8115E87F', 'PicturesBucket93B3B90B', 'WebBucketE51352C0']);
  });

  it("puts each callable's route in its area's stack beside its integration, and keeps the API, its stage and the authorizer in the parent at the logical IDs they have always had", () => {
    for (const [area, callables] of byArea) {
      const routes = Object.values(resourcesOf(templateAt(`${stack.node.path}/Api/${area}`), 'AWS::ApiGatewayV2::Route'));
      expect(routes.map((route) => route.Properties?.RouteKey).toSorted(), area).toEqual(
        callables.map(({ name }) => `POST ${API_PATH_PREFIX}/${name}`).toSorted(),
      );
      // Each route targets an integration of its own stack.
      const integrations = Object.keys(resourcesOf(templateAt(`${stack.node.path}/Api/${area}`), 'AWS::ApiGatewayV2::Integration'));
      for (const route of routes) expect(integrations, String(route.Properties?.RouteKey)).toContain(integrationOf(route.Properties?.Target));
    }
    const httpRoutes = Object.values(resourcesOf(parent, 'AWS::ApiGatewayV2::Route'));
    expect(httpRoutes).toEqual([]);
    for (const [type, id] of [
      ['AWS::ApiGatewayV2::Api', 'ApiHttpApi4C294DC0'],
      ['AWS::ApiGatewayV2::Stage', 'ApiHttpApiDefaultStageE708EF42'],
      ['AWS::ApiGatewayV2::Authorizer', 'ApiHttpApiCognitoAuthorizerB58DB3E4'],
    ] as const) {
      // The live socket's WebSocket API sits beside the HTTP API (its stage and routes in Live/Routes).
      const http = Object.entries(resourcesOf(parent, type)).filter(([, resource]) => resource.Properties?.ProtocolType !== 'WEBSOCKET');
      expect(
        http.map(([logicalId]) => logicalId),
        type,
      ).toEqual([id]);
    }
  });

  it('creates the stage after the areas holding public routes: its route settings name them, and API Gateway refuses a setting for a route it does not have', () => {
    const stageResource = resourcesOf(parent, 'AWS::ApiGatewayV2::Stage').ApiHttpApiDefaultStageE708EF42;
    const publicAreas = [...byArea].filter(([, callables]) => callables.some(({ access }) => access === 'public')).map(([area]) => area);
    expect(publicAreas.length).toBeGreaterThan(0);
    const nestedStackIds = Object.keys(resourcesOf(parent, 'AWS::CloudFormation::Stack'));
    const expected = publicAreas.map((area) => nestedStackIds.find((id) => id.startsWith(`Api${area}NestedStack`)));
    expect([stageResource?.DependsOn ?? []].flat().toSorted()).toEqual(expected.toSorted());
  });
});

/** The integration's logical ID in a route's `integrations/<id>` target. */
function integrationOf(target: unknown): string | undefined {
  const joined = (target as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join']?.[1] ?? [];
  return joined.map((part) => (part as { Ref?: string }).Ref).find(Boolean);
}

describe('moving the routes of a stage deployed with them in the parent (-c routeBridge=true)', () => {
  const { stack, templates } = synth({ stage: 'dev', context: { routeBridge: true } });
  const routes = [...templates.values()].flatMap((template) => Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route')));
  const httpRoutes = routes.filter((route) => !String(route.Properties?.RouteKey).startsWith('$'));

  it('creates ANY /api/{callable} in the areas, which can stand beside the old POST route while CloudFormation deletes it', () => {
    expect(httpRoutes.map((route) => route.Properties?.RouteKey).toSorted()).toEqual(
      callablesFor('dev')
        .map(({ name }) => `ANY ${API_PATH_PREFIX}/${name}`)
        .toSorted(),
    );
    expect(resourcesOf(templates.get(stack.node.path) ?? parentMissing(), 'AWS::ApiGatewayV2::Route')).toEqual({});
  });

  it('sets no route throttle meanwhile (it would name a POST route the API does not have), and drops it before any route changes', () => {
    const parent = templates.get(stack.node.path) ?? parentMissing();
    const stageResource = resourcesOf(parent, 'AWS::ApiGatewayV2::Stage').ApiHttpApiDefaultStageE708EF42;
    expect(stageResource?.Properties?.RouteSettings).toBeUndefined();
    expect(stageResource?.DependsOn).toBeUndefined();
    const publicAreas = [...callablesByArea(callablesFor('dev'))].filter(([, callables]) => callables.some(({ access }) => access === 'public'));
    const nestedStacks = Object.entries(resourcesOf(parent, 'AWS::CloudFormation::Stack'));
    for (const [area] of publicAreas) {
      const [, nested] = nestedStacks.find(([id]) => id.startsWith(`Api${area}NestedStack`)) ?? [];
      expect([nested?.DependsOn ?? []].flat(), area).toContain('ApiHttpApiDefaultStageE708EF42');
    }
  });

  it('takes only true, or nothing', () => {
    expect([undefined, false, 'false', true, 'true'].map(routeMethodFromContext)).toEqual(['POST', 'POST', 'POST', 'ANY', 'ANY']);
    expect(() => routeMethodFromContext('yes')).toThrow(/routeBridge is true or absent, not "yes"/);
  });
});

function parentMissing(): never {
  throw new Error('No parent template');
}

describe('areas', () => {
  it('are the folders of the handler modules', () => {
    expect(areaOf({ entry: 'handlers/feed/get-feed.ts' })).toBe('feed');
    expect(() => areaOf({ entry: 'jobs/daily-metrics.ts' })).toThrow(/handlers\/<area>/);
    expect(() => areaOf({ entry: 'handlers/get-feed.ts' })).toThrow(/handlers\/<area>/);
  });
});
