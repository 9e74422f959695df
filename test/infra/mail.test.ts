import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../lib/build-app.ts';
import { EXAMPLE_EDGE_CONTEXT } from '../../lib/edge-context.ts';
import { MAIL_ALARM_THRESHOLDS } from '../../lib/mail.ts';
import { EXAMPLE_OPS_CONTEXT, mailFromContext, OpsContextError } from '../../lib/ops-context.ts';
import { VERIFICATION_EMAIL } from '../../lib/verification-email.ts';
import { CDK_JSON_CONTEXT, dummyWebDist, referencedId, resourcesOf, synth, temporaryDir } from './synth.ts';

type Json = Record<string, unknown>;

const SES_TYPES = ['AWS::SES::EmailIdentity', 'AWS::SES::ConfigurationSet', 'AWS::SES::ConfigurationSetEventDestination'];

function only(template: ReturnType<typeof synth>['template'], type: string): [string, Json] {
  const entries = Object.entries(resourcesOf(template, type));
  expect(entries, type).toHaveLength(1);
  const [id, resource] = entries[0] as [string, { Properties?: Json }];
  return [id, resource.Properties ?? {}];
}

function emailConfigurationOf(template: ReturnType<typeof synth>['template']): Json | undefined {
  return only(template, 'AWS::Cognito::UserPool')[1].EmailConfiguration as Json | undefined;
}

/** The app as `cdk synth -c stage=prod` builds it with the example domain and certificate and exactly this context besides. */
function appWith(context: Json) {
  return createApp({
    stage: 'prod',
    nag: false,
    cloudFormationValidation: false,
    webAssetPath: dummyWebDist(),
    outdir: temporaryDir('anchored-mail-context-'),
    context: { ...CDK_JSON_CONTEXT, 'aws:cdk:bundling-stacks': [], ...EXAMPLE_EDGE_CONTEXT, ...context },
  });
}

describe('mail on prod (SES)', () => {
  const { template, stack } = synth({ stage: 'prod' });
  const [identityId, identity] = only(template, 'AWS::SES::EmailIdentity');
  const [setId, set] = only(template, 'AWS::SES::ConfigurationSet');

  it("Cognito sends as DEVELOPER through the domain identity's ARN and the configuration set, with the same words", () => {
    const email = emailConfigurationOf(template);
    expect(email).toMatchObject({
      EmailSendingAccount: 'DEVELOPER',
      From: `Anchored <${EXAMPLE_OPS_CONTEXT.mailFrom}>`,
      ConfigurationSet: { Ref: setId },
    });
    // arn:<partition>:ses:<the stack's region>:<account>:identity/<domain>: the identity the stack creates.
    const arn = JSON.stringify(email?.SourceArn);
    expect(arn).toContain(`:ses:`);
    expect(arn).toContain('{"Ref":"AWS::Region"}');
    expect(arn).toContain(`:identity/${EXAMPLE_OPS_CONTEXT.mailDomain}"`);
    expect(identity.EmailIdentity).toBe(EXAMPLE_OPS_CONTEXT.mailDomain);
    // The pool waits for the identity (Cognito checks it when the pool changes).
    const pool = Object.values(resourcesOf(template, 'AWS::Cognito::UserPool'))[0];
    expect([pool?.DependsOn].flat()).toContain(identityId);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      VerificationMessageTemplate: Match.objectLike({ EmailSubject: VERIFICATION_EMAIL.subject, EmailMessage: VERIFICATION_EMAIL.body }),
    });
  });

  it('the domain identity signs with Easy DKIM (2048-bit) and records through the set by default', () => {
    expect(identity).toMatchObject({
      DkimAttributes: { SigningEnabled: true },
      DkimSigningAttributes: { NextSigningKeyLength: 'RSA_2048_BIT' },
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: setId } },
    });
    expect(stack.auth.mail?.identity.emailIdentityName).toBeDefined();
  });

  it('the three DKIM CNAME records are stack outputs', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    for (const n of [1, 2, 3]) {
      const value = JSON.stringify(outputs[`MailDkimRecord${n}`]?.Value);
      expect(value).toContain(`{"Fn::GetAtt":["${identityId}","DkimDNSTokenName${n}"]}`);
      expect(value).toContain(' CNAME ');
      expect(value).toContain(`{"Fn::GetAtt":["${identityId}","DkimDNSTokenValue${n}"]}`);
    }
  });

  it('the configuration set counts bounces and complaints in CloudWatch, suppresses those addresses and requires TLS', () => {
    expect(set).toMatchObject({
      Name: 'Anchored-prod-mail',
      ReputationOptions: { ReputationMetricsEnabled: true },
      SendingOptions: { SendingEnabled: true },
      DeliveryOptions: { TlsPolicy: 'REQUIRE' },
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
    const [, destination] = only(template, 'AWS::SES::ConfigurationSetEventDestination');
    expect(referencedId(destination.ConfigurationSetName)).toBe(setId);
    const event = destination.EventDestination as Json;
    expect(event.Enabled).toBe(true);
    expect((event.MatchingEventTypes as string[]).toSorted()).toEqual(['bounce', 'complaint']);
    expect(event.CloudWatchDestination).toEqual({
      DimensionConfigurations: [{ DimensionName: 'ses:configuration-set', DimensionValueSource: 'messageTag', DefaultDimensionValue: 'Anchored-prod-mail' }],
    });
    // Numbers, never addresses: nothing goes to the ops topic (its notices carry no member data).
    expect(event.SnsDestination).toBeUndefined();
  });
});

