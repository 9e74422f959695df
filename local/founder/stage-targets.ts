import { existsSync, readFileSync } from 'node:fs';
import { CloudFormationClient, DescribeStacksCommand, type Output } from '@aws-sdk/client-cloudformation';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import * as z from 'zod';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../local-aws.ts';
import { cognitoClient } from '../user-pool.ts';
import type { FounderTargets } from './ensure-founder.ts';

/** A stage's pool and table, where to sign in, and the environment the data layer reads to reach them. */
export interface StageTargets extends FounderTargets {
  /** What the operator is told: `Anchored-prod (eu-west-1)`, or the local cloud. */
  description: string;
  /** The web origin where the founder signs in. */
  webUrl: string;
  /** TABLE_NAME and its company, as CDK sets them on every function (the local cloud adds the emulators' endpoints). */
  environment: Record<string, string>;
}

/** A stage's problem the operator can fix, in one sentence (no stack trace). */
export class TargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetError';
  }
}

/** The stack `npx cdk deploy -c stage=<stage>` deploys (lib/build-app.ts stackNameFor; a unit test keeps the two equal). */
export function stackNameOf(stage: 'dev' | 'prod'): string {
  return `Anchored-${stage}`;
}

/** The part of `.local/endpoints.json` the founder needs. */
const localEndpointsSchema = z.object({
  webUrl: z.string(),
  region: z.string(),
  cognito: z.object({ endpoint: z.string(), userPoolId: z.string() }),
  dynamodb: z.object({ endpoint: z.string(), tableName: z.string() }),
});

/** The local cloud, read from its endpoints.json (written by `npm start`, or by a test's own cloud). */
export function localTargets(endpointsFile: string): StageTargets {
  if (!existsSync(endpointsFile)) throw new TargetError(`${endpointsFile} does not exist: start the local cloud first (npm start).`);
  let parsed: z.infer<typeof localEndpointsSchema>;
  try {
    parsed = localEndpointsSchema.parse(JSON.parse(readFileSync(endpointsFile, 'utf8')));
  } catch {
    throw new TargetError(`${endpointsFile} is not the local cloud's endpoints.json (webUrl, region, cognito, dynamodb); restart it with npm start.`);
  }
  return {
    description: 'the local cloud',
    cognito: cognitoClient(parsed.cognito.endpoint),
    userPoolId: parsed.cognito.userPoolId,
    tableName: parsed.dynamodb.tableName,
    webUrl: parsed.webUrl || 'http://localhost:5173',
    environment: {
      TABLE_NAME: parsed.dynamodb.tableName,
      USER_POOL_ID: parsed.cognito.userPoolId,
      STAGE: 'local',
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      DYNAMODB_ENDPOINT: parsed.dynamodb.endpoint,
      COGNITO_ENDPOINT: parsed.cognito.endpoint,
    },
  };
}

function outputOf(outputs: Output[], key: string, stackName: string): string {
  const value = outputs.find((output) => output.OutputKey === key)?.OutputValue;
  if (!value) throw new TargetError(`The stack ${stackName} has no output ${key}: deploy this version of the app first (npx cdk deploy).`);
  return value;
}

/** Why a call with the operator's credentials failed, in a sentence they can act on; null for anything else. */
function awsProblem(error: Error, stackName: string, region: string): string | null {
  if (error.name === 'CredentialsProviderError') return 'No AWS credentials found: set AWS_PROFILE (or sign in with aws sso login) and run again.';
  if (error.name === 'ValidationError' && /does not exist/.test(error.message)) {
    return `There is no stack ${stackName} in ${region}: deploy it first (npx cdk deploy -c stage=…), or pass the stack's region with --region.`;
  }
  if (/AccessDenied|UnrecognizedClient|ExpiredToken|InvalidClientTokenId/.test(error.name)) {
    return `AWS refused the credentials in use (${error.name}): they need cloudformation:DescribeStacks, the Cognito admin actions and the table's read and write.`;
  }
  return null;
}

/** What deployedTargets uses of the CloudFormation client (a test hands it a scripted one). */
export interface CloudFormationLike {
  config: { region: () => Promise<string> };
  send(command: DescribeStacksCommand): Promise<{ Stacks?: { Outputs?: Output[] }[] }>;
  destroy(): void;
}

/**
 * A deployed stage, found with the operator's AWS credentials: CloudFormation's outputs of the
 * stage's stack (UserPoolId, TableName, ApiUrl). The region is `--region`, else the SDK's own
 * (AWS_REGION, the profile).
 */
export async function deployedTargets(
  stage: 'dev' | 'prod',
  region: string | undefined,
  newClient: (region: string | undefined) => CloudFormationLike = (chosen) => new CloudFormationClient({ region: chosen }),
): Promise<StageTargets> {
  const stackName = stackNameOf(stage);
  const cloudFormation = newClient(region);
  let resolvedRegion: string;
  try {
    resolvedRegion = await cloudFormation.config.region();
  } catch {
    throw new TargetError('No AWS region: pass --region (for example --region eu-west-1) or set AWS_REGION.');
  }
  let outputs: Output[];
  try {
    const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
    outputs = Stacks?.[0]?.Outputs ?? [];
  } catch (error) {
    const problem = awsProblem(error as Error, stackName, resolvedRegion);
    throw problem ? new TargetError(problem) : error;
  } finally {
    cloudFormation.destroy();
  }
  const userPoolId = outputOf(outputs, 'UserPoolId', stackName);
  const tableName = outputOf(outputs, 'TableName', stackName);
  return {
    description: `${stackName} (${resolvedRegion})`,
    cognito: new CognitoIdentityProviderClient({ region: resolvedRegion }),
    userPoolId,
    tableName,
    // ApiUrl is `<web origin>/api`: the origin follows a custom domain when the stack has one.
    webUrl: new URL(outputOf(outputs, 'ApiUrl', stackName)).origin,
    environment: { TABLE_NAME: tableName, USER_POOL_ID: userPoolId, STAGE: stage, AWS_REGION: resolvedRegion },
  };
}
