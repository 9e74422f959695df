import type { DescribeStacksCommand, Output } from '@aws-sdk/client-cloudformation';
import { describe, expect, it } from 'vitest';
import { deployedTargets, type CloudFormationLike } from '../../../local/founder/stage-targets.ts';

/** CloudFormation as a deployed stack answers DescribeStacks (or refuses it). */
function scripted(answer: { outputs?: Output[]; error?: Error; region?: string }) {
  const asked: string[] = [];
  const client: CloudFormationLike = {
    config: { region: async () => answer.region ?? (await Promise.reject(new Error('Region is missing'))) },
    async send(command: DescribeStacksCommand) {
      asked.push(command.input.StackName ?? '');
      if (answer.error) throw answer.error;
      return { Stacks: [{ Outputs: answer.outputs }] };
    },
    destroy: () => undefined,
  };
  return { client, asked };
}

const OUTPUTS: Output[] = [
  { OutputKey: 'ApiUrl', OutputValue: 'https://d1234.cloudfront.net/api' },
  { OutputKey: 'UserPoolId', OutputValue: 'eu-west-1_AbCdEf' },
  { OutputKey: 'TableName', OutputValue: 'Anchored-prod-DataTable-1X2Y3Z' },
];

function awsError(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}

describe("npm run founder finds a deployed stage from its stack's outputs", () => {
  it("reads the pool, the table and the web origin of Anchored-<stage>, and the data layer's environment", async () => {
    const { client, asked } = scripted({ outputs: OUTPUTS, region: 'eu-west-1' });
    const targets = await deployedTargets('prod', 'eu-west-1', () => client);
    targets.cognito.destroy();
    expect(asked).toEqual(['Anchored-prod']);
    expect(targets).toMatchObject({
      description: 'Anchored-prod (eu-west-1)',
      userPoolId: 'eu-west-1_AbCdEf',
      tableName: 'Anchored-prod-DataTable-1X2Y3Z',
      webUrl: 'https://d1234.cloudfront.net',
      environment: { TABLE_NAME: 'Anchored-prod-DataTable-1X2Y3Z', USER_POOL_ID: 'eu-west-1_AbCdEf', STAGE: 'prod', AWS_REGION: 'eu-west-1' },
    });
  });

  it.each([
    [{ outputs: OUTPUTS }, 'No AWS region: pass --region (for example --region eu-west-1) or set AWS_REGION.'],
    [
      { region: 'eu-west-1', error: awsError('ValidationError', 'Stack with id Anchored-dev does not exist') },
      "There is no stack Anchored-dev in eu-west-1: deploy it first (npx cdk deploy -c stage=…), or pass the stack's region with --region.",
    ],
    [{ region: 'eu-west-1', error: awsError('CredentialsProviderError', 'Could not load credentials from any providers') }, 'No AWS credentials found'],
    [{ region: 'eu-west-1', error: awsError('AccessDenied', 'User is not authorized') }, 'AWS refused the credentials in use (AccessDenied)'],
    [{ region: 'eu-west-1', outputs: OUTPUTS.slice(1) }, 'The stack Anchored-dev has no output ApiUrl: deploy this version of the app first (npx cdk deploy).'],
  ])('%j stops with a sentence the operator can act on', async (answer, sentence) => {
    const { client } = scripted(answer);
    await expect(deployedTargets('dev', undefined, () => client)).rejects.toThrow(sentence);
  });
});
