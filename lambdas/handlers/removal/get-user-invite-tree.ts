import { REMOVAL_MESSAGES, type InviteTreeNode } from '#contracts/removal';
import type { User } from '#contracts/user';
import { AppError } from '#domain/app-error';
import { nestTree, type NestedNode } from '#domain/invite-tree';
import { walkInviteTree } from '#data/invite-tree';
import { getUser } from '#data/users';
import { defineCallable } from '#http/define-callable';

function toNode(node: NestedNode<User>): InviteTreeNode {
  const { uid, displayName, email, location } = node.value;
  return { id: uid, displayName, email, location, invitedUsers: node.children.map(toNode) };
}

/** Admin: the member and everyone below them, as the remove dialog shows it before removal. */
export const handler = defineCallable('getUserInviteTree', async ({ userId }) => {
  const root = await getUser(userId);
  if (!root) throw new AppError('not-found', REMOVAL_MESSAGES.userNotFound);
  const { members, records } = await walkInviteTree(userId);
  records.set(root.uid, root);
  // Every walked member's record came with the walk (the root's is read above).
  const tree = nestTree(members, (uid) => records.get(uid) ?? root);
  return { tree: toNode(tree), totalUsers: members.length };
});
