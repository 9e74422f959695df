import { NestedStack, RemovalPolicy, Stack, type RemovalPolicy as RemovalPolicyType } from 'aws-cdk-lib';
import { CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { LIVE_KEY_PATTERNS } from '../lambdas/data/table/index.ts';
import { LIVE_MANAGEMENT_ENDPOINT_ENV } from '../lambdas/data/live/index.ts';
import { liveHandlers, type LiveRoute } from '../lambdas/live/handler-rows.ts';
import { apiAccessLogFormat } from './access-logs.ts';
import { AppFunction, type FunctionResources } from './app-function.ts';
import { acknowledgeGuard } from './guard.ts';
import { acknowledge, arnPrefix, refReference } from './nag.ts';
import type { Stage } from './stage.ts';

/**
 * The stage's name, so its URL's path: pages reach it as `wss://{app domain}/live` through CloudFront
 * (lib/web-hosting.ts), which forwards the path as it is (locally `ws://localhost:4000/live`).
 */
export const LIVE_STAGE_NAME = 'live';

/**
 * The live socket's stage throttling, for every route together ($connect, $default frames,
 * $disconnect; pushes go through @connections, under the account's throttle, not the stage's):
 * what the capacity model (local/cost/capacity.ts, docs/costs.md) recommends for 10,000 open
 * dashboards, a peak of about 250 route requests a second, with headroom. A wall against floods
 * (a page gone wrong, a reconnect storm), not a target.
 */
export const LIVE_THROTTLE = { rateLimit: 400, burstLimit: 800 } as const;

/**
 * $connect reads the caller's presence (their record), counts the member's sockets (a Query of their
 * LIVE# partition) and registers the socket in a transaction that raises the member's socket version
 * (PutItem, UpdateItem), and deletes that registration when a second read finds a sign-out or
 * removal that landed meanwhile.
 */
const CONNECT_GRANTS = [
  { actions: ['dynamodb:GetItem'], keys: ['USER#*'] },
  { actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:Query'], keys: LIVE_KEY_PATTERNS },
] as const;
/** $disconnect finds the connection's member and deletes both items. */
const DISCONNECT_GRANTS = [{ actions: ['dynamodb:GetItem', 'dynamodb:DeleteItem'], keys: LIVE_KEY_PATTERNS }] as const;

export interface LiveApiProps {
  readonly stage: Stage;
  /** The table only: no live function touches pictures. */
  readonly resources: Pick<FunctionResources, 'table'>;
  readonly userPool: cognito.IUserPool;
  /** The app client whose access tokens may connect (the HTTP API's JWT authorizer audience). */
  readonly userPoolClient: cognito.IUserPoolClient;
  readonly logRetention: logs.RetentionDays;
  readonly logRemovalPolicy: RemovalPolicyType;
  /**
   * CloudFront's origin secret (a dynamic reference, lib/origin-secret.ts): $connect refuses a
   * handshake without it, so the socket is reached only through CloudFront and its web ACL.
   */
  readonly originSecret: string;
}

/**
 * The live socket (lambdas/contracts/push.ts): an API Gateway WebSocket API whose $connect,
 * $disconnect and $default routes are Lambdas (lambdas/live), a throttled, access-logged stage,
 * and what lets the backend push: `managementEndpoint` and `grantManageConnections`.
 *
 * The API resource itself stays in this stack and everything else lives in a nested stack
 * (LiveRoutes): the SPA's config.json and CSP name the API's id, and the API alone depends on
 * nothing, whereas its functions depend on the user pool, whose trigger depends on the pictures
 * bucket, whose CORS names the distribution: referencing the nested stack would close that cycle.
 */
export class LiveApi extends Construct {
  public readonly api: apigw.WebSocketApi;
  public readonly routes: LiveRoutes;

  constructor(scope: Construct, id: string, props: LiveApiProps) {
    super(scope, id);
    this.api = new apigw.WebSocketApi(this, 'Api', { description: `anchored live socket (${props.stage})` });
    this.routes = new LiveRoutes(this, 'Routes', { ...props, api: this.api });
  }

  /**
   * `{apiId}.execute-api.{region}.amazonaws.com`: the origin CloudFront forwards `/live` to. Its
   * default endpoint stays enabled, since the @connections API the backend pushes through lives on
   * it too; a handshake straight to it is refused by $connect (no origin secret).
   */
  get domainName(): string {
    const stack = Stack.of(this);
    return `${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }

  /**
   * The @connections management API's endpoint, `https://{apiId}.execute-api.{region}.amazonaws.com/live`:
   * a pusher's LIVE_MANAGEMENT_ENDPOINT (lambdas/data/live/live-management.ts).
   */
  get managementEndpoint(): string {
    return managementEndpointOf(this.api, this);
  }

  /** The stage's functions, by route. */
  get functions(): Record<LiveRoute, AppFunction> {
    return this.routes.functions;
  }

  /**
   * Lets a function post to and close this stage's connections (a pusher: the table stream's
   * consumer): execute-api:ManageConnections on `{apiId}/live/{POST|GET|DELETE}/@connections/*` only.
   */
  grantManageConnections(fn: lambda.IFunction): iam.Policy {
    return grantConnections(this.api, fn, '*');
  }
}

/** The @connections endpoint of `api`'s live stage, `https://{apiId}.execute-api.{region}.amazonaws.com/live`. */
function managementEndpointOf(api: apigw.WebSocketApi, scope: Construct): string {
  const stack = Stack.of(scope);
  return `https://${api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}/${LIVE_STAGE_NAME}`;
}

/**
 * execute-api:ManageConnections on `{apiId}/live/{method}/@connections/*` (every method: post,
 * describe and close; DELETE: close only), in a policy of its own beside the function, so that
 * cdk-nag's acknowledgement of the wildcard (a connection's id is known at run time only) covers
 * that statement and nothing else.
 */
function grantConnections(api: apigw.WebSocketApi, fn: lambda.IFunction, method: '*' | 'DELETE'): iam.Policy {
  if (!fn.role) throw new Error(`${fn.node.path} has no role to grant ManageConnections to`);
  const arn = Stack.of(fn).formatArn({ service: 'execute-api', resource: api.apiId });
  const resource = `${LIVE_STAGE_NAME}/${method}/@connections/*`;
  const policy = new iam.Policy(fn, 'ManageLiveConnections', {
    statements: [new iam.PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [`${arn}/${resource}`] })],
  });
  policy.attachToRole(fn.role);
  const apiReference = refReference(api.node.defaultChild as apigw.CfnApi, policy);
  acknowledge(
    policy,
    `AwsSolutions-IAM5[Resource::${arnPrefix(fn, 'execute-api')}:<AWS::AccountId>:${apiReference}/${resource}]`,
    method === '*'
      ? "Posts to and closes the live stage's connections: a connection's id is only known at run time."
      : "Closes a live stage connection that broke the socket's contract: a connection's id is only known at run time.",
  );
  return policy;
}

/**
 * The live socket's routes, in a nested stack: the three functions (each with its own role and
 * log group), their integrations, routes and invoke permissions, the stage and its access logs,
 * and API Gateway's account-wide logging role.
 *
 * $connect has no authorizer: a WebSocket API has no JWT authorizer, and the $connect Lambda
 * checks the access token itself (lambdas/data/members/access-tokens.ts) together with the presence check
 * it must make anyway. Each function may touch only the table items its route needs, held to the
 * live connections' partitions by `dynamodb:LeadingKeys` (the presence read: member records).
 */
export class LiveRoutes extends NestedStack {
  public readonly functions: Record<LiveRoute, AppFunction>;
  public readonly liveStage: apigw.WebSocketStage;

  constructor(scope: Construct, id: string, props: LiveApiProps & { readonly api: apigw.WebSocketApi }) {
    super(scope, id, { description: `anchored live socket (${props.stage})` });
    const { table } = props.resources;

    const fn = (route: LiveRoute, description: string, extraEnvironment?: Record<string, string>) =>
      new AppFunction(this, route, {
        entry: liveHandlers[route].entry,
        // Their table grants are below: narrower than a registry row can say.
        permissions: {},
        resources: props.resources,
        stage: props.stage,
        description,
        logRetention: props.logRetention,
        logRemovalPolicy: props.logRemovalPolicy,
        extraEnvironment,
      });
    this.functions = {
      connect: fn('connect', 'Live socket $connect: checks the token and the member, registers the socket', {
        // The issuer the HTTP API's JWT authorizer checks (lib/callable-api.ts).
        TOKEN_ISSUER: `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${props.userPool.userPoolId}`,
        USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
        // Without it a handshake did not come through CloudFront (lambdas/http/client-address.ts).
        ORIGIN_VERIFY_SECRET: props.originSecret,
      }),
      disconnect: fn('disconnect', 'Live socket $disconnect: unregisters the socket'),
      // It closes a socket that sends a frame outside the client message contract, or too many.
      message: fn('message', 'Live socket $default: accepts the keep-alive ping, closes a socket that breaks the contract', {
        [LIVE_MANAGEMENT_ENDPOINT_ENV]: managementEndpointOf(props.api, this),
      }),
    };
    grantConnections(props.api, this.functions.message.function, 'DELETE');
    grantItems(this.functions.connect, table, CONNECT_GRANTS);
    grantItems(this.functions.disconnect, table, DISCONNECT_GRANTS);

    const routes = (Object.keys(liveHandlers) as LiveRoute[]).map((route) => {
      const { routeKey } = liveHandlers[route];
      const webSocketRoute = new apigw.WebSocketRoute(this, `${route}Route`, {
        webSocketApi: props.api,
        routeKey,
        integration: new WebSocketLambdaIntegration(`${route}Integration`, this.functions[route].alias),
      });
      const reason =
        routeKey === '$connect'
          ? 'The $connect Lambda verifies the Cognito access token (signature, issuer, client, token_use) and the member before any connection exists; ' +
            'a WebSocket API offers no JWT authorizer, and a Lambda authorizer would be the same check in a second function.'
          : 'A WebSocket API authorizes at $connect only: $disconnect and $default run on a connection $connect admitted.';
      acknowledge(webSocketRoute, 'AwsSolutions-APIG4', reason);
      acknowledgeGuard(webSocketRoute, 'CT.APIGATEWAY.PR.5', reason);
      return webSocketRoute;
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: props.logRetention, removalPolicy: props.logRemovalPolicy });
    this.liveStage = new apigw.WebSocketStage(this, 'Stage', {
      webSocketApi: props.api,
      stageName: LIVE_STAGE_NAME,
      autoDeploy: true,
      throttle: LIVE_THROTTLE,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: apiAccessLogFormat({
          eventType: '$context.eventType',
          routeKey: '$context.routeKey',
          connectionId: '$context.connectionId',
          status: '$context.status',
          integrationError: '$context.integrationErrorMessage',
          error: '$context.error.message',
        }),
      },
    });
    // Deployed with its routes in place, and with API Gateway allowed to write its logs.
    for (const route of routes) this.liveStage.node.addDependency(route);
    this.liveStage.node.addDependency(this.cloudWatchRoleForApiGateway());
  }

  /**
   * Unlike an HTTP API, a WebSocket API writes its access logs with the role named in API Gateway's
   * account settings (one per account and region); without one the stage cannot be created
   * ("CloudWatch Logs role ARN must be set in account settings"). This sets it. Both are retained:
   * another stage of the product, or another API in the account, may rely on the setting.
   */
  private cloudWatchRoleForApiGateway(): Construct {
    const role = new iam.Role(this, 'ApiGatewayLogsRole', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      description: "API Gateway's account-wide role for writing logs (needed by WebSocket access logs)",
      inlinePolicies: {
        logs: new iam.PolicyDocument({
          statements: [
            new iam.PolicyStatement({
              // What AWS's managed AmazonAPIGatewayPushToCloudWatchLogs allows, inline (cdk-nag IAM4).
              actions: [
                'logs:CreateLogGroup',
                'logs:CreateLogStream',
                'logs:DescribeLogGroups',
                'logs:DescribeLogStreams',
                'logs:PutLogEvents',
                'logs:GetLogEvents',
                'logs:FilterLogEvents',
              ],
              resources: ['*'],
            }),
          ],
        }),
      },
    });
    role.applyRemovalPolicy(RemovalPolicy.RETAIN);
    acknowledge(
      role,
      'AwsSolutions-IAM5[Resource::*]',
      "API Gateway's account-wide logging role: it writes every API's logs of the account and region, whose log groups API Gateway names itself.",
    );
    const settings = new CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: role.roleArn });
    settings.applyRemovalPolicy(RemovalPolicy.RETAIN);
    return settings;
  }
}

/** `dynamodb:LeadingKeys`-scoped item grants on the table (no index, no scan). */
function grantItems(fn: AppFunction, table: dynamodb.ITable, grants: readonly { actions: readonly string[]; keys: readonly string[] }[]): void {
  for (const { actions, keys } of grants) {
    fn.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [...actions],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...keys] } },
      }),
    );
  }
}
