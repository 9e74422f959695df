import { Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cloudwatchActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';

export interface OpsAlarmProps {
  readonly metric: cloudwatch.IMetric;
  readonly threshold: number;
  readonly description: string;
  /** The ops topic (lib/observability.ts) it mails when it fires and when it clears. */
  readonly topic: sns.ITopic;
  /** Periods in a row at or over the threshold before it fires. @default 1 */
  readonly evaluationPeriods?: number;
}

/**
 * An alarm named `<stack>-<name>` (names are what the mail and CodeDeploy show) that fires at or over
 * its threshold and mails the ops topic when it fires and when it clears. No data is no traffic (or
 * no failure): quiet, not alarming.
 */
export function opsAlarm(scope: Construct, name: string, props: OpsAlarmProps): cloudwatch.Alarm {
  const evaluationPeriods = props.evaluationPeriods ?? 1;
  const alarm = new cloudwatch.Alarm(scope, name, {
    alarmName: `${Stack.of(scope).stackName}-${name}`,
    alarmDescription: props.description,
    metric: props.metric,
    threshold: props.threshold,
    evaluationPeriods,
    datapointsToAlarm: evaluationPeriods,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
  const action = new cloudwatchActions.SnsAction(props.topic);
  alarm.addAlarmAction(action);
  alarm.addOkAction(action);
  return alarm;
}
