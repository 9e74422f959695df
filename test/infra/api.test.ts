import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { API_THROTTLE, CallableApi, callablesFor, registryCallables, type CallableDefinition } from '../../lib/callable-api.ts';
import { isRateCounterGrant } from '../../lib/rate-limit-grant.ts';
import { callableVariables, RESOURCE_VARIABLES } from '../../lambdas/function-env-names.ts';
import { STAGES, type Stage } from '../../lib/stage.ts';
import { functionBehind } from './aliases.ts';
import { objectKeyPatterns, tableWriteScopes } from './grant-scopes.ts';
import { actionsOfRole, referencedId, resourcesOf, statementsOfRole, synth } from './synth.ts';

const TABLE_WRITES = /^dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem)$/;
const BUCKET_WRITES = /^s3:(PutObject.*|DeleteObject.*|Abort.*)$/;

interface DeployedCallable {
  route: Record<string, unknown>;
  fn: Record<string, unknown>;
  actions: string[];
}

/** Route → integration → function → role → granted actions, for one callable. */
function deployedCallable(template: Template, name: string): DeployedCallable | undefined {
  const routes = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route'));
  const route = routes.find((r) => r.Properties?.RouteKey === `POST /api/${name}`)?.Properties;
  if (!route) return undefined;
  const target = route.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
  const integration = resourcesOf(template, 'AWS::ApiGatewayV2::Integration')[target['Fn::Join'][1][1].Ref];
  const fnId = functionBehind(template, integration?.Properties?.IntegrationUri);
  const fn = resourcesOf(template, 'AWS::Lambda::Function')[fnId]?.Properties ?? {};
  // The rate-counter grant every callable holds is checked apart (test/infra/throttling.test.ts).
  return { route, fn, actions: actionsOfRole(template, referencedId(fn.Role), (statement) => !isRateCounterGrant(statement)) };
}

describe.each(STAGES)('callable API on %s', (stage: Stage) => {
  const { template } = synth({ stage });
  const deployed = callablesFor(stage);

  it('has one Lambda per callable of the stage (plus the trigger and the job)', () => {
    const described = Object.values(resourcesOf(template, 'AWS::Lambda::Function')).filter((fn) =>
      String(fn.Properties?.Description ?? '').startsWith('Callable '),
    );
    expect(described).toHaveLength(deployed.length);
    // The live socket's routes ($connect, $disconnect, $default) are its own API's (test/infra/live.test.ts).
    const httpRoutes = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route')).filter((route) => !String(route.Properties?.RouteKey).startsWith('$'));
    expect(httpRoutes).toHaveLength(deployed.length);
  });

  it.each(registryCallables().map((c) => [c.name, c] as const))('%s', (name, callable) => {
    const found = deployedCallable(template, name);
    if (stage === 'prod' && callable.access === 'dev-only') {
      expect(found, `${name} is dev-only`).toBeUndefined();
      return;
    }
    if (!found) throw new Error(`POST /api/${name} is missing`);
    const { route, fn, actions } = found;

    // Authorizer: JWT (Cognito) on everything but public callables.
    if (callable.access === 'public') expect(route.AuthorizationType).toBe('NONE');
    else expect(route).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: { Ref: expect.any(String) } });

    // Runtime, architecture, environment, log group.
    expect(fn).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Handler: 'index.handler' });
    const variables = (fn.Environment as { Variables: Record<string, unknown> }).Variables;
    // Exactly the variables its row derives (lambdas/function-env-names.ts), which the local cloud
    // also scopes its invocations to: the origin secret, PICTURES_URL, a dev tool's admin list, and
    // its needs (the ticket secret, a worker's name).
    expect(Object.keys(variables).toSorted()).toEqual(['NODE_OPTIONS', ...RESOURCE_VARIABLES, ...callableVariables(callable.access, callable)].toSorted());
    if (name === 'validateInviteCode') expect(variables).toHaveProperty('SIGN_UP_TICKET_SECRET');
    if (name === 'resolveReport') expect(variables).toHaveProperty('REMOVAL_WORKER_FUNCTION');
    if (name === 'requestDataExport') expect(variables).toHaveProperty('DATA_EXPORT_WORKER_FUNCTION');
    expect(variables).toMatchObject({ STAGE: stage, NODE_OPTIONS: '--enable-source-maps' });
    const logGroupId = referencedId((fn.LoggingConfig as { LogGroup: unknown }).LogGroup);
    expect(resourcesOf(template, 'AWS::Logs::LogGroup')[logGroupId]?.Properties?.RetentionInDays).toBeGreaterThan(0);

    // Least privilege, exactly as the registry row says (on prod admin rows add AdminGetUser: callablesFor).
    const { table, pictures, userPoolActions = [] } = (deployed.find((c) => c.name === name) ?? callable).permissions;
    const dynamo = actions.filter((a) => a.startsWith('dynamodb:'));
    if (!table) expect(dynamo).toEqual([]);
    else expect(dynamo).toContain('dynamodb:Query');
    if (table !== 'readWrite') expect(dynamo.filter((a) => TABLE_WRITES.test(a))).toEqual([]);
    else expect(dynamo).toContain('dynamodb:PutItem');

    const bucket = actions.filter((a) => a.startsWith('s3:'));
    if (!pictures) expect(bucket).toEqual([]);
    else expect(bucket).toContain('s3:GetObject*');
    if (pictures !== 'readWrite') expect(bucket.filter((a) => BUCKET_WRITES.test(a))).toEqual([]);
    else expect(bucket).toContain('s3:PutObject');

    // ...and within the row's scopes: item writes on its partitions only (dynamodb:LeadingKeys; the
    // rate counters' grant is apart), objects under its prefixes only (never the whole bucket).
    const { tableWrites = [], pictureKeys = [] } = callable.permissions;
    const statements = statementsOfRole(template, referencedId(fn.Role)).filter((statement) => !isRateCounterGrant(statement));
    expect(tableWriteScopes(statements), 'table write scopes').toEqual(table === 'readWrite' ? [[...tableWrites].toSorted()] : []);
    expect(objectKeyPatterns(statements), 'object key patterns').toEqual(pictureKeys.map((prefix) => `${prefix}*`).toSorted());

    expect(actions.filter((a) => a.startsWith('cognito-idp:')).toSorted()).toEqual([...userPoolActions].toSorted());
    expect(actions.filter((a) => !/^(dynamodb|s3|cognito-idp):/.test(a)).toSorted()).toEqual([
      ...(callable.needs?.workers?.length ? ['lambda:InvokeFunction'] : []),
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      // Active tracing (test/infra/tracing.test.ts): X-Ray's writes, on '*' (no resource-level permissions).
      'xray:PutTelemetryRecords',
      'xray:PutTraceSegments',
    ]);
  });

  it('accepts only Cognito access tokens of the web client on protected routes', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [onlyRef(template, 'AWS::Cognito::UserPoolClient')],
        Issuer: {
          'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/', onlyRef(template, 'AWS::Cognito::UserPool')]],
        },
      },
    });
  });

  it('logs access and throttles the default stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: API_THROTTLE.rateLimit, ThrottlingBurstLimit: API_THROTTLE.burstLimit },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiAccessLogs'), 'Arn'] },
        Format: Match.stringLikeRegexp('\\$context\\.requestId'),
      },
    });
  });
});

