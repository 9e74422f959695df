import { SEARCH_RESULT_LIMIT } from '#contracts/anchors';
import { listEdges } from '#data/graph';
import { findUsersByNamePrefix } from '#data/members';
import { defineCallable } from '#http/define-callable';
import { memberSummary } from '#presenters/present-member';

export const handler = defineCallable('searchUsers', async ({ query }, { caller }) => {
  // One more than shown: the caller may be among the matches and is never listed.
  const [firstMatches, edges] = await Promise.all([findUsersByNamePrefix(query, SEARCH_RESULT_LIMIT + 1), listEdges(caller.uid)]);
  const edgeByUid = new Map(edges.map((edge) => [edge.otherUid, edge]));
  // A blocked pair (either blocked the other; both edges say so) never finds each other.
  const hidden = new Set(edges.filter((edge) => edge.status === 'blocked').map((edge) => edge.otherUid));
  // Hidden members among a full page of matches leave gaps: ask once more for as many more as could be hidden.
  const cut = firstMatches.length === SEARCH_RESULT_LIMIT + 1 && firstMatches.some((user) => hidden.has(user.uid));
  const matches = cut ? await findUsersByNamePrefix(query, SEARCH_RESULT_LIMIT + 1 + hidden.size) : firstMatches;
  const others = matches.filter((user) => user.uid !== caller.uid && !hidden.has(user.uid)).slice(0, SEARCH_RESULT_LIMIT);
  const users = others.map((user) => {
    const edge = edgeByUid.get(user.uid);
    const relationship = edge?.status === 'accepted' ? 'anchored' : edge?.status === 'pending' ? 'pending' : 'none';
    return {
      ...memberSummary(user),
      relationship,
      pendingDirection: relationship === 'pending' && edge ? edge.direction : null,
    } as const;
  });
  return { users };
});
