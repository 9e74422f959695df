import { MAX_ANCHORS, type Anchor } from '#contracts/anchors';
import { getUsers, listEdges } from '#data/graph';
import { getUser } from '#data/members';
import { defineCallable } from '#http/define-callable';
import { presentAnchor } from '#presenters/present-member';

export const handler = defineCallable('listAnchors', async (_input, { caller }) => {
  const [edges, me] = await Promise.all([listEdges(caller.uid, 'accepted'), getUser(caller.uid)]);
  const users = await getUsers(edges.map((edge) => edge.otherUid));
  const anchors: Anchor[] = [];
  for (const edge of edges) {
    const user = users.get(edge.otherUid);
    if (!user) continue; // an account deleted meanwhile
    anchors.push(presentAnchor(user, edge));
  }
  anchors.sort((a, b) => b.acceptedAt.localeCompare(a.acceptedAt));
  return { anchors, count: me?.anchorCount ?? anchors.length, max: MAX_ANCHORS };
});
