import { Stack } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as codedeploy from 'aws-cdk-lib/aws-codedeploy';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct, type IConstruct } from 'constructs';
import { acknowledge } from './nag.ts';

/** How a new version of a function takes traffic: 10 % for 5 minutes, then all of it. */
export const CANARY_CONFIG = codedeploy.LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES;

/** The alias every invoker names: callers never invoke $LATEST, so the canary decides what they run. */
export const LIVE_ALIAS_NAME = 'live';

/** Its construct id in a stack: named after the stack, so no two stacks share the logical IDs below it. */
const idIn = (stack: Stack) => `CanaryDeployments${stack.nestedStackParent ? stack.node.id : ''}`;

/**
 * One CodeDeploy application and one service role per stack (the parent and each nested stack),
 * shared by every deployment group of that stack: a role per group would add a resource per
 * function for the same AWS managed policy. Created on first use, so a stack without functions has
 * none.
 */
export class CanaryDeployments extends Construct {
  public readonly application: codedeploy.LambdaApplication;
  public readonly role: iam.Role;
  private readonly groups: codedeploy.LambdaDeploymentGroup[] = [];

  /** The stack's shared application and role. */
  static of(scope: IConstruct): CanaryDeployments {
    const stack = Stack.of(scope);
    return (stack.node.tryFindChild(idIn(stack)) as CanaryDeployments | undefined) ?? new CanaryDeployments(stack, idIn(stack));
  }

  /**
   * Rolls back every deployment group under `root` (nested stacks included) when any of `alarms`
   * fires during its canary: the shared alarms of lib/observability.ts (`deploymentAlarms`), not one
   * alarm per function. Call once, after the alarms exist.
   */
  static rollBackOn(root: IConstruct, alarms: readonly cloudwatch.IAlarm[]): void {
    const all = root.node.findAll().filter((node): node is CanaryDeployments => node instanceof CanaryDeployments);
    for (const deployments of all) for (const group of deployments.groups) for (const alarm of alarms) group.addAlarm(alarm);
  }

  private constructor(scope: Construct, id: string) {
    super(scope, id);
    this.application = new codedeploy.LambdaApplication(this, 'Application');
    this.role = new iam.Role(this, 'ServiceRole', {
      assumedBy: new iam.ServicePrincipal('codedeploy.amazonaws.com'),
      description: 'CodeDeploy shifts traffic between versions of the functions of this stack',
    });
    // LambdaDeploymentGroup attaches this managed policy itself; it names one policy once per role.
    this.role.addManagedPolicy(iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSCodeDeployRoleForLambdaLimited'));
    acknowledge(
      this.role,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
      "CodeDeploy's own limited policy for Lambda traffic shifting (alias updates, reading alarms, invoking only hooks named CodeDeployHook_*).",
    );
  }

  /** A deployment group that shifts `alias` to each new version by the canary; alarms join it in rollBackOn. */
  deploymentGroupFor(scope: Construct, alias: lambda.Alias): codedeploy.LambdaDeploymentGroup {
    const group = new codedeploy.LambdaDeploymentGroup(scope, 'Deployment', {
      application: this.application,
      alias,
      role: this.role,
      deploymentConfig: CANARY_CONFIG,
      // Rolled back on a failed or stopped deployment, and (by default, once rollBackOn added them) on an alarm.
      autoRollback: { failedDeployment: true, stoppedDeployment: true },
    });
    this.groups.push(group);
    return group;
  }
}
