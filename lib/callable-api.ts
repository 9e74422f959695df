import { Duration, Stack, type RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { callableHandlers, type CallableHandlerEntry } from '../lambdas/callable-handlers.ts';
import { callables, type Access, type CallableName } from '../lambdas/contracts/callables.ts';
import { AppFunction, type FunctionResources } from './app-function.ts';
import { acknowledge } from './nag.ts';
import { grantRateCounters } from './rate-limit-grant.ts';
import type { Stage } from './stage.ts';

/** Path prefix of every callable; CloudFront forwards `/api/*` unchanged to this API. */
export const API_PATH_PREFIX = '/api';

/** Default stage throttling: ample for an invite-only community, a ceiling against floods. */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

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
  /** Signs sign-up tickets; only validateInviteCode is given it (a dynamic reference, see sign-up-ticket-secret.ts). */
  readonly signUpTicketSecret: string;
  /**
   * The emails that may use Make Me Admin on a deployed dev stage; only setAdminClaim is given them
   * (DEV_ADMIN_EMAILS). @default none: nobody may
   */
  readonly devAdminEmails?: readonly string[];
  /** @default the callable registry */
  readonly callables?: readonly CallableDefinition[];
}

/** One callable as the API builds it: a registry row joined with its contract's access. */
export interface CallableDefinition extends CallableHandlerEntry {
  readonly name: string;
  readonly access: Access;
}

/** Every row of lambdas/callable-handlers.ts with the access of lambdas/contracts/callables.ts. */
export function registryCallables(): CallableDefinition[] {
  return (Object.keys(callableHandlers) as CallableName[]).map((name) => {
    const access: Access = callables[name].access;
    return { name, access, ...callableHandlers[name] };
  });
}

/** Callables that exist on a stage: dev-only ones never reach prod. */
export function callablesFor(stage: Stage, all: readonly CallableDefinition[] = registryCallables()): CallableDefinition[] {
  return all.filter((callable) => stage !== 'prod' || callable.access !== 'dev-only');
}

/**
 * The HTTP API: `POST /api/{callable}` for each row of the callable registry, one Lambda per row
 * holding only that row's grants, a Cognito JWT authorizer on every non-public route, access logs
 * and default-stage throttling.
 */
export class CallableApi extends Construct {
  public readonly httpApi: apigw.HttpApi;
  public readonly defaultStage: apigw.HttpStage;
  /** The Lambda of each callable deployed on this stage, by callable name. */
  public readonly functions = new Map<string, AppFunction>();

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
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            sub: '$context.authorizer.claims.sub',
          }),
        ),
      },
    });

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.resources.userPool, {
      userPoolClients: [props.userPoolClient],
      userPoolRegion: Stack.of(this).region,
    });

    for (const { name, access, entry, permissions, assets, timeoutSeconds } of callablesFor(props.stage, props.callables)) {
      const fn = new AppFunction(this, name, {
        entry,
        permissions,
        assets,
        ...(timeoutSeconds && { timeout: Duration.seconds(timeoutSeconds) }),
        resources: props.resources,
        stage: props.stage,
        description: `Callable ${name} (${access})`,
        logRetention: props.logRetention,
        logRemovalPolicy: props.logRemovalPolicy,
        extraEnvironment: {
          ORIGIN_VERIFY_SECRET: props.originSecret,
          ...(name === 'validateInviteCode' && { SIGN_UP_TICKET_SECRET: props.signUpTicketSecret }),
          // Never '*' here (lib/stage.ts refuses it): only the local cloud opens Make Me Admin to anyone.
          ...(name === 'setAdminClaim' && { DEV_ADMIN_EMAILS: (props.devAdminEmails ?? []).join(',') }),
        },
      });
      this.functions.set(name, fn);
      grantRateCounters(fn.function, props.resources.table);

      const [route] = this.httpApi.addRoutes({
        path: `${API_PATH_PREFIX}/${name}`,
        methods: [apigw.HttpMethod.POST],
        integration: new HttpLambdaIntegration(`${name}Integration`, fn.function),
        // Admin and dev-only callables check the caller's groups/stage in the handler as well.
        authorizer: access === 'public' ? new apigw.HttpNoneAuthorizer() : authorizer,
      });
      if (access === 'public' && route) {
        acknowledge(
          route,
          'AwsSolutions-APIG4',
          `${name} is public in the callable registry (needed before a visitor has an account); ` +
            'its handler validates input, and stage throttling caps abuse.',
        );
      }
    }
  }

  /** `{apiId}.execute-api.{region}.amazonaws.com`, the origin CloudFront forwards `/api/*` to. */
  get domainName(): string {
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}
