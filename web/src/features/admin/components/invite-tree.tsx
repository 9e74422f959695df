import { Box, Text } from '@mantine/core';
import type { InviteTreeNode } from '#contracts/removal';

/** Spec §9: each level of the invite tree is indented 20 px. */
export const TREE_INDENT_PX = 20;

interface Row {
  node: InviteTreeNode;
  depth: number;
}

/** Depth-first, parents before their invitees, without recursion (a deep tree cannot overflow). */
export function flattenTree(root: InviteTreeNode): Row[] {
  const rows: Row[] = [];
  const stack: Row[] = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const row = stack.pop() as Row;
    rows.push(row);
    for (let index = row.node.invitedUsers.length - 1; index >= 0; index -= 1) {
      stack.push({ node: row.node.invitedUsers[index] as InviteTreeNode, depth: row.depth + 1 });
    }
  }
  return rows;
}

/** What the tree says of an admin or the founder in it: the server refuses to remove a tree that holds one. */
export const PROTECTED_LABELS: Record<NonNullable<InviteTreeNode['protectedAs']>, string> = {
  admin: 'admin, cannot be removed',
  founder: 'the founder, cannot be removed',
};

export const PROTECTED_TREE_NOTE = 'This tree includes an admin or the founder, so it cannot be removed.';

export function InviteTree({ tree, totalUsers }: { tree: InviteTreeNode; totalUsers: number }) {
  const rows = flattenTree(tree);
  const holdsProtected = rows.some(({ node }) => node.protectedAs);
  return (
    <Box aria-label="Invite tree" role="tree">
      <Text size="sm" fw={500} mb={4}>
        {holdsProtected ? PROTECTED_TREE_NOTE : `${totalUsers} ${totalUsers === 1 ? 'user' : 'users'} will be removed`}
      </Text>
      {rows.map(({ node, depth }) => (
        <Text key={node.id} size="sm" role="treeitem" aria-level={depth + 1} data-testid="invite-tree-node" style={{ paddingLeft: depth * TREE_INDENT_PX }}>
          {node.displayName}{' '}
          {node.protectedAs && (
            <Text span size="xs" fw={600} c="red">
              ({PROTECTED_LABELS[node.protectedAs]}){' '}
            </Text>
          )}
          <Text span size="xs" c="dimmed">
            {node.email}
            {node.location.city ? ` · ${node.location.city}, ${node.location.state}` : ''}
            {node.pending ? ` · pending${node.lapsesAt ? `, lapses ${node.lapsesAt.slice(0, 10)}` : ''}` : ''}
          </Text>
        </Text>
      ))}
    </Box>
  );
}
