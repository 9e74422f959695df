import { Stack, type CfnResource, type RemovalPolicy } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { callableHandlers } from '../lambdas/callable-handlers.ts';
import { secretsEnvironment } from '../lambdas/function-env-names.ts';
import { callables, type Access, type CallableName } from '../lambdas/contracts/callables.ts';
import { apiAccessLogFormat } from './access-logs.ts';
import type { AppFunction, FunctionResources } from './app-function.ts';
import { API_PATH_PREFIX, areaOf, CallableArea, type CallableDefinition, type RouteMethod } from './callable-area.ts';
import type { Stage } from './stage.ts';

export { API_PATH_PREFIX, areaOf, type CallableDefinition, type RouteMethod } from './callable-area.ts';

/**
 * The routes' method from the `routeBridge` context value: ANY with `-c routeBridge=true`, for a
 * deploy that moves routes between stacks (docs/deploy.md, Stack shape); POST otherwise. Anything
 * else stops synth.
 */
export function routeMethodFromContext(value: unknown): RouteMethod {
  if (value === undefined || value === false || value === 'false') return apigw.HttpMethod.POST;
  if (value === true || value === 'true') return apigw.HttpMethod.ANY;
  throw new Error(`routeBridge is true or absent, not ${JSON.stringify(value)}`);
}

/**
 * The stage throttle, from the capacity model (docs/costs.md, `npm run cost:model`): 10,000 open
 * dashboards peak at about 424 requests/s; 1.5× headroom, rounded up. A wall against floods far
 * above any member's budget (300 / 5 min), which the WAF's rate rule and the budgets stop first.
 */
export const API_THROTTLE = { rateLimit: 650, burstLimit: 1300 } as const;

/**
 * Each public route's own throttle (route settings on the stage), under the stage's: a public
 * callable is reached without a token, and a direct call to the execute-api hostname skips the
 * web ACL while its Lambda still runs before the origin check refuses it, so a flood there would
 * otherwise spend the stage throttle every member shares. A 25th of the stage at most: sign-ups are
 * rare (an invite code is checked a few times per newcomer), and the WAF's per-address rule stops
 * any one address far below it.
 */
export const PUBLIC_ROUTE_THROTTLE = { rateLimit: 25, burstLimit: 50 } as const;

export interface CallableApiProps {
  readonly stage: Stage;
  readonly resources: Required<FunctionResources>;
  /** The app client whose access tokens the JWT authorizer accepts. */
  readonly userPoolClient: cognito.IUserPoolClient;
  readonly logRetention: logs.RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
  /**
   * CloudFront's origin secret (a dynamic reference, lib/origin-secret.ts): with it a callable
   * believes the viewer address CloudFront passes (lambdas/http/client-address.ts).
   */
  readonly originSecret: string;
  /** Signs sign-up tickets; given to the callables whose row needs it (a dynamic reference, see sign-up-ticket-secret.ts). */
  readonly signUpTicketSecret: string;
  /**
   * The emails that may use the dev tools (Make Me Admin, dummy anchors, metrics now) on a deployed
   * dev stage; only the dev-only callables are given them (DEV_ADMIN_EMAILS). @default none: nobody may
   */
  readonly devAdminEmails?: readonly string[];
  /** @default the callable registry */
  readonly callables?: readonly CallableDefinition[];
  /** @default POST (routeMethodFromContext) */
  readonly routeMethod?: RouteMethod;
}

/** Every row of lambdas/callable-handlers.ts with the access of lambdas/contracts/callables.ts. */
export function registryCallables(): CallableDefinition[] {
  return (Object.keys(callableHandlers) as CallableName[]).map((name) => {
    const access: Access = callables[name].access;
    return { name, access, ...callableHandlers[name] };
  });
}

/**
 * Callables that exist on a stage, with the grants they hold there: dev-only ones never reach
 * prod, and on prod every admin callable also asks Cognito whether the admin has an authenticator
 * app (lambdas/http/admin-mfa.ts): AdminGetUser on the pool, added to the row's own grants.
 */
export function callablesFor(stage: Stage, all: readonly CallableDefinition[] = registryCallables()): CallableDefinition[] {
  return all
    .filter((callable) => stage !== 'prod' || callable.access !== 'dev-only')
    .map((callable) => (stage === 'prod' && callable.access === 'admin' ? { ...callable, permissions: withAdminMfaCheck(callable.permissions) } : callable));
}

function withAdminMfaCheck(permissions: CallableDefinition['permissions']): CallableDefinition['permissions'] {
  return { ...permissions, userPoolActions: [...new Set([...(permissions.userPoolActions ?? []), 'cognito-idp:AdminGetUser'])] };
}

/** The callables of a stage grouped by area (areaOf), areas and callables in registry order. */
export function callablesByArea(callables: readonly CallableDefinition[]): Map<string, CallableDefinition[]> {
  const byArea = new Map<string, CallableDefinition[]>();
  for (const callable of callables) {
    const area = areaOf(callable);
    byArea.set(area, [...(byArea.get(area) ?? []), callable]);
  }
  return byArea;
}

/**
 * The HTTP API: `POST /api/{callable}` for each row of the callable registry, one Lambda per row
 * holding only that row's grants, a Cognito JWT authorizer on every non-public route, access logs
 * and default-stage throttling.
 *
 * The functions and their routes live in one nested stack per area (CallableArea), so that the
 * parent holds nothing per callable and the app 250 callables and more
 * (test/infra/stack-size.test.ts); the API, its stage and the authorizer stay here, at the construct
 * paths (so the logical IDs) they have always had.
 */
