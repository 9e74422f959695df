import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';

/** Partition keys of the abuse-limit counters (lambdas/data/table/keys.ts `rateWindow`). */
export const RATE_COUNTER_KEYS = 'RATE#*';

/**
 * Every callable counts its caller's budgets (lambdas/http/rate-limit.ts), even one that otherwise
 * only reads or never touches the table: UpdateItem, and only on items whose partition key is a
 * rate counter's, so this grant can change nothing else.
 */
export function grantRateCounters(fn: lambda.IFunction, table: dynamodb.ITable): void {
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['dynamodb:UpdateItem'],
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [RATE_COUNTER_KEYS] } },
    }),
  );
}

/** True for the statement grantRateCounters adds (infra tests set it apart from the row's grants). */
export function isRateCounterGrant(statement: { Action?: unknown; Condition?: unknown }): boolean {
  const condition = statement.Condition as { 'ForAllValues:StringLike'?: { 'dynamodb:LeadingKeys'?: unknown } } | undefined;
  const leading = condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
  return statement.Action === 'dynamodb:UpdateItem' && JSON.stringify(leading) === JSON.stringify([RATE_COUNTER_KEYS]);
}
