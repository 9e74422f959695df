import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';

/**
 * Anchor edges written straight into the local table (both sides, accepted), for tests of code
 * that reads the anchor graph (the feed) without going through the anchor callables. Call
 * useLocalCloudData first.
 */
export async function seedAcceptedAnchors(a: string, b: string, now = new Date()): Promise<void> {
  const [{ dynamo, tableName }, { keys }] = await Promise.all([import('#data/table'), import('#data/table')]);
  const at = now.toISOString();
  await Promise.all(
    [
      [a, b],
      [b, a],
    ].map(([uid, otherUid]) =>
      dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.anchorEdge(uid as string, otherUid as string), otherUid, status: 'accepted', requestedBy: a, requestedAt: at, acceptedAt: at },
        }),
      ),
    ),
  );
}

export async function deleteAnchorEdges(a: string, b: string): Promise<void> {
  const [{ dynamo, tableName }, { keys }] = await Promise.all([import('#data/table'), import('#data/table')]);
  await Promise.all([
    dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keys.anchorEdge(a, b) })),
    dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keys.anchorEdge(b, a) })),
  ]);
}
