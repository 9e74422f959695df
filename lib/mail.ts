import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as ses from 'aws-cdk-lib/aws-ses';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { MailContext } from './ops-context.ts';
import { opsAlarm } from './ops-alarm.ts';

/** The sender's name members see beside the address ("Anchored <no-reply@…>"). */
export const MAIL_FROM_NAME = 'Anchored';

/** The CloudWatch dimension SES's events are counted under: its own configuration-set auto-tag. */
export const MAIL_EVENTS_DIMENSION = 'ses:configuration-set';

/** What the configuration set records: the two events that put an SES account under review. */
export const RECORDED_MAIL_EVENTS = [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT] as const;

/**
 * SES puts an account under review at a 5 % bounce rate or a 0.1 % complaint rate and may pause its
 * sending (every verification and reset code) at 10 % or 0.5 %: the alarms page at the review line,
 * while there is time to act. The rates are SES's own account-wide reputation metrics (AWS/SES, no
 * dimension), the figures SES judges the account by.
 */
export const MAIL_ALARM_THRESHOLDS = { bounceRate: 0.05, complaintRate: 0.001 } as const;

/**
 * Prod's mail: an SES domain identity signed with Easy DKIM (2048-bit), and a
 * configuration set that Cognito names on every message. The set
 *
 * - counts bounces and complaints in CloudWatch (AWS/SES, `Bounce` and `Complaint` by
 *   `ses:configuration-set`): numbers, no addresses, so no member's email lands in the ops inbox
 *   (the ops topic's SNS2 acknowledgement says its notices carry no member data) and none is kept
 *   anywhere new; SES's reputation metrics for the set are published beside them;
 * - puts addresses that hard-bounce or complain on the account's suppression list, so a mistyped
 *   address is not mailed again and again at the expense of the account's reputation;
 * - requires TLS to the recipient's server: a reset code read in transit would open the account.
 *
 * `userPoolEmail` is Cognito's sender through SES; the user pool uses it only once `throughSes` is
 * set (lib/ops-context.ts), since Cognito refuses an identity that is not verified yet. The three
 * DKIM CNAME records to publish are stack outputs (MailDkimRecord1..3).
 */
export class Mail extends Construct {
  public readonly identity: ses.EmailIdentity;
  public readonly configurationSet: ses.ConfigurationSet;
  public readonly userPoolEmail: cognito.UserPoolEmail;

  private readonly prefix: string;

  constructor(scope: Construct, id: string, props: MailContext) {
    super(scope, id);
    const stack = Stack.of(this);
    this.prefix = stack.stackName;
    const configurationSetName = `${stack.stackName}-mail`;

    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName,
      reputationMetrics: true,
      sendingEnabled: true,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.cloudWatchDimensions([
        { name: MAIL_EVENTS_DIMENSION, source: ses.CloudWatchDimensionSource.MESSAGE_TAG, defaultValue: configurationSetName },
      ]),
      events: [...RECORDED_MAIL_EVENTS],
    });

    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: ses.Identity.domain(props.domain),
      dkimSigning: true,
      dkimIdentity: ses.DkimIdentity.easyDkim(ses.EasyDkimSigningKeyLength.RSA_2048_BIT),
      // Mail sent from the domain without naming a set still records its bounces and complaints.
      configurationSet: this.configurationSet,
    });
    this.identity.dkimRecords.forEach((record, index) => {
      const output = new CfnOutput(this, `DkimRecord${index + 1}`, {
        value: `${record.name} CNAME ${record.value}`,
        description: `DKIM record ${index + 1} of 3 for ${props.domain}: publish it in the domain's DNS; SES verifies the domain when all three resolve`,
      });
      output.overrideLogicalId(`MailDkimRecord${index + 1}`);
    });

    this.userPoolEmail = cognito.UserPoolEmail.withSES({
      fromEmail: props.from,
      fromName: MAIL_FROM_NAME,
      sesVerifiedDomain: props.domain,
      // The identity lives in this stack, so in its region (the stack's region is a token here).
      sesRegion: stack.region,
      configurationSetName: this.configurationSet.configurationSetName,
    });
  }

  /** Alarms on the account's bounce and complaint rates, mailed to the ops topic (lib/observability.ts) when they fire and clear. */
  alarmOn(topic: sns.ITopic): cloudwatch.Alarm[] {
    const rate = (metricName: string, label: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, statistic: cloudwatch.Stats.MAXIMUM, period: Duration.hours(1), label });
    return [
      this.rateAlarm(
        topic,
        'MailBounceRate',
        rate('Reputation.BounceRate', 'SES bounce rate'),
        MAIL_ALARM_THRESHOLDS.bounceRate,
        'bounce rate reached 5 %',
        '10 %',
      ),
      this.rateAlarm(
        topic,
        'MailComplaintRate',
        rate('Reputation.ComplaintRate', 'SES complaint rate'),
        MAIL_ALARM_THRESHOLDS.complaintRate,
        'complaint rate reached 0.1 %',
        '0.5 %',
      ),
    ];
  }

  private rateAlarm(topic: sns.ITopic, name: string, metric: cloudwatch.Metric, threshold: number, what: string, pause: string): cloudwatch.Alarm {
    return opsAlarm(this, name, {
      topic,
      metric,
      threshold,
      description:
        `The SES account's ${what}, where SES puts it under review (at ${pause} it may pause all mail, verification and reset codes included). ` +
        `See the Bounce and Complaint counts of configuration set ${this.prefix}-mail and the suppression list.`,
    });
  }
}
