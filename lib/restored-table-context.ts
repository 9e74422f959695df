import { OpsContextError } from './ops-context.ts';

/**
 * A table restored to a point in time (docs/deploy.md, "The table, to a point in time"): the stack
 * then names it instead of creating its own, so every function's TABLE_NAME, every grant, the
 * stream consumer's mapping and the table alarms follow it, and the next deploy keeps it.
 */
export interface RestoredTable {
  readonly tableName: string;
  /** The restored table's own stream (a restore carries none: the runbook enables it first). */
  readonly streamArn: string;
}

const RESTORE_HOW =
  'npx cdk deploy -c stage=prod -c restoredTableName=<new table> -c restoredTableStreamArn=<its LatestStreamArn> (docs/deploy.md, "The table, to a point in time")';

/** DynamoDB's table names: 3 to 255 of letters, digits, '_', '-' and '.'. */
const TABLE_NAME = /^[A-Za-z0-9_.-]{3,255}$/;
/** A DynamoDB stream ARN: arn:<partition>:dynamodb:<region>:<account>:table/<name>/stream/<label>. */
const STREAM_ARN = /^arn:aws[a-z-]*:dynamodb:[a-z0-9-]+:\d{12}:table\/([A-Za-z0-9_.-]{3,255})\/stream\/[0-9T:.-]+$/;

const missing = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The `restoredTableName` and `restoredTableStreamArn` context values: both or neither. Neither: the
 * stack creates and keeps its own table. A stream ARN of another table is refused: the consumer
 * would react to writes the functions never make.
 */
export function restoredTableFromContext(values: { tableName: unknown; streamArn: unknown }): RestoredTable | undefined {
  if (missing(values.tableName) && missing(values.streamArn)) return undefined;
  if (missing(values.tableName))
    throw new OpsContextError(`restoredTableStreamArn is given without restoredTableName: name the restored table too; ${RESTORE_HOW}.`);
  const tableName = typeof values.tableName === 'string' ? values.tableName.trim() : '';
  if (!TABLE_NAME.test(tableName)) {
    throw new OpsContextError(
      `restoredTableName must be a DynamoDB table name (3 to 255 letters, digits, '_', '-' or '.'), not ${JSON.stringify(values.tableName)}; ${RESTORE_HOW}.`,
    );
  }
  if (missing(values.streamArn)) {
    throw new OpsContextError(
      `No restoredTableStreamArn given for ${tableName}: enable its stream (NEW_AND_OLD_IMAGES) and pass its LatestStreamArn (aws dynamodb describe-table); ${RESTORE_HOW}.`,
    );
  }
  const streamArn = typeof values.streamArn === 'string' ? values.streamArn.trim() : '';
  const parts = STREAM_ARN.exec(streamArn);
  if (!parts) {
    throw new OpsContextError(
      `restoredTableStreamArn must be a DynamoDB stream ARN (arn:aws:dynamodb:<region>:<account>:table/<name>/stream/<label>), not ${JSON.stringify(values.streamArn)}.`,
    );
  }
  if (parts[1] !== tableName) {
    throw new OpsContextError(`restoredTableStreamArn is the stream of ${parts[1]}, not of ${tableName}: pass the restored table's own stream.`);
  }
  return { tableName, streamArn };
}
