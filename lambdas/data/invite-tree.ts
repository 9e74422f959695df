import { userSchema, type User } from '#contracts/user';
import { walkTree, type TreeMember } from '#domain/invite-tree';
import { tableName } from './aws-clients.ts';
import { withoutStorageAttributes } from './keys.ts';
import { queryAll } from './query-all.ts';

/** Members whose inviter's Queries run at once while walking a level (keeps within throughput). */
const LEVEL_CONCURRENCY = 16;

/** The members `inviterUid` invited, oldest first (GSI byInviter; only consumed invites are in it). */
export async function invitedMembers(inviterUid: string): Promise<User[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'byInviter',
    KeyConditionExpression: 'invitedBy = :inviter',
    ExpressionAttributeValues: { ':inviter': inviterUid },
  });
  return items.map((item) => userSchema.parse(withoutStorageAttributes(item)));
}

/** The members each of `inviters` invited, by inviter; their records are kept in `records`. */
async function childrenByInviter(inviters: readonly string[], records: Map<string, User>): Promise<Map<string, string[]>> {
  const children = new Map<string, string[]>();
  for (let start = 0; start < inviters.length; start += LEVEL_CONCURRENCY) {
    const slice = inviters.slice(start, start + LEVEL_CONCURRENCY);
    const answers = await Promise.all(slice.map((uid) => invitedMembers(uid)));
    slice.forEach((inviter, index) => {
      const invited = answers[index] ?? [];
      for (const user of invited) records.set(user.uid, user);
      children.set(inviter, invited.map((user) => user.uid));
    });
  }
  return children;
}

export interface WalkedTree {
  members: TreeMember[];
  /** The records of everyone below the root, as the index returned them. */
  records: Map<string, User>;
}

/** The root and everyone below them in the invite tree, level by level. */
export async function walkInviteTree(rootUid: string): Promise<WalkedTree> {
  const records = new Map<string, User>();
  const members = await walkTree(rootUid, (level) => childrenByInviter(level, records));
  return { members, records };
}
