import { Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';

/**
 * Powertools for AWS Lambda (TypeScript) reaches the functions as the layer AWS publishes, not in
 * their bundles: the Tracer alone would add the X-Ray SDK (about 122 KB minified) to every bundle,
 * past the 300 KB budget (local/bench/web.ts). The layer holds commons, logger, metrics and tracer
 * (and the X-Ray SDK) under /opt/nodejs/node_modules; since layer 50 it holds no AWS SDK package,
 * so the runtime's SDK is the one the handlers use. It is built for arm64 and x86_64, nodejs22.x
 * and nodejs24.x.
 *
 * ES module imports of a layer's packages resolve on Lambda because its Node.js runtimes (18 and
 * later) search NODE_PATH, where the layers' folders are listed, for ES modules too (AWS, "Node.js
 * 18.x runtime now available in AWS Lambda"); the bundles already rely on it for the runtime's SDK.
 */

/** The version of every @aws-lambda-powertools package in package.json: the layer must hold the same. */
export const POWERTOOLS_VERSION = '2.36.0';

/**
 * The layer's version that holds POWERTOOLS_VERSION. AWS publishes one layer version per release:
 * 2.35.0 is 50 (Powertools' own docs); 2.36.0, the next release, is 51.
 * `aws ssm get-parameter --name /aws/service/powertools/typescript/generic/all/2.36.0` answers the
 * ARN in a region (docs/deploy.md); bump both constants together with package.json.
 */
export const POWERTOOLS_LAYER_VERSION = 51;

/** The account AWS publishes the layer from, in every commercial region (not GovCloud or China). */
export const POWERTOOLS_LAYER_ACCOUNT = '094274105915';

/** The packages the layer provides, left out of every bundle (lib/app-function.ts LAMBDA_ESBUILD). */
export const POWERTOOLS_LAYER_PACKAGES = [
  '@aws-lambda-powertools/commons',
  '@aws-lambda-powertools/logger',
  '@aws-lambda-powertools/metrics',
  '@aws-lambda-powertools/tracer',
] as const;

/** The layer's ARN in `region` (a token: the stack's region). */
export function powertoolsLayerArn(region: string): string {
  return `arn:aws:lambda:${region}:${POWERTOOLS_LAYER_ACCOUNT}:layer:AWSLambdaPowertoolsTypeScriptV2:${POWERTOOLS_LAYER_VERSION}`;
}

const LAYER_ID = 'PowertoolsLayer';

/** The layer as seen from `scope`'s stack (one reference a stack, in the stack's region). */
export function powertoolsLayer(scope: IConstruct): lambda.ILayerVersion {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild(LAYER_ID) as lambda.ILayerVersion | undefined;
  return existing ?? lambda.LayerVersion.fromLayerVersionArn(stack, LAYER_ID, powertoolsLayerArn(stack.region));
}
