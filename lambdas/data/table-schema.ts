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
  readonly purpose: string;
}

export const GSIS = [
  {
    indexName: 'byName',
    partitionKey: 'nameShard',
    sortKey: 'nameKey',
    purpose: 'Member search by display-name prefix: shard = first letter, key = lower-cased name#uid',
  },
  {
    indexName: 'byEmail',
    partitionKey: 'emailShard',
    sortKey: 'emailKey',
    purpose: 'Admin search by email prefix: shard = first letter, key = lower-cased email',
  },
  {
    indexName: 'byInviter',
    partitionKey: 'invitedBy',
    sortKey: 'createdAt',
    purpose: 'Invite tree: the members a member invited, oldest first',
  },
  {
    indexName: 'byAuthor',
    partitionKey: 'authorId',
    sortKey: 'postKey',
    purpose: "An author's posts, newest first (timeline, fan-out to new anchors, removal)",
  },
] as const satisfies readonly GsiShape[];
