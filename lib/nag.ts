import { Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges one cdk-nag finding on the construct it concerns (and everything below it).
 * `id` is a rule id such as 'AwsSolutions-S1', or a single finding such as
 * 'AwsSolutions-IAM5[Resource::<Table.Arn>/index/*]'.
 */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

/** How cdk-nag names an `Fn::GetAtt [X, Arn]` reference inside an IAM5 finding: `<X.Arn>`. */
export function arnReference(resource: CfnElement): string {
  return `<${Stack.of(resource).resolve(resource.logicalId)}.Arn>`;
}
