import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';

/** Per client address and 5 minutes. A household or an office signing up together stays far below. */
export const SIGN_UP_RATE_LIMIT = 20;
export const COGNITO_RATE_LIMIT = 1000;

export interface SignUpFirewallProps {
  readonly userPool: cognito.IUserPool;
}

function visibility(metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true };
}

/**
 * The outer wall of sign-up: PreSignUp sees no client address, so it admits only with a ticket
 * from the budgeted validateInviteCode; in front of the user pool, AWS WAF's rate-based rules cap
 * what one address may send to Cognito at all (SignUp calls most tightly). Not emulated locally.
 */
export class SignUpFirewall extends Construct {
  public readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: SignUpFirewallProps) {
    super(scope, id);
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('anchored-user-pool'),
      rules: [
        {
          name: 'SignUpsPerAddress',
          priority: 0,
          action: { block: {} },
          visibilityConfig: visibility('anchored-sign-ups-per-address'),
          statement: {
            rateBasedStatement: {
              limit: SIGN_UP_RATE_LIMIT,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
                  positionalConstraint: 'EXACTLY',
                  searchString: 'AWSCognitoIdentityProviderService.SignUp',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
        },
        {
          name: 'CognitoCallsPerAddress',
          priority: 1,
          action: { block: {} },
          visibilityConfig: visibility('anchored-cognito-calls-per-address'),
          statement: { rateBasedStatement: { limit: COGNITO_RATE_LIMIT, evaluationWindowSec: 300, aggregateKeyType: 'IP' } },
        },
      ],
    });
    new wafv2.CfnWebACLAssociation(this, 'Association', { resourceArn: props.userPool.userPoolArn, webAclArn: this.webAcl.attrArn });
  }
}
