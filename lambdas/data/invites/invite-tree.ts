import { userSchema, type User } from '#contracts/user';
import { walkTree, type TreeMember } from '#domain/invite-tree';
import { tableName } from '#data/table';
import { isReservationItem, readReservation, type Reservation } from './invite-reservations.ts';
import { withoutStorageAttributes } from '#data/table';
import { queryAll } from '#data/table';

/** Members whose inviter's Queries run at once while walking a level (keeps within throughput). */
const LEVEL_CONCURRENCY = 16;

/**
 * Who signed up with a member's code, oldest first (GSI byInviter): the members whose invite was
 * used, and the accounts on the way in (an invite held for them at sign-up, not used yet).
 */
export async function inviteesOf(inviterUid: string): Promise<{ members: User[]; pending: Reservation[] }> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'byInviter',
    KeyConditionExpression: 'invitedBy = :inviter',
    ExpressionAttributeValues: { ':inviter': inviterUid },
  });
  const members: User[] = [];
  const pending: Reservation[] = [];
  for (const item of items) {
    if (isReservationItem(item)) pending.push(readReservation(item));
    else members.push(userSchema.parse(withoutStorageAttributes(item)));
  }
  return { members, pending };
}

/** The members `inviterUid` invited whose invite was used, oldest first. */
export async function invitedMembers(inviterUid: string): Promise<User[]> {
  return (await inviteesOf(inviterUid)).members;
}

export interface WalkedTree {
  members: TreeMember[];
  /** The records of everyone below the root who joined, as the index returned them. */
  records: Map<string, User>;
  /**
   * Accounts below the root that signed up and have not joined, by uid (their Cognito username).
   * They are tree members too: removing the tree removes them (and any record they already made).
   */
  pending: Map<string, Reservation>;
}

/** The members each of `inviters` invited (pending ones included), by inviter. */
async function childrenByInviter(inviters: readonly string[], tree: Omit<WalkedTree, 'members'>): Promise<Map<string, string[]>> {
  const children = new Map<string, string[]>();
  for (let start = 0; start < inviters.length; start += LEVEL_CONCURRENCY) {
    const slice = inviters.slice(start, start + LEVEL_CONCURRENCY);
    const answers = await Promise.all(slice.map((uid) => inviteesOf(uid)));
    slice.forEach((inviter, index) => {
      const { members = [], pending = [] } = answers[index] ?? {};
      for (const user of members) tree.records.set(user.uid, user);
      for (const reservation of pending) tree.pending.set(reservation.username, reservation);
      children.set(inviter, [...members.map((user) => user.uid), ...pending.map((reservation) => reservation.username)]);
    });
  }
  return children;
}

/** The root and everyone below them in the invite tree, level by level. */
export async function walkInviteTree(rootUid: string): Promise<WalkedTree> {
  const tree = { records: new Map<string, User>(), pending: new Map<string, Reservation>() };
  const members = await walkTree(rootUid, (level) => childrenByInviter(level, tree));
  return { members, ...tree };
}
