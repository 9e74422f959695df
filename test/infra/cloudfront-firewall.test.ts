import { describe, expect, it } from 'vitest';
import { Template } from 'aws-cdk-lib/assertions';
import {
  COMMON_RULES_COUNTED,
  EDGE_RATE_LIMIT,
  EDGE_RATE_WINDOW_SECONDS,
  PUBLIC_CALLABLE_RATE_LIMIT,
  TOO_MANY_REQUESTS_BODY,
} from '../../lib/cloudfront-firewall.ts';
import { EDGE_REGION } from '../../lib/edge-stack.ts';
import { callables } from '../../lambdas/contracts/callables.ts';
import { FIXED_RESOURCES } from '../../local/cost/bill.ts';
import { resourcesOf, synth } from './synth.ts';

const PUBLIC_PATHS = Object.entries(callables)
  .filter(([, contract]) => contract.access === 'public')
  .map(([name]) => `/api/${name}`);

type Rule = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function cloudFrontAclsOf(template: Template) {
  return Object.entries(resourcesOf(template, 'AWS::WAFv2::WebACL')).filter(([, acl]) => acl.Properties?.Scope === 'CLOUDFRONT');
}

function distributionConfigOf(template: Template): Record<string, unknown> {
  const [distribution] = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'));
  return distribution?.Properties?.DistributionConfig as Record<string, unknown>;
}

