import { Names, Stack, Token, Validations, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges one cdk-nag finding on the construct it concerns (and everything below it).
 * `id` is a rule id such as 'AwsSolutions-S1', or a single finding such as
 * 'AwsSolutions-IAM5[Resource::<Table.Arn>/index/*]'.
 */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

/**
 * How cdk-nag names a resource's ARN inside an IAM5 finding of a policy in `seenFrom`'s stack:
 * `<X.Arn>` for an `Fn::GetAtt [X, Arn]` in the resource's own stack; in a stack nested in it, the
 * ARN arrives as the parameter CDK creates for the reference, `reference-to-<unique id>Arn`, and
 * the finding names its logical ID, `<referenceto<unique id>Arn>` (test/infra/nag.test.ts fails if
 * CDK ever names it otherwise).
 */
export function arnReference(resource: CfnElement, seenFrom: IConstruct = resource): string {
  const home = Stack.of(resource);
  const stack = Stack.of(seenFrom);
  if (stack === home) return `<${home.resolve(resource.logicalId)}.Arn>`;
  if (stack.nestedStackParent === home) return `<referenceto${Names.nodeUniqueId(resource.node)}Arn>`;
  throw new Error(`${seenFrom.node.path} sees ${resource.node.path} neither in its stack nor in its parent's`);
}

/** The same for a resource's `Ref` (e.g. an API's id): `<X>` in its own stack, `<referenceto<unique id>Ref>` in a stack nested in it. */
export function refReference(resource: CfnElement, seenFrom: IConstruct = resource): string {
  const home = Stack.of(resource);
  const stack = Stack.of(seenFrom);
  if (stack === home) return `<${home.resolve(resource.logicalId)}>`;
  if (stack.nestedStackParent === home) return `<referenceto${Names.nodeUniqueId(resource.node)}Ref>`;
  throw new Error(`${seenFrom.node.path} sees ${resource.node.path} neither in its stack nor in its parent's`);
}

/**
 * How cdk-nag writes `arn:{partition}:{service}:{region}` of a stack in a finding: `<AWS::Partition>`
 * and `<AWS::Region>` in a region-agnostic stack, the literal values once the stack has a region
 * (an app outside us-east-1, lib/edge-stack.ts).
 */
export function arnPrefix(scope: IConstruct, service: string): string {
  const { partition, region } = pseudoParameters(scope);
  return `arn:${partition}:${service}:${region}`;
}

/** The stack's partition and region as cdk-nag writes them in a finding (see arnPrefix). */
export function pseudoParameters(scope: IConstruct): { partition: string; region: string } {
  const stack = Stack.of(scope);
  return {
    partition: Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition,
    region: Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region,
  };
}
