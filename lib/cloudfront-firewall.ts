import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/** Every request (pages, assets, pictures, the API) per client address and 5 minutes: ~10 a second, far above a few members behind one NAT. */
export const EDGE_RATE_LIMIT = 3000;
/**
 * The public callables (no token: validateInviteCode) per client address and 5 minutes. Above
 * their own budgets in the handler (which answer with a sentence), below a guessing run.
 */
export const PUBLIC_CALLABLE_RATE_LIMIT = 100;
/** The window both rate rules count over. */
export const EDGE_RATE_WINDOW_SECONDS = 300;

/**
 * Rules of AWS's common rule set that only count (never block) here: callable bodies are JSON data
 * rendered as text, never HTML, so a post quoting `<script>` is honest; and the API refuses its own
 * oversized bodies with a sentence (256 KB, define-callable.ts) where this rule would cut at 8 KB.
 */
export const COMMON_RULES_COUNTED = ['SizeRestrictions_BODY', 'CrossSiteScripting_BODY'] as const;

const TOO_MANY_KEY = 'TooManyRequests';
/** The callable protocol's error body, so the app shows the sentence as it shows the API's own 429s. */
export const TOO_MANY_REQUESTS_BODY = JSON.stringify({
  error: { status: 'RESOURCE_EXHAUSTED', message: 'Too many requests from your network. Please wait a few minutes and try again.' },
});

export interface CloudFrontFirewallProps {
  /** `/api/{name}` of every public callable on the stage (the tighter rate rule's paths). */
  readonly publicCallablePaths: readonly string[];
  /** Prefix of the metric names, e.g. anchored-prod. */
  readonly metricPrefix: string;
}

function visibility(metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true };
}

function pathIs(uriPath: string): wafv2.CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'EXACTLY',
      searchString: uriPath,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}

function managed(name: string, priority: number, metricName: string, counted: readonly string[] = []): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    visibilityConfig: visibility(metricName),
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ...(counted.length > 0 && { ruleActionOverrides: counted.map((rule) => ({ name: rule, actionToUse: { count: {} } })) }),
      },
    },
  };
}

/**
 * The web ACL in front of the CloudFront distribution (scope CLOUDFRONT: it must be created in
 * us-east-1, see lib/edge-stack.ts). Rate rules first (cheapest, and an abuser's flood stops there),
 * then AWS's managed groups: the Amazon IP reputation list, known bad inputs, the common rule set.
 * A rate rule answers 429 with the callable protocol's error body.
 */
export class CloudFrontFirewall extends Construct {
  public readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: CloudFrontFirewallProps) {
    super(scope, id);
    const [first, ...more] = props.publicCallablePaths.map(pathIs);
    if (!first) throw new Error('CloudFrontFirewall needs at least one public callable path');
    const tooMany: wafv2.CfnWebACL.RuleActionProperty = {
      block: { customResponse: { responseCode: 429, customResponseBodyKey: TOO_MANY_KEY, responseHeaders: [{ name: 'retry-after', value: '300' }] } },
    };
    const rate = (limit: number, scopeDownStatement?: wafv2.CfnWebACL.StatementProperty): wafv2.CfnWebACL.StatementProperty => ({
      rateBasedStatement: { limit, evaluationWindowSec: EDGE_RATE_WINDOW_SECONDS, aggregateKeyType: 'IP', ...(scopeDownStatement && { scopeDownStatement }) },
    });
    const m = props.metricPrefix;

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${m}-edge`),
      customResponseBodies: { [TOO_MANY_KEY]: { contentType: 'APPLICATION_JSON', content: TOO_MANY_REQUESTS_BODY } },
      rules: [
        {
          name: 'PublicCallablesPerAddress',
          priority: 0,
          action: tooMany,
          visibilityConfig: visibility(`${m}-public-callables-per-address`),
          statement: rate(PUBLIC_CALLABLE_RATE_LIMIT, more.length === 0 ? first : { orStatement: { statements: [first, ...more] } }),
        },
        {
          name: 'RequestsPerAddress',
          priority: 1,
          action: tooMany,
          visibilityConfig: visibility(`${m}-requests-per-address`),
          statement: rate(EDGE_RATE_LIMIT),
        },
        managed('AWSManagedRulesAmazonIpReputationList', 2, `${m}-ip-reputation`),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 3, `${m}-known-bad-inputs`),
        managed('AWSManagedRulesCommonRuleSet', 4, `${m}-common`, COMMON_RULES_COUNTED),
      ],
    });
  }
}