function onlyRef(template: Template, type: string): { Ref: string } {
  const [id, ...others] = Object.keys(resourcesOf(template, type));
  expect(others).toEqual([]);
  return { Ref: String(id) };
}

describe('CallableApi with every kind of access', () => {
  const kinds: CallableDefinition[] = (['public', 'member', 'admin', 'dev-only'] as const).map((access) => ({
    name: `${access.replace('-', '')}Thing`,
    access,
    entry: 'handlers/profile/get-me.ts',
    permissions: access === 'admin' ? { table: 'readWrite', tableWrites: ['AUDIT'], userPoolActions: ['cognito-idp:AdminAddUserToGroup'] } : {},
  }));

  function routesOn(stage: Stage): Record<string, Record<string, unknown>> {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] }, builtinCloudFormationValidation: false });
    const stack = new Stack(app, `Kinds-${stage}`);
    const userPool = new cognito.UserPool(stack, 'Pool');
    const api = new CallableApi(stack, 'Api', {
      stage,
      callables: kinds,
      resources: {
        table: new dynamodb.Table(stack, 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } }),
        picturesBucket: new s3.Bucket(stack, 'Bucket'),
        userPool,
      },
      userPoolClient: userPool.addClient('Client'),
      originSecret: 'origin-secret',
      signUpTicketSecret: 'sign-up-ticket-secret',
      logRetention: logs.RetentionDays.ONE_DAY,
      logRemovalPolicy: RemovalPolicy.DESTROY,
    });
    // Each area's routes are in its nested stack, none in the stack itself.
    expect(Template.fromStack(stack).findResources('AWS::ApiGatewayV2::Route')).toEqual({});
    const routes = [...api.areas.values()].flatMap((area) => Object.values(Template.fromStack(area).findResources('AWS::ApiGatewayV2::Route')));
    return Object.fromEntries(routes.map((r) => [r.Properties.RouteKey as string, r.Properties]));
  }

  it('leaves public routes open, guards the others with the JWT authorizer, keeps dev-only off prod', () => {
    const dev = routesOn('dev');
    expect(Object.keys(dev).toSorted()).toEqual(kinds.map((k) => `POST /api/${k.name}`).toSorted());
    expect(dev['POST /api/publicThing']?.AuthorizationType).toBe('NONE');
    for (const name of ['memberThing', 'adminThing', 'devonlyThing']) {
      expect(dev[`POST /api/${name}`]?.AuthorizationType).toBe('JWT');
    }
    expect(Object.keys(routesOn('prod')).toSorted()).toEqual(['POST /api/adminThing', 'POST /api/memberThing', 'POST /api/publicThing']);
  });
});
