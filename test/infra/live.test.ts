import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { liveHandlers } from '../../lambdas/live/handler-rows.ts';
import { API_THROTTLE } from '../../lib/callable-api.ts';
import { EXAMPLE_EDGE_CONTEXT } from '../../lib/edge-context.ts';
import { LIVE_STAGE_NAME, LIVE_THROTTLE, LiveApi } from '../../lib/live-api.ts';
import { STAGES, type Stage } from '../../lib/stage.ts';
import { ASSUMPTIONS } from '../../local/cost/assumptions.ts';
import { capacityModel } from '../../local/cost/capacity.ts';
import { aliasOf, functionBehind } from './aliases.ts';
import { referencedId, resourcesOf, synth, temporaryDir } from './synth.ts';

type Statement = { Action: string | string[]; Resource?: unknown; Condition?: unknown; Effect?: string };

describe.each(STAGES)('the live socket on %s', (stage: Stage) => {
  const { template, stack, templates } = synth({ stage });
  const apiId = stack.getLogicalId(stack.live.api.node.defaultChild as never);
  const functions = resourcesOf(template, 'AWS::Lambda::Function');
  const liveFunctions = Object.entries(functions).filter(([, fn]) => String(fn.Properties?.Description).startsWith('Live socket '));
  const functionOf = (routeKey: string) => {
    const found = liveFunctions.find(([, fn]) => String(fn.Properties?.Description).startsWith(`Live socket ${routeKey}:`));
    if (!found) throw new Error(`No function for ${routeKey}`);
    return { id: found[0], properties: found[1].Properties ?? {} };
  };
  const statementsOf = (roleId: string): Statement[] =>
    Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
      .filter((policy) => ((policy.Properties?.Roles ?? []) as unknown[]).some((role) => referencedId(role) === roleId))
      .flatMap((policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement);
  const tableStatementsOf = (routeKey: string) =>
    statementsOf(referencedId(functionOf(routeKey).properties.Role)).filter((s) => [s.Action].flat().some((a) => a.startsWith('dynamodb:')));

  it('is one WebSocket API in the parent stack (the SPA names it), its routes and stage in a nested stack', () => {
    const apis = Object.entries(resourcesOf(templates.get(stack.node.path) as Template, 'AWS::ApiGatewayV2::Api')).filter(
      ([, api]) => api.Properties?.ProtocolType === 'WEBSOCKET',
    );
    expect(apis.map(([id]) => id)).toEqual([apiId]);
    expect(apis[0]?.[1].Properties).toMatchObject({ RouteSelectionExpression: '$request.body.action' });
    // The API depends on nothing: config.json and the CSP reference it without a cycle.
    expect(apis[0]?.[1].DependsOn).toBeUndefined();
    const nested = templates.get(`${stack.node.path}/Live/Routes`) as Template;
    expect(Object.keys(resourcesOf(nested, 'AWS::ApiGatewayV2::Route'))).toHaveLength(3);
    expect(Object.keys(resourcesOf(nested, 'AWS::ApiGatewayV2::Stage'))).toHaveLength(1);
  });

  it('routes $connect, $disconnect and $default to their handler modules, with no authorizer ($connect checks the token)', () => {
    const routes = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route')).filter((route) => referencedId(route.Properties?.ApiId) === apiId);
    expect(routes.map((route) => route.Properties?.RouteKey).toSorted()).toEqual(['$connect', '$default', '$disconnect']);
    const integrations = resourcesOf(template, 'AWS::ApiGatewayV2::Integration');
    for (const route of routes) {
      const routeKey = String(route.Properties?.RouteKey);
      expect(route.Properties?.AuthorizationType, routeKey).toBe('NONE');
      const target = route.Properties?.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
      const integration = integrations[target['Fn::Join'][1][1].Ref]?.Properties ?? {};
      expect(integration.IntegrationType).toBe('AWS_PROXY');
      // The integration's URI names the function of this route, through its alias (the canary).
      expect(functionBehind(template, integration.IntegrationUri)).toBe(functionOf(routeKey).id);
    }
    const entries = Object.values(liveHandlers).map(({ routeKey }) => routeKey);
    expect(entries.toSorted()).toEqual(['$connect', '$default', '$disconnect']);
  });

  it(`throttles and logs the "${LIVE_STAGE_NAME}" stage, which deploys itself`, () => {
    const stages = Object.entries(resourcesOf(template, 'AWS::ApiGatewayV2::Stage')).filter(([, s]) => referencedId(s.Properties?.ApiId) === apiId);
    expect(stages).toHaveLength(1);
    const [, liveStage] = stages[0] ?? [];
    expect(liveStage?.Properties).toMatchObject({
      StageName: LIVE_STAGE_NAME,
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: LIVE_THROTTLE.rateLimit, ThrottlingBurstLimit: LIVE_THROTTLE.burstLimit },
    });
    const accessLogs = liveStage?.Properties?.AccessLogSettings as { DestinationArn: unknown; Format: string };
    expect(accessLogs.Format).toContain('$context.connectionId');
    expect(accessLogs.Format).toContain('$context.eventType');
    expect(resourcesOf(template, 'AWS::Logs::LogGroup')[referencedId(accessLogs.DestinationArn)]?.Properties?.RetentionInDays).toBeGreaterThan(0);
    // A WebSocket stage logs with API Gateway's account-wide role, set (and retained) before it.
    const [accountId, account] = Object.entries(resourcesOf(template, 'AWS::ApiGateway::Account'))[0] ?? [];
    expect(liveStage?.DependsOn).toContain(accountId);
    expect(account?.DeletionPolicy).toBe('Retain');
    expect(resourcesOf(template, 'AWS::IAM::Role')[referencedId(account?.Properties?.CloudWatchRoleArn)]?.DeletionPolicy).toBe('Retain');
    // A wall, not a target: what the capacity model recommends for 10,000 open dashboards.
    const { webSocket } = capacityModel(ASSUMPTIONS, { httpApi: API_THROTTLE, webSocket: LIVE_THROTTLE });
    expect(LIVE_THROTTLE).toEqual(webSocket.recommended);
    expect(webSocket.currentEnough).toBe(true);
    expect(LIVE_THROTTLE.burstLimit).toBeGreaterThanOrEqual(LIVE_THROTTLE.rateLimit);
  });

  it('lets API Gateway invoke each function for its own route only', () => {
    const permissions = Object.values(resourcesOf(template, 'AWS::Lambda::Permission'));
    for (const routeKey of ['$connect', '$disconnect', '$default']) {
      const { id } = functionOf(routeKey);
      const granted = permissions.filter((p) => referencedId(p.Properties?.FunctionName) === aliasOf(template, id));
      expect(granted, routeKey).toHaveLength(1);
      expect(granted[0]?.Properties?.Principal).toBe('apigateway.amazonaws.com');
      expect(JSON.stringify(granted[0]?.Properties?.SourceArn)).toContain(`/*${routeKey}`);
    }
  });

  it('gives $connect the token issuer and app client, $default alone a management endpoint, and no function the pictures bucket', () => {
    const variables = (routeKey: string) => (functionOf(routeKey).properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(JSON.stringify(variables('$connect').TOKEN_ISSUER)).toContain('https://cognito-idp.');
    expect(referencedId(variables('$connect').USER_POOL_CLIENT_ID)).toMatch(/UserPoolWebClient|referenceto/);
    // $connect refuses a handshake that did not come through CloudFront (test/infra/web-hosting.test.ts: the /live behaviour).
    expect(JSON.stringify(variables('$connect').ORIGIN_VERIFY_SECRET)).toContain('resolve:secretsmanager');
    for (const routeKey of ['$disconnect', '$default']) expect(variables(routeKey), routeKey).not.toHaveProperty('ORIGIN_VERIFY_SECRET');
    for (const routeKey of ['$connect', '$disconnect', '$default']) {
      expect(variables(routeKey), routeKey).not.toHaveProperty('BUCKET_NAME');
      expect(variables(routeKey).STAGE).toBe(stage);
    }
    for (const routeKey of ['$connect', '$disconnect']) expect(variables(routeKey), routeKey).not.toHaveProperty('LIVE_MANAGEMENT_ENDPOINT');
    // $default closes a socket that breaks the client message contract.
    expect(JSON.stringify(variables('$default').LIVE_MANAGEMENT_ENDPOINT)).toContain(`/${LIVE_STAGE_NAME}`);
  });

  it('holds each function to the items its route needs (dynamodb:LeadingKeys), and $default to none', () => {
    const leading = (statement: Statement) =>
      (statement.Condition as { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': string[] } })['ForAllValues:StringLike']['dynamodb:LeadingKeys'];
    const summary = (routeKey: string) => tableStatementsOf(routeKey).map((s) => ({ actions: [s.Action].flat().toSorted(), keys: leading(s) }));
    expect(summary('$connect')).toEqual([
      { actions: ['dynamodb:GetItem'], keys: ['USER#*'] },
      { actions: ['dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem'], keys: ['LIVE#*', 'LIVECONN#*'] },
    ]);
    expect(summary('$disconnect')).toEqual([{ actions: ['dynamodb:DeleteItem', 'dynamodb:GetItem'], keys: ['LIVE#*', 'LIVECONN#*'] }]);
    expect(tableStatementsOf('$default')).toEqual([]);
    for (const routeKey of ['$connect', '$disconnect']) {
      for (const statement of tableStatementsOf(routeKey)) {
        // The table itself: no index, no wildcard.
        expect(statement.Resource, routeKey).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^DataTable/), 'Arn'] });
      }
    }
    // None of them may push: only a pusher granted through grantManageConnections. $default may
    // close a connection (DELETE) and nothing more; $connect and $disconnect not even that.
    const connectionGrants = (routeKey: string) =>
      statementsOf(referencedId(functionOf(routeKey).properties.Role)).filter((s) => [s.Action].flat().some((a) => a.startsWith('execute-api:')));
    expect(connectionGrants('$connect')).toEqual([]);
    expect(connectionGrants('$disconnect')).toEqual([]);
    const [close, ...more] = connectionGrants('$default');
    expect(more).toEqual([]);
    expect(close?.Action).toBe('execute-api:ManageConnections');
    expect(JSON.stringify(close?.Resource)).toContain(`/${LIVE_STAGE_NAME}/DELETE/@connections/*`);
  });

  it('publishes its URL through CloudFront (config.json liveUrl, the LiveUrl output), and the management endpoint of its stage', () => {
    const resolved = (value: string) => JSON.stringify(stack.resolve(value));
    expect(resolved(stack.web.liveUrl)).toContain(`/${LIVE_STAGE_NAME}`);
    expect(resolved(stack.web.liveUrl)).toContain('wss://');
    expect(resolved(stack.live.managementEndpoint)).toContain('https://');
    expect(resolved(stack.live.managementEndpoint)).toContain(`/${LIVE_STAGE_NAME}`);
    // Pages connect through the distribution and its web ACL, never to the execute-api hostname.
    const liveUrl = JSON.stringify(template.findOutputs('LiveUrl'));
    expect(liveUrl).toContain(
      stage === 'prod' ? `wss://${EXAMPLE_EDGE_CONTEXT.domainName}/live` : stack.getLogicalId(stack.web.distribution.node.defaultChild as never),
    );
    expect(liveUrl).not.toContain(apiId);
    expect(liveUrl).not.toContain('execute-api');
  });
});