describe("SES's reputation pages the ops inbox", () => {
  it.each([
    ['MailBounceRate', 'Reputation.BounceRate', MAIL_ALARM_THRESHOLDS.bounceRate],
    ['MailComplaintRate', 'Reputation.ComplaintRate', MAIL_ALARM_THRESHOLDS.complaintRate],
  ])('%s: the account-wide %s at the line where SES reviews the account, hourly, to the ops topic', (name, metricName, threshold) => {
    const { template } = synth({ stage: 'prod' });
    const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm')).map((alarm) => alarm.Properties ?? {});
    const alarm = alarms.find((candidate) => candidate.AlarmName === `Anchored-prod-${name}`);
    const [topic] = Object.keys(resourcesOf(template, 'AWS::SNS::Topic'));
    const query = (alarm?.Metrics as { MetricStat?: { Metric: Json; Stat: string; Period: number } }[] | undefined)?.[0]?.MetricStat;
    const metric = alarm?.MetricName ? { Namespace: alarm.Namespace, MetricName: alarm.MetricName, Dimensions: alarm.Dimensions } : query?.Metric;
    expect(metric).toMatchObject({ Namespace: 'AWS/SES', MetricName: metricName });
    expect(metric?.Dimensions ?? []).toEqual([]);
    expect(alarm?.Statistic ?? query?.Stat).toBe('Maximum');
    expect(alarm?.Period ?? query?.Period).toBe(3600);
    expect(alarm).toMatchObject({ Threshold: threshold, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching' });
    expect((alarm?.AlarmActions as unknown[]).map(referencedId)).toEqual([topic]);
    expect((alarm?.OKActions as unknown[]).map(referencedId)).toEqual([topic]);
  });

  it('SES reviews an account at 5 % bounces and 0.1 % complaints', () => {
    expect(MAIL_ALARM_THRESHOLDS).toEqual({ bounceRate: 0.05, complaintRate: 0.001 });
  });
});

describe('before the domain is verified (mailThroughSes absent)', () => {
  const { mailThroughSes: _, ...firstDeploy } = EXAMPLE_OPS_CONTEXT;
  const { app, stack } = appWith(firstDeploy);
  const template = synth({ stage: 'prod', context: { mailThroughSes: 'false' } }).template;

  it('creates the identity and its set but Cognito keeps its default sender, and says what to do next', () => {
    expect(Object.keys(resourcesOf(template, 'AWS::SES::EmailIdentity'))).toHaveLength(1);
    expect(emailConfigurationOf(template)?.EmailSendingAccount ?? 'COGNITO_DEFAULT').toBe('COGNITO_DEFAULT');
    expect(stack.auth.mail).toBeDefined();
    app.synth();
    const infos = Annotations.fromStack(stack).findInfo('*', Match.stringLikeRegexp('mailThroughSes=true'));
    expect(infos).toHaveLength(1);
    expect(String(infos[0]?.entry.data)).toContain('MailDkimRecord1..3');
  });
});

describe('mail on dev', () => {
  it.each([
    ['without mail context', {}],
    ["with prod's mail context", { mailDomain: 'example.com', mailFrom: 'no-reply@example.com', mailThroughSes: 'true' }],
  ])("%s: no SES identity or set, and Cognito's default sender", (_, context) => {
    const { template, stack } = synth({ stage: 'dev', context });
    for (const type of SES_TYPES) expect(resourcesOf(template, type), type).toEqual({});
    expect(emailConfigurationOf(template)?.EmailSendingAccount ?? 'COGNITO_DEFAULT').toBe('COGNITO_DEFAULT');
    expect(stack.auth.mail).toBeUndefined();
    expect(JSON.stringify(template.toJSON().Outputs)).not.toContain('MailDkimRecord');
    expect(JSON.stringify(resourcesOf(template, 'AWS::CloudWatch::Alarm'))).not.toContain('AWS/SES');
  });

  it('reads no mail context at all, so even a malformed value cannot stop it', () => {
    expect(mailFromContext('dev', { domain: 'not a domain', from: 42, throughSes: 'maybe' })).toBeUndefined();
  });
});

describe('bad mail context on prod stops synth with a sentence naming the value', () => {
  const good: Record<'domain' | 'from' | 'throughSes', unknown> = { domain: 'example.org', from: 'no-reply@example.org', throughSes: undefined };
  const message = (values: Partial<typeof good>): string => {
    try {
      mailFromContext('prod', { ...good, ...values });
    } catch (error) {
      expect(error).toBeInstanceOf(OpsContextError);
      return (error as Error).message;
    }
    throw new Error('no error');
  };

  it('a synth without mailDomain stops with one sentence naming it', () => {
    const build = () => appWith({ opsEmail: EXAMPLE_OPS_CONTEXT.opsEmail });
    expect(build).toThrow(OpsContextError);
    expect(build).toThrow(/^No mailDomain given: .*-c mailDomain=yourdomain\.example -c mailFrom=no-reply@yourdomain\.example\.$/);
  });

  it.each([
    ['example'],
    ['exa mple.org'],
    ['-example.org'],
    ['example.org.'],
    ['https://example.org'],
    ['ex_ample.org'],
    ['a'.repeat(64) + '.org'],
    [42],
    [['example.org']],
  ])('mailDomain %j', (domain) => {
    expect(message({ domain })).toMatch(/^mailDomain must be a domain name such as example\.org, not /);
  });

  it('a missing mailFrom', () => {
    expect(message({ from: undefined })).toMatch(/^No mailFrom given: name the address verification codes come from, at example\.org;/);
  });

  it.each([['no-reply'], ['no reply@example.org'], ['a@b@example.org'], ['nö@example.org'], [7]])('mailFrom %j', (from) => {
    expect(message({ from })).toMatch(/^mailFrom must be one email address, not /);
  });

  it('a mailFrom at another domain (SES sends only from the verified one)', () => {
    expect(message({ from: 'no-reply@mail.example.org' })).toBe(
      'mailFrom must be an address at mailDomain (example.org), not "no-reply@mail.example.org": SES sends only from the verified domain.',
    );
  });

  it.each([['yes'], ['1'], [1], ['TRUE ']])('mailThroughSes %j', (throughSes) => {
    expect(message({ throughSes })).toMatch(/^mailThroughSes must be true or false \(-c mailThroughSes=true once SES shows the domain verified/);
  });

  it('honest values pass, trimmed and lower-cased; mailThroughSes is false unless said', () => {
    expect(mailFromContext('prod', { domain: ' Example.ORG ', from: 'No-Reply@Example.org', throughSes: undefined })).toEqual({
      domain: 'example.org',
      from: 'no-reply@example.org',
      throughSes: false,
    });
    expect(mailFromContext('prod', { domain: 'xn--bcher-kva.example', from: 'codes@xn--bcher-kva.example', throughSes: 'true' })?.throughSes).toBe(true);
    expect(mailFromContext('prod', { ...good, throughSes: true })?.throughSes).toBe(true);
    expect(mailFromContext('prod', { ...good, throughSes: 'false' })?.throughSes).toBe(false);
  });
});
