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

export function InviteTree({ tree, totalUsers }: { tree: InviteTreeNode; totalUsers: number }) {
  return (
    <Box aria-label="Invite tree" role="tree">
      <Text size="sm" fw={500} mb={4}>
        {totalUsers} {totalUsers === 1 ? 'user' : 'users'} will be removed
      </Text>
      {flattenTree(tree).map(({ node, depth }) => (
        <Text
          key={node.id}
          size="sm"
          role="treeitem"
          aria-level={depth + 1}
          data-testid="invite-tree-node"
          style={{ paddingLeft: depth * TREE_INDENT_PX }}
        >
          {node.displayName}{' '}
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