describe('grantManageConnections', () => {
  it('lets a pusher post to and close the live stage connections only, acknowledged for cdk-nag on that policy alone', () => {
    const app = new App({ outdir: temporaryDir('anchored-live-grant-'), context: { 'aws:cdk:bundling-stacks': [] }, builtinCloudFormationValidation: false });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    const stack = new Stack(app, 'LiveGrant');
    const table = new dynamodb.Table(stack, 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } });
    const userPool = new cognito.UserPool(stack, 'Pool');
    const live = new LiveApi(stack, 'Live', {
      stage: 'dev',
      resources: { table },
      userPool,
      userPoolClient: userPool.addClient('Client'),
      logRetention: logs.RetentionDays.ONE_WEEK,
      logRemovalPolicy: RemovalPolicy.DESTROY,
      originSecret: 'a stand-in secret',
    });
    const pusher = new lambda.Function(stack, 'Pusher', {
      runtime: lambda.Runtime.NODEJS_24_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline('export const handler = async () => {};'),
    });
    // The stand-ins' own findings are not under test here.
    for (const id of [
      'AwsSolutions-DDB3',
      'AwsSolutions-COG1',
      'AwsSolutions-COG2',
      'AwsSolutions-COG8',
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    ]) {
      Validations.of(stack).acknowledge({ id, reason: 'A stand-in of this test, not the product.' });
    }
    live.grantManageConnections(pusher);

    // Under test CDK fails synthesis on any finding left: the grant leaves none.
    const template = Template.fromStack(stack);
    const report = JSON.parse(fs.readFileSync(path.join(app.outdir, 'validation-report.json'), 'utf8')) as { pluginReports: { violations: unknown[] }[] };
    expect(report.pluginReports.flatMap((plugin) => plugin.violations)).toEqual([]);

    const statements = Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
      .filter((policy) =>
        ((policy.Properties?.Roles ?? []) as unknown[]).some((role) => referencedId(role) === stack.getLogicalId(pusher.role?.node.defaultChild as never)),
      )
      .flatMap((policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement)
      .filter((statement) => [statement.Action].flat().includes('execute-api:ManageConnections'));
    expect(statements).toHaveLength(1);
    const resource = JSON.stringify(statements[0]?.Resource);
    expect(resource).toContain(stack.getLogicalId(live.api.node.defaultChild as never));
    expect(resource).toContain(`/${LIVE_STAGE_NAME}/*/@connections/*`);
  });
});
