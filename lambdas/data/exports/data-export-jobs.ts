import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DATA_EXPORT_KEEP_MS, newRequestCutoffs, type ExportJob } from '#domain/data-export';
import { dynamo, tableName } from '#data/table';
import { conditionalWrite } from '#data/table';
import { keys } from '#data/table';

/** Epoch seconds for the TTL attribute: the job goes from the table when its zip goes from the bucket. */
const expiresAtOf = (from: Date) => Math.floor((from.getTime() + DATA_EXPORT_KEEP_MS) / 1000);

function toJob(item: Record<string, unknown>): ExportJob {
  return {
    exportId: String(item.exportId),
    status: item.status === 'ready' || item.status === 'failed' ? item.status : 'building',
    requestedAt: String(item.requestedAt),
    ...(typeof item.readyAt === 'string' && { readyAt: item.readyAt }),
    ...(typeof item.sizeBytes === 'number' && { sizeBytes: item.sizeBytes }),
  };
}

export async function getExportJob(uid: string, consistent = false): Promise<ExportJob | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.dataExportJob(uid), ConsistentRead: consistent }));
  return Item ? toJob(Item) : null;
}

/**
 * Starts a new export job, on the condition that no job holds a new one back (the rule of
 * domain/data-export.ts mayReplaceJob, as a write condition, so two requests at once start one):
 * none, a failed one, a finished one older than a day, or a build that stalled. Answers the new
 * job, or null when the condition held it back.
 */
export async function startExportJob(uid: string, now: Date): Promise<ExportJob | null> {
  const job: ExportJob = { exportId: randomBytes(16).toString('base64url'), status: 'building', requestedAt: now.toISOString() };
  const { finishedBefore, stalledBefore } = newRequestCutoffs(now);
  const written = await conditionalWrite(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.dataExportJob(uid), ...job, expiresAt: expiresAtOf(now) },
      ConditionExpression:
        'attribute_not_exists(pk) OR #status = :failed OR requestedAt <= :finishedBefore OR (#status = :building AND requestedAt <= :stalledBefore)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':failed': 'failed', ':building': 'building', ':finishedBefore': finishedBefore, ':stalledBefore': stalledBefore },
    }),
  );
  return written ? job : null;
}

/** Marks this export (and no later one) ready; false when the job is gone (removal) or was replaced. */
export async function markExportReady(uid: string, exportId: string, sizeBytes: number, now: Date): Promise<boolean> {
  const written = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.dataExportJob(uid),
      UpdateExpression: 'SET #status = :ready, readyAt = :now, sizeBytes = :size, expiresAt = :expiresAt',
      ConditionExpression: 'exportId = :id AND #status = :building',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':ready': 'ready',
        ':now': now.toISOString(),
        ':size': sizeBytes,
        ':expiresAt': expiresAtOf(now),
        ':id': exportId,
        ':building': 'building',
      },
    }),
  );
  return written !== null;
}

/** Marks this export failed, so the member may ask again at once; nothing if it was replaced or removed. */
export async function markExportFailed(uid: string, exportId: string): Promise<void> {
  await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.dataExportJob(uid),
      UpdateExpression: 'SET #status = :failed',
      ConditionExpression: 'exportId = :id AND #status = :building',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':failed': 'failed', ':id': exportId, ':building': 'building' },
    }),
  );
}
