import { CfnResource, Stack, type IAspect } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';
import { acknowledgeGuard } from './guard.ts';

/**
 * The Control Tower findings (npm run guard) that hold for every resource of a kind in this app,
 * acknowledged on each such resource, the functions and log groups CDK itself adds included. Each
 * is acknowledged only when the resource really has the property its reason describes (a log group
 * with a set retention under a year, a permission whose SourceArn is built), so a resource that
 * differs is still reported.
 */
export class StackWideGuardAcknowledgements implements IAspect {
  visit(node: IConstruct): void {
    if (!CfnResource.isCfnResource(node)) return;
    // CDK's own custom-resource providers are plain CfnResources of this type, and never in a VPC.
    const functionOutsideVpc = node instanceof lambda.CfnFunction ? node.vpcConfig === undefined : node.cfnResourceType === 'AWS::Lambda::Function';
    if (functionOutsideVpc) acknowledgeFunctionOutsideVpc(node);
    if (node instanceof lambda.CfnPermission) acknowledgeBuiltSourceArn(node);
    if (node instanceof logs.CfnLogGroup) acknowledgeLogGroup(node);
  }
}

function acknowledgeFunctionOutsideVpc(fn: CfnResource): void {
  acknowledgeGuard(
    fn,
    'CT.LAMBDA.PR.3',
    'It calls only AWS service APIs (DynamoDB, S3, Cognito, the API Gateway management API, CloudFront) over TLS, signed with its own ' +
      'role; no resource of this app lives in a VPC. A VPC would add NAT gateways or interface endpoints in each zone (tens of dollars ' +
      'a month before any traffic) and protect nothing the role does not already limit.',
  );
}

/**
 * API Gateway, EventBridge and Cognito permissions name their one source by an ARN CDK builds
 * with Fn::Join (the account, region and the API's or rule's id); the rule accepts only a
 * literal string or a Ref there, so it reports them as if they had none.
 */
function acknowledgeBuiltSourceArn(permission: lambda.CfnPermission): void {
  const principal: unknown = Stack.of(permission).resolve(permission.principal);
  const sourceArn: unknown = Stack.of(permission).resolve(permission.sourceArn);
  const builtArn = typeof sourceArn === 'object' && sourceArn !== null && 'Fn::Join' in sourceArn;
  if (typeof principal !== 'string' || !principal.endsWith('.amazonaws.com') || !builtArn) return;
  acknowledgeGuard(
    permission,
    'CT.LAMBDA.PR.2',
    `Only ${principal} may invoke, and only for the source its SourceArn names: an ARN of this account and region built with ` +
      "Fn::Join from the source's id, which the rule cannot read (it accepts a literal string or a Ref). Nothing here is public.",
  );
}

function acknowledgeLogGroup(logGroup: logs.CfnLogGroup): void {
  const days = logGroup.retentionInDays;
  if (typeof days === 'number' && days < 365) {
    acknowledgeGuard(
      logGroup,
      'CT.CLOUDWATCH.PR.2',
      `Kept ${days} days on purpose: function logs name members and access logs hold their network addresses, so they are kept ` +
        "no longer than an investigation needs. What must last, admins' actions and moderation decisions, is in the table's audit " +
        'and moderation logs.',
    );
  }
  if (logGroup.kmsKeyId === undefined) {
    acknowledgeGuard(
      logGroup,
      'CT.CLOUDWATCH.PR.3',
      'CloudWatch Logs encrypts every log group at rest with keys it manages. A customer-managed key would not narrow who reads ' +
        'the logs (IAM does), and would add a key policy for the logs service, a monthly key charge, and a way to make every log ' +
        'unreadable by disabling the key.',
    );
  }
}
