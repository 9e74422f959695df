import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { CloudFrontFirewall, type CloudFrontFirewallProps } from './cloudfront-firewall.ts';

/** CloudFront reads its web ACL (and certificate) only from this region. */
export const EDGE_REGION = 'us-east-1';

export interface EdgeStackProps extends StackProps {
  readonly firewall: CloudFrontFirewallProps;
}

/**
 * The small stack `Anchored-<stage>-edge` in us-east-1, for an app deployed in another region: it
 * holds only the CloudFront web ACL. The app stack reads its ARN through CDK's cross-region
 * reference (an output here, read there with CloudFormation's Fn::GetStackOutput, as cdk.json's
 * weak cross-stack references make it) and deploys after it.
 * The certificate needs no stack: it is imported by ARN (lib/edge-context.ts).
 */
export class EdgeStack extends Stack {
  public readonly firewall: CloudFrontFirewall;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION }, crossRegionReferences: true });
    this.firewall = new CloudFrontFirewall(this, 'CloudFrontFirewall', props.firewall);
  }
}
