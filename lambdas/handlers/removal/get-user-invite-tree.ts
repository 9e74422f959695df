import { REMOVAL_MESSAGES, type InviteTreeNode } from '#contracts/removal';
import { AppError } from '#domain/app-error';
import { nestTree, type NestedNode } from '#domain/invite-tree';
import { groupMemberIds, getUser } from '#data/members';
import { type Reservation, walkInviteTree } from '#data/invites';
import { protectedInTree } from '#data/removal';
import { ADMIN_GROUP } from '#http/caller';
import { defineCallable } from '#http/define-callable';

type TreeEntry = Omit<InviteTreeNode, 'invitedUsers'>;

const NO_PLACE = { city: '', state: '', country: '' };

/** An account on the way in: what it gave at sign-up, and when its held invite lapses. */
function pendingEntry(reservation: Reservation): TreeEntry {
  const { username, displayName, email, lapsesAt } = reservation;
  return { id: username, displayName, email, location: NO_PLACE, pending: true, lapsesAt };
}

function toNode(node: NestedNode<TreeEntry>): InviteTreeNode {
  return { ...node.value, invitedUsers: node.children.map(toNode) };
}

/**
 * Admin: the member and everyone below them, pending sign-ups included, as the remove dialog shows
 * it before removal; the admins and the founder in it are marked (their presence refuses the removal).
 */
export const handler = defineCallable('getUserInviteTree', async ({ userId }) => {
  const root = await getUser(userId);
  if (!root) throw new AppError('not-found', REMOVAL_MESSAGES.userNotFound);
  const [walked, adminIds] = await Promise.all([walkInviteTree(userId), groupMemberIds(ADMIN_GROUP)]);
  const { members, records, pending } = walked;
  const protectedAs = new Map((await protectedInTree(root, walked, adminIds)).map((member) => [member.uid, member.role]));
  records.set(root.uid, root);
  const entryOf = (uid: string): TreeEntry => {
    const role = protectedAs.get(uid);
    const mark = role ? { protectedAs: role } : {};
    const held = pending.get(uid);
    if (held) return { ...pendingEntry(held), ...mark };
    // Every walked member's record came with the walk (the root's is read above).
    const { displayName, email, location } = records.get(uid) ?? root;
    return { id: uid, displayName, email, location, ...mark };
  };
  return { tree: toNode(nestTree(members, entryOf)), totalUsers: members.length };
});
