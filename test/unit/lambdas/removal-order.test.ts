import { describe, expect, it } from 'vitest';
import { nestTree, removalOrder, walkTree } from '../../../lambdas/domain/invite-tree.ts';

/** A fake byInviter index: inviter → invitees. */
function index(edges: Record<string, string[]>) {
  const asked: string[][] = [];
  const childrenOf = async (uids: readonly string[]) => {
    asked.push([...uids]);
    return new Map(uids.map((uid) => [uid, edges[uid] ?? []]));
  };
  return { childrenOf, asked };
}

describe('the invite tree walk', () => {
  it('finds everyone below the root, level by level, asking once per level', async () => {
    const { childrenOf, asked } = index({ r: ['a', 'b'], a: ['a1', 'a2'], b: ['b1'], a1: ['a11'] });
    const members = await walkTree('r', childrenOf);
    expect(members).toEqual([
      { uid: 'r', inviterUid: null, depth: 0 },
      { uid: 'a', inviterUid: 'r', depth: 1 },
      { uid: 'b', inviterUid: 'r', depth: 1 },
      { uid: 'a1', inviterUid: 'a', depth: 2 },
      { uid: 'a2', inviterUid: 'a', depth: 2 },
      { uid: 'b1', inviterUid: 'b', depth: 2 },
      { uid: 'a11', inviterUid: 'a1', depth: 3 },
    ]);
    expect(asked).toEqual([['r'], ['a', 'b'], ['a1', 'a2', 'b1'], ['a11']]);
  });

  it('ends on a corrupt cycle and visits each member once', async () => {
    const { childrenOf } = index({ r: ['a'], a: ['b', 'r'], b: ['a'] });
    expect((await walkTree('r', childrenOf)).map((member) => member.uid)).toEqual(['r', 'a', 'b']);
  });

  it('is just the root for a member who invited nobody', async () => {
    const { childrenOf } = index({});
    expect(await walkTree('r', childrenOf)).toEqual([{ uid: 'r', inviterUid: null, depth: 0 }]);
  });
});

describe('the removal order', () => {
  it('goes deepest first, keeps the walk order within a level, and ends with the root', async () => {
    const { childrenOf } = index({ r: ['a', 'b'], a: ['a1', 'a2'], b: ['b1'], a1: ['a11'] });
    const order = removalOrder(await walkTree('r', childrenOf));
    expect(order).toEqual(['a11', 'a1', 'a2', 'b1', 'a', 'b', 'r']);
  });

  it('never removes an inviter before someone they invited', async () => {
    const edges: Record<string, string[]> = {};
    // A random tree of 200 members.
    for (let index_ = 1; index_ < 200; index_++) {
      const parent = `m${Math.floor(Math.random() * index_)}`;
      (edges[parent] ??= []).push(`m${index_}`);
    }
    const members = await walkTree('m0', index(edges).childrenOf);
    const position = new Map(removalOrder(members).map((uid, at) => [uid, at]));
    expect(position.size).toBe(200);
    for (const member of members) {
      if (member.inviterUid) expect(position.get(member.uid)).toBeLessThan(position.get(member.inviterUid) ?? -1);
    }
  });
});

describe('nestTree', () => {
  it('nests the walk under the root', async () => {
    const { childrenOf } = index({ r: ['a', 'b'], a: ['a1'] });
    const tree = nestTree(await walkTree('r', childrenOf), (uid) => uid.toUpperCase());
    expect(tree).toEqual({
      value: 'R',
      children: [
        { value: 'A', children: [{ value: 'A1', children: [] }] },
        { value: 'B', children: [] },
      ],
    });
  });
});
