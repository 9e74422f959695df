/**
 * The one DynamoDB table's shape, read by CDK (lib/data-table.ts) and by the local cloud when it
 * creates the table, so both always agree. Keys of each item live in `keys.ts`.
 */
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

/** TTL attribute (epoch seconds). DynamoDB Local never expires items: readers filter in code. */
export const TTL_ATTRIBUTE = 'expiresAt';

export interface GsiShape {
  readonly indexName: string;
  readonly partitionKey: string;
  readonly sortKey: string;
  /**
   * What the index copies besides the keys: only what its queries read (a projection is the index's
   * storage and its write cost). 'ALL' until an index's queries are narrowed; a list is INCLUDE.
   */
  readonly projection: 'ALL' | 'KEYS_ONLY' | readonly string[];
  readonly purpose: string;
}

export const GSIS = [
  {
    indexName: 'byName',
    partitionKey: 'nameShard',
    sortKey: 'nameKey',
    projection: 'ALL',
    purpose: 'Member search by display-name prefix: shard = first letter, key = lower-cased name#uid',
  },
  {
    indexName: 'byEmail',
    partitionKey: 'emailShard',
    sortKey: 'emailKey',
    projection: 'ALL',
    purpose: 'Admin search by email prefix: shard = first letter, key = lower-cased email',
  },
  {
    indexName: 'byInviter',
    partitionKey: 'invitedBy',
    sortKey: 'createdAt',
    projection: 'ALL',
    purpose: 'Invite tree: the members a member invited, oldest first',
  },
  {
    indexName: 'byAuthor',
    partitionKey: 'authorId',
    sortKey: 'postKey',
    // Its queries read the post id and skip wall posts.
    projection: ['postId', 'isWallPost'],
    purpose: "An author's posts, newest first (timeline, fan-out to new anchors, removal)",
  },
  {
    indexName: 'byLiker',
    partitionKey: 'likerId',
    sortKey: 'likedAt',
    // Removal reads the like's key (POST#<postId> / LIKE#<uid>) and nothing else.
    projection: 'KEYS_ONLY',
    purpose: "A member's likes (on like items only): removal takes them back without a marker per like",
  },
  {
    indexName: 'openReports',
    partitionKey: 'openQueue',
    sortKey: 'reportId',
    projection: 'ALL',
    purpose: 'Sparse: only open reports carry openQueue, so the admin queue reads them oldest first (ULID) and nothing else',
  },
  {
    indexName: 'byCommentId',
    partitionKey: 'commentId',
    sortKey: 'postId',
    // A report names a comment by its id alone; the key (POST#<postId> / COMMENT#<commentId>) is all it reads.
    projection: 'KEYS_ONLY',
    purpose: 'A comment by its id (reportContent): the comment item, its request record and its author marker carry commentId',
  },
  {
    indexName: 'byActor',
    partitionKey: 'actorId',
    sortKey: 'happenedAt',
    // Removal reads the notification's key (USER#<recipient> / NOTIF#<id>) and nothing else.
    projection: 'KEYS_ONLY',
    purpose: 'Notifications by the member they name as actor (only notifications carry happenedAt): removal deletes them',
  },
  {
    indexName: 'queues',
    partitionKey: 'queue',
    sortKey: 'queueKey',
    projection: 'ALL',
    purpose:
      "Sparse: items waiting in a queue. Due items (DUE#<shard>, by dueAt#kind#subject) for the minute sweep; joined members not yet verified in person (UNVERIFIED, by joinedAt#uid) for the admins' list",
  },
] as const satisfies readonly GsiShape[];

/** A GSI's projection in DynamoDB's own shape (CreateTable, UpdateTable). */
export function projectionOf(gsi: GsiShape): { ProjectionType: 'ALL' | 'KEYS_ONLY' | 'INCLUDE'; NonKeyAttributes?: string[] } {
  if (typeof gsi.projection === 'string') return { ProjectionType: gsi.projection };
  return { ProjectionType: 'INCLUDE', NonKeyAttributes: [...gsi.projection] };
}
