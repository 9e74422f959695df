import { getUsers, listEdges, type AnchorEdge } from '#data/graph';
import { defineCallable } from '#http/define-callable';
import { memberSummary } from '#presenters/present-member';

export const handler = defineCallable('listAnchorRequests', async (_input, { caller }) => {
  const edges = await listEdges(caller.uid, 'pending');
  const users = await getUsers(edges.map((edge) => edge.otherUid));
  const present = (direction: AnchorEdge['direction']) => {
    const requests = [];
    for (const edge of edges.filter((candidate) => candidate.direction === direction)) {
      const user = users.get(edge.otherUid);
      if (!user) continue;
      requests.push({ ...memberSummary(user), friendshipId: edge.friendshipId, requestedAt: edge.requestedAt });
    }
    return requests.sort((a, b) => b.requestedAt.localeCompare(a.requestedAt));
  };
  return { received: present('received'), sent: present('sent') };
});
