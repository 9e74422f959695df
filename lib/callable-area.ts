import { Duration, NestedStack, Stack, type RemovalPolicy } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { CallableHandlerEntry } from '../lambdas/handler-row.ts';
import type { Access } from '../lambdas/contracts/callables.ts';
import { AppFunction, type FunctionResources } from './app-function.ts';
import { acknowledgeGuard } from './guard.ts';
import { acknowledge } from './nag.ts';
import { grantRateCounters } from './rate-limit-grant.ts';
import type { Stage } from './stage.ts';

/** Path prefix of every callable; CloudFront forwards `/api/*` unchanged to this API. */
export const API_PATH_PREFIX = '/api';

/**
 * The method of every callable's route. POST always, except for a deploy that moves routes to
 * another stack (out of the parent, or to another area): a route key is unique in an API and
 * CloudFormation creates the new route before it deletes the old one, so that deploy creates
 * `ANY /api/{name}` beside the old `POST /api/{name}`, and the next turns it into POST in place
 * (docs/deploy.md, Stack shape).
 */
export type RouteMethod = apigw.HttpMethod.POST | apigw.HttpMethod.ANY;

/** One callable as the API builds it: a registry row joined with its contract's access. */
export interface CallableDefinition extends CallableHandlerEntry {
  readonly name: string;
  readonly access: Access;
}

/**
 * The area a callable belongs to: the folder of its handler module, `handlers/<area>/<verb-noun>.ts`.
 * Each area is one nested stack, so a new callable lands in its area's stack and a new area gets a
 * stack of its own, with nothing in lib/ to change.
 */
export function areaOf(callable: Pick<CallableDefinition, 'entry'>): string {
  const area = /^handlers\/([a-z][a-z0-9-]*)\/[^/]+$/.exec(callable.entry)?.[1];
  if (!area) throw new Error(`A callable's handler module must be handlers/<area>/<file>, not ${callable.entry}`);
  return area;
}

export interface CallableAreaProps {
  readonly area: string;
  /** The area's callables (all of the same area, see areaOf). */
  readonly callables: readonly CallableDefinition[];
  readonly stage: Stage;
  readonly httpApi: apigw.IHttpApi;
  /** The JWT authorizer of every non-public route (the parent's, passed in as a parameter). */
  readonly authorizerId: string;
  /** Each route's method: POST, or ANY while routes move between stacks (routeMethodFromContext). */
  readonly routeMethod: RouteMethod;
  readonly resources: Required<FunctionResources>;
  readonly logRetention: logs.RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
  /** A callable's variables besides the data layer's (the origin secret, and what only it is given). */
  readonly environmentOf: (name: string) => Readonly<Record<string, string>>;
}

/**
 * The callables of one area, in a nested stack of their own: for each, its Lambda (own role
 * holding exactly its registry row's grants, own log group), its HTTP API integration, its route
 * `POST /api/{name}` and the permission that lets API Gateway invoke it. Routes live here rather
 * than beside the API so that the parent holds nothing per callable (test/infra/stack-size.test.ts).
 * The table, the bucket, the user pool, the API and its authorizer come in as parameters of the
 * nested stack (CDK passes parent references that way); nothing here references back into the parent.
 */
export class CallableArea extends NestedStack {
  /** The Lambda of each callable of the area, by callable name. */
  public readonly functions = new Map<string, AppFunction>();
  /** The API integration of each callable of the area, by callable name. */
  public readonly integrations = new Map<string, apigw.HttpIntegration>();

  constructor(scope: Construct, id: string, props: CallableAreaProps) {
    super(scope, id, { description: `anchored callables of the ${props.area} area (${props.stage})` });

    for (const callable of props.callables) {
      const { name, access, entry, permissions, assets, timeoutSeconds } = callable;
      if (areaOf(callable) !== props.area) throw new Error(`${name} belongs to ${areaOf(callable)}, not ${props.area}`);
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
        extraEnvironment: props.environmentOf(name),
      });
      this.functions.set(name, fn);
      grantRateCounters(fn.function, props.resources.table);

      // What HttpLambdaIntegration would make, beside its route (addRoute) in this stack.
      const integration = new apigw.HttpIntegration(this, `${name}Integration`, {
        httpApi: props.httpApi,
        integrationType: apigw.HttpIntegrationType.AWS_PROXY,
        // The alias: API Gateway invokes what the canary has shifted, never $LATEST.
        integrationUri: fn.alias.functionArn,
        payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0,
      });
      this.integrations.set(name, integration);
      this.addRoute(callable, integration, props);
      fn.alias.addPermission(`${name}InvokedByApi`, {
        scope: this,
        principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
        // Only this callable's route, on any stage of this API.
        sourceArn: Stack.of(this).formatArn({
          service: 'execute-api',
          resource: props.httpApi.apiId,
          resourceName: `*/*${API_PATH_PREFIX}/${name}`,
        }),
      });
    }
  }

  /** `POST /api/{name}` to the callable's integration, behind the JWT authorizer unless the callable is public. */
  private addRoute({ name, access }: CallableDefinition, integration: apigw.HttpIntegration, props: CallableAreaProps): void {
    const route = new apigw.CfnRoute(this, `${name}Route`, {
      apiId: props.httpApi.apiId,
      routeKey: apigw.HttpRouteKey.with(`${API_PATH_PREFIX}/${name}`, props.routeMethod).key,
      target: `integrations/${integration.integrationId}`,
      // Admin and dev-only callables check the caller's groups/stage in the handler as well.
      ...(access === 'public' ? { authorizationType: 'NONE' } : { authorizationType: 'JWT', authorizerId: props.authorizerId }),
    });
    if (access === 'public') {
      const reason =
        `${name} is public in the callable registry (needed before a visitor has an account); ` +
        "its handler refuses a call that did not come through CloudFront and validates input, and the web ACL's rate rule and the route's own throttle cap abuse.";
      acknowledge(route, 'AwsSolutions-APIG4', reason);
      acknowledgeGuard(route, 'CT.APIGATEWAY.PR.5', reason);
    }
  }
}
