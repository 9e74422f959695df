import { ADMIN_SEARCH_LIMIT } from '#contracts/admin';
import { mergeSearchMatches } from '#domain/admin-directory';
import { adminMemberOfUser, findUsersByEmailPrefix, findUsersByNamePrefix } from '#data/members';
import { defineCallable } from '#http/define-callable';

export const handler = defineCallable('searchMembers', async ({ query }) => {
  const byName = await findUsersByNamePrefix(query, ADMIN_SEARCH_LIMIT);
  // Name matches come first; members found by both appear once, so ask the email index for as
  // many more as could be duplicates: the 20 shown are then exactly the first 20 of the order.
  const byEmail = byName.length < ADMIN_SEARCH_LIMIT ? await findUsersByEmailPrefix(query, ADMIN_SEARCH_LIMIT + byName.length) : [];
  return { members: mergeSearchMatches(byName, byEmail, ADMIN_SEARCH_LIMIT).map(adminMemberOfUser) };
});