describe("CloudFront's web ACL", () => {
  it.each(['dev', 'prod'] as const)(
    '%s: managed common rules, known bad inputs, IP reputation, a rate rule, and a tighter one on the public callables',
    (stage) => {
      const { template } = synth({ stage });
      const [[id, acl] = []] = cloudFrontAclsOf(template);
      expect(distributionConfigOf(template).WebACLId).toEqual({ 'Fn::GetAtt': [id, 'Arn'] });
      const rules = acl?.Properties?.Rules as Rule[];
      expect(acl?.Properties?.DefaultAction).toEqual({ Allow: {} });
      expect(rules.map((rule) => rule.Name)).toEqual([
        'PublicCallablesPerAddress',
        'RequestsPerAddress',
        'AWSManagedRulesAmazonIpReputationList',
        'AWSManagedRulesKnownBadInputsRuleSet',
        'AWSManagedRulesCommonRuleSet',
      ]);
      expect(rules.map((rule) => rule.Priority)).toEqual([0, 1, 2, 3, 4]);

      const [publicRule, everyRequest, ...managed] = rules as [Rule, Rule, ...Rule[]];
      expect(PUBLIC_PATHS).toContain('/api/validateInviteCode');
      const scopeDown = publicRule.Statement.RateBasedStatement.ScopeDownStatement;
      const statements = scopeDown.OrStatement ? scopeDown.OrStatement.Statements : [scopeDown];
      expect(statements.map((s: Rule) => s.ByteMatchStatement)).toEqual(
        PUBLIC_PATHS.map((path) => ({
          FieldToMatch: { UriPath: {} },
          PositionalConstraint: 'EXACTLY',
          SearchString: path,
          TextTransformations: [{ Priority: 0, Type: 'NONE' }],
        })),
      );
      expect(publicRule.Statement.RateBasedStatement).toMatchObject({
        Limit: PUBLIC_CALLABLE_RATE_LIMIT,
        EvaluationWindowSec: EDGE_RATE_WINDOW_SECONDS,
        AggregateKeyType: 'IP',
      });
      expect(everyRequest.Statement.RateBasedStatement).toEqual({
        Limit: EDGE_RATE_LIMIT,
        EvaluationWindowSec: EDGE_RATE_WINDOW_SECONDS,
        AggregateKeyType: 'IP',
      });
      expect(PUBLIC_CALLABLE_RATE_LIMIT).toBeLessThan(EDGE_RATE_LIMIT / 10);
      for (const rule of [publicRule, everyRequest]) {
        expect(rule.Action.Block.CustomResponse).toMatchObject({ ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' });
      }
      expect(acl?.Properties?.CustomResponseBodies).toEqual({ TooManyRequests: { ContentType: 'APPLICATION_JSON', Content: TOO_MANY_REQUESTS_BODY } });
      expect(JSON.parse(TOO_MANY_REQUESTS_BODY).error).toMatchObject({ status: 'RESOURCE_EXHAUSTED', message: expect.stringMatching(/^Too many requests/) });

      for (const rule of managed) {
        expect(rule.OverrideAction).toEqual({ None: {} });
        expect(rule.Statement.ManagedRuleGroupStatement).toMatchObject({ VendorName: 'AWS', Name: rule.Name });
      }
      // Only the two body rules of the common set that honest posts could trip only count.
      expect(managed[2]?.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual(
        COMMON_RULES_COUNTED.map((name) => ({ Name: name, ActionToUse: { Count: {} } })),
      );
      expect(managed[0]?.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toBeUndefined();
    },
  );

  it('a region-agnostic synth keeps the web ACL in the app stack and refuses, before any change, a deploy outside us-east-1', () => {
    const { template, edge } = synth({ stage: 'dev' });
    expect(edge).toBeUndefined();
    const rule = (template.toJSON() as { Rules: Record<string, any> }).Rules.EdgeRegion; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(rule.Assertions[0].Assert).toEqual({ 'Fn::Equals': [{ Ref: 'AWS::Region' }, EDGE_REGION] });
    expect(rule.Assertions[0].AssertDescription).toMatch(/only us-east-1 takes: synthesize with AWS_REGION set/);
  });

  it('in us-east-1 the app stack holds the web ACL itself: no edge stack, no rule', () => {
    const { template, edge, stack } = synth({ stage: 'prod', region: EDGE_REGION });
    expect(edge).toBeUndefined();
    expect(stack.region).toBe(EDGE_REGION);
    expect(cloudFrontAclsOf(template)).toHaveLength(1);
    expect((template.toJSON() as { Rules?: object }).Rules ?? {}).not.toHaveProperty('EdgeRegion');
  });

  it('in another region a small edge stack in us-east-1 holds it, and the app stack reads its ARN across regions', () => {
    const { template, edge, stack } = synth({ stage: 'prod', region: 'eu-west-1' });
    expect(stack.region).toBe('eu-west-1');
    expect(edge?.region).toBe(EDGE_REGION);
    expect(edge?.stackName).toBe('Anchored-prod-edge');
    expect(stack.dependencies).toContain(edge);
    expect(cloudFrontAclsOf(template)).toHaveLength(0);
    const edgeTemplate = Template.fromStack(edge as never);
    // The edge stack holds the web ACL (and CDK's writer of the cross-region parameter), nothing else of the app.
    expect(cloudFrontAclsOf(edgeTemplate)).toHaveLength(1);
    expect(Object.keys(resourcesOf(edgeTemplate, 'AWS::CloudFront::Distribution'))).toEqual([]);
    // The distribution reads the ARN from the edge stack's output (CloudFormation's Fn::GetStackOutput, cdk.json's weak references).
    const webAclId = distributionConfigOf(template).WebACLId as { 'Fn::GetStackOutput': Record<string, string> };
    expect(webAclId['Fn::GetStackOutput']).toMatchObject({ StackName: 'Anchored-prod-edge', Region: EDGE_REGION });
    const output = webAclId['Fn::GetStackOutput'].OutputName ?? '';
    const [[aclId] = []] = cloudFrontAclsOf(edgeTemplate);
    expect(edgeTemplate.toJSON().Outputs[output].Value).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    // The regional web ACL of the user pool stays in the app's region, with its tighter sign-up rule.
    const regional = Object.values(resourcesOf(template, 'AWS::WAFv2::WebACL')).filter((acl) => acl.Properties?.Scope === 'REGIONAL');
    expect(regional).toHaveLength(1);
    expect((regional[0]?.Properties?.Rules as Rule[]).map((rule) => rule.Name)).toContain('SignUpsPerAddress');
  });

  it("the cost model's fixed line counts the stack's web ACLs and their rules (a managed group is billed as one rule)", () => {
    const acls = Object.values(resourcesOf(synth({ stage: 'prod' }).template, 'AWS::WAFv2::WebACL'));
    expect(acls).toHaveLength(FIXED_RESOURCES.wafWebAcls);
    expect(acls.flatMap((acl) => acl.Properties?.Rules as Rule[])).toHaveLength(FIXED_RESOURCES.wafRules);
  });
});
