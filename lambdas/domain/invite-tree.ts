/**
 * The invite tree as removal sees it: every member below a root, found level by level through
 * who invited whom. Pure: the data layer supplies each member's children.
 */
export interface TreeMember {
  uid: string;
  /** Null for the root. */
  inviterUid: string | null;
  /** 0 for the root, 1 for those it invited, … */
  depth: number;
}

/**
 * Breadth-first from the root, one level at a time (a level's children are asked for together).
 * A uid met twice (a corrupt cycle) is visited once, so the walk always ends.
 */
export async function walkTree(rootUid: string, childrenOf: (uids: readonly string[]) => Promise<Map<string, string[]>>): Promise<TreeMember[]> {
  const members: TreeMember[] = [{ uid: rootUid, inviterUid: null, depth: 0 }];
  const seen = new Set([rootUid]);
  let level = [rootUid];
  for (let depth = 1; level.length > 0; depth++) {
    const children = await childrenOf(level);
    const next: string[] = [];
    for (const inviter of level) {
      for (const child of children.get(inviter) ?? []) {
        if (seen.has(child)) continue;
        seen.add(child);
        members.push({ uid: child, inviterUid: inviter, depth });
        next.push(child);
      }
    }
    level = next;
  }
  return members;
}

/**
 * Deepest first, so nobody is removed while someone they invited is still there: a crash at any
 * point leaves a smaller tree that hangs together, and the root (whose id finds the job) goes last.
 * Within a level the walk's order is kept.
 */
export function removalOrder(members: readonly TreeMember[]): string[] {
  return [...members]
    .map((member, index) => ({ member, index }))
    .sort((a, b) => b.member.depth - a.member.depth || a.index - b.index)
    .map(({ member }) => member.uid);
}

export interface NestedNode<T> {
  value: T;
  children: NestedNode<T>[];
}

/** The walk's flat list as nested nodes (for the admin's tree view); the root is the first member. */
export function nestTree<T>(members: readonly TreeMember[], valueOf: (uid: string) => T): NestedNode<T> {
  const nodes = new Map<string, NestedNode<T>>();
  for (const member of members) nodes.set(member.uid, { value: valueOf(member.uid), children: [] });
  for (const member of members) {
    const node = nodes.get(member.uid);
    if (member.inviterUid !== null && node) nodes.get(member.inviterUid)?.children.push(node);
  }
  const root = members[0] && nodes.get(members[0].uid);
  if (!root) throw new Error('A tree has a root');
  return root;
}