export class CallableApi extends Construct {
  public readonly httpApi: apigw.HttpApi;
  public readonly defaultStage: apigw.HttpStage;
  /** The Lambda of each callable deployed on this stage, by callable name. */
  public readonly functions = new Map<string, AppFunction>();
  /** The nested stack of each area (areaOf), by area. */
  public readonly areas = new Map<string, CallableArea>();

  constructor(scope: Construct, id: string, props: CallableApiProps) {
    super(scope, id);

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: `anchored callables (${props.stage})`,
      // Same origin through CloudFront: no CORS.
      createDefaultStage: false,
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });
    this.defaultStage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: apiAccessLogFormat({
          routeKey: '$context.routeKey',
          status: '$context.status',
          responseLength: '$context.responseLength',
          latency: '$context.responseLatency',
          integrationError: '$context.integrationErrorMessage',
          authorizerError: '$context.authorizer.error',
          sub: '$context.authorizer.claims.sub',
        }),
      },
    });

    // What HttpUserPoolAuthorizer would create on the first route, created up front: the routes
    // are plain CfnRoutes in the areas' stacks, which name the authorizer by id.
    const authorizer = new apigw.HttpAuthorizer(this.httpApi, 'CognitoAuthorizer', {
      httpApi: this.httpApi,
      authorizerName: 'CognitoAuthorizer',
      type: apigw.HttpAuthorizerType.JWT,
      identitySource: ['$request.header.Authorization'],
      jwtAudience: [props.userPoolClient.userPoolClientId],
      jwtIssuer: `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${props.resources.userPool.userPoolId}`,
    });

    const stageCallables = callablesFor(props.stage, props.callables);
    const devTools = new Set(stageCallables.filter((callable) => callable.access === 'dev-only').map((callable) => callable.name));
    const needsOf = new Map(stageCallables.map((callable) => [callable.name, callable.needs]));
    const routeMethod = props.routeMethod ?? apigw.HttpMethod.POST;
    // A public route's throttle names its route key, which must exist: none while the routes are ANY.
    if (routeMethod === apigw.HttpMethod.POST) this.throttlePublicRoutes(stageCallables);

    for (const [area, areaCallables] of callablesByArea(stageCallables)) {
      const stack = new CallableArea(this, area, {
        area,
        callables: areaCallables,
        stage: props.stage,
        httpApi: this.httpApi,
        authorizerId: authorizer.authorizerId,
        routeMethod,
        resources: props.resources,
        logRetention: props.logRetention,
        logRemovalPolicy: props.logRemovalPolicy,
        environmentOf: (name) => ({
          ORIGIN_VERIFY_SECRET: props.originSecret,
          ...secretsEnvironment(needsOf.get(name), { signUpTicket: props.signUpTicketSecret }),
          // Every dev tool obeys the list (lambdas/http/dev-admin-gate.ts). Never '*' here (lib/stage.ts
          // refuses it): only the local cloud opens the dev tools to anyone.
          ...(devTools.has(name) && { DEV_ADMIN_EMAILS: (props.devAdminEmails ?? []).join(',') }),
        }),
      });
      this.areas.set(area, stack);

      for (const { name } of areaCallables) this.functions.set(name, stack.functions.get(name) as AppFunction);
      if (areaCallables.some((callable) => callable.access === 'public')) this.orderStageAndRoutes(stack, routeMethod);
    }
  }

  /**
   * The stage's route settings name public routes, and API Gateway refuses a setting for a route it
   * does not have: so the stage follows an area holding public routes, which creates them (or turns
   * them back into POST); and while the routes are ANY, the stage (without settings) goes first, so
   * no setting names a route as its key changes.
   */
  private orderStageAndRoutes(area: CallableArea, routeMethod: RouteMethod): void {
    const stage = this.defaultStage.node.defaultChild as apigw.CfnStage;
    const areaStack = area.nestedStackResource as CfnResource;
    if (routeMethod === apigw.HttpMethod.POST) stage.addResourceDependency(areaStack);
    else areaStack.addResourceDependency(stage);
  }

  /** PUBLIC_ROUTE_THROTTLE on every public callable's route (the L2 stage sets only the default route's). */
  private throttlePublicRoutes(stageCallables: readonly CallableDefinition[]): void {
    const routeSettings = Object.fromEntries(
      stageCallables
        .filter((callable) => callable.access === 'public')
        .map((callable) => [
          apigw.HttpRouteKey.with(`${API_PATH_PREFIX}/${callable.name}`, apigw.HttpMethod.POST).key,
          // RouteSettings is untyped JSON in the L1: CloudFormation's own (Pascal-case) names.
          { ThrottlingRateLimit: PUBLIC_ROUTE_THROTTLE.rateLimit, ThrottlingBurstLimit: PUBLIC_ROUTE_THROTTLE.burstLimit },
        ]),
    );
    (this.defaultStage.node.defaultChild as apigw.CfnStage).routeSettings = routeSettings;
  }

  /** `{apiId}.execute-api.{region}.amazonaws.com`, the origin CloudFront forwards `/api/*` to. */
  get domainName(): string {
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}
