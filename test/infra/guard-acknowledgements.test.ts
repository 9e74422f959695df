import { App, Aspects, Fn, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { StackWideGuardAcknowledgements } from '../../lib/guard-acknowledgements.ts';

/**
 * The stack-wide acknowledgements cover only resources that have the property their reason
 * states: a resource that differs is still reported by `npm run guard` (part of `npm run check`).
 */

function acknowledgedRules(build: (stack: Stack) => void): Record<string, string[]> {
  const stack = new Stack(new App(), 'Guarded');
  build(stack);
  Aspects.of(stack).add(new StackWideGuardAcknowledgements());
  const resources = Template.fromStack(stack).toJSON().Resources as Record<string, { Metadata?: { guard?: { SuppressedRules: string[] } } }>;
  return Object.fromEntries(Object.entries(resources).map(([id, resource]) => [id, resource.Metadata?.guard?.SuppressedRules ?? []]));
}

function permission(stack: Stack, id: string, sourceArn: string, principal = 'apigateway.amazonaws.com'): lambda.CfnPermission {
  return new lambda.CfnPermission(stack, id, { action: 'lambda:InvokeFunction', functionName: 'f', principal, sourceArn });
}

describe('stack-wide guard acknowledgements', () => {
  it('acknowledge a function outside a VPC, and an invoke permission whose SourceArn is built, for a service', () => {
    const rules = acknowledgedRules((stack) => {
      new lambda.CfnFunction(stack, 'Fn', {
        code: { zipFile: 'x' },
        handler: 'index.handler',
        runtime: 'nodejs24.x',
        role: 'arn:aws:iam::123456789012:role/r',
      });
      permission(stack, 'Built', Fn.join('', ['arn:aws:execute-api:', stack.region, ':', stack.account, ':api/*']));
    });
    expect(rules.Fn).toEqual(['CT.LAMBDA.PR.3']);
    expect(rules.Built).toEqual(['CT.LAMBDA.PR.2']);
  });

  it('leave a function in a VPC, a literal SourceArn (which the rule reads itself) and a public principal to the rule', () => {
    const rules = acknowledgedRules((stack) => {
      new lambda.CfnFunction(stack, 'InVpc', {
        code: { zipFile: 'x' },
        handler: 'index.handler',
        runtime: 'nodejs24.x',
        role: 'arn:aws:iam::123456789012:role/r',
        vpcConfig: { subnetIds: ['subnet-1'], securityGroupIds: ['sg-1'] },
      });
      permission(stack, 'Literal', 'arn:aws:execute-api:eu-west-1:123456789012:abc/*');
      permission(stack, 'Anyone', Fn.join('', ['arn:aws:execute-api:', stack.region, ':x']), '*');
    });
    expect(rules).toMatchObject({ InVpc: [], Literal: [], Anyone: [] });
  });

  it('acknowledge a log retention under a year and a log group without a key, and nothing else', () => {
    const rules = acknowledgedRules((stack) => {
      new logs.LogGroup(stack, 'Month', { retention: logs.RetentionDays.ONE_MONTH });
      new logs.LogGroup(stack, 'Year', { retention: logs.RetentionDays.ONE_YEAR, encryptionKey: new kms.Key(stack, 'Key') });
    });
    const byPrefix = (prefix: string) => Object.entries(rules).find(([id]) => id.startsWith(prefix))?.[1];
    expect(byPrefix('Month')).toEqual(['CT.CLOUDWATCH.PR.2', 'CT.CLOUDWATCH.PR.3']);
    expect(byPrefix('Year')).toEqual([]);
  });
});
