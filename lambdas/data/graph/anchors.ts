import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#data/table';
import { queryAll } from '#data/table';
import { ANCHOR_EDGE_PREFIX, keys } from '#data/table';

/**
 * Read side of the anchor graph, used by the feed and the profile view. Each member holds one edge
 * item per counterpart (pk USER#uid, sk ANCHOR#other) with `status`; writes live in friendships.ts.
 */

export type EdgeStatus = 'pending' | 'accepted' | 'blocked';

/** The uids of a member's accepted anchors: one Query on the member's edges (paged past 1 MB). */
export async function listAcceptedAnchorIds(uid: string): Promise<string[]> {
  const edges = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: '#status = :accepted',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': keys.user(uid).pk, ':prefix': ANCHOR_EDGE_PREFIX, ':accepted': 'accepted' },
    ProjectionExpression: 'otherUid',
  });
  return edges.map((edge) => String(edge.otherUid));
}

/** Whether a and b are accepted anchors: one GetItem of a's edge to b. */
export async function areAnchored(a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.anchorEdge(a, b), ProjectionExpression: '#status', ExpressionAttributeNames: { '#status': 'status' } }),
  );
  return Item?.status === 'accepted';
}
