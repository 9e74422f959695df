import type { ListedMember } from '#contracts/moderation';
import { getUsers, type ListedUid } from '#data/graph';
import { memberSummary } from '#presenters/present-member';

/** Names and pictures of the listed members, in the list's order; members who are gone are left out. */
export async function presentListed(listed: readonly ListedUid[]): Promise<ListedMember[]> {
  const users = await getUsers(listed.map((entry) => entry.otherUid));
  return listed.flatMap(({ otherUid, since }) => {
    const user = users.get(otherUid);
    return user ? [{ ...memberSummary(user), since }] : [];
  });
}
