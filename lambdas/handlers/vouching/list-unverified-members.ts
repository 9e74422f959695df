import { defineCallable } from '#http/define-callable';
import { memberSummary } from '#presenters/present-member';
import { listUnverifiedMembers } from '#workflows/verification-admin';

/** Admin: joined members not yet verified in person, oldest joined first, with their counting vouches. */
export const handler = defineCallable('listUnverifiedMembers', async ({ cursor }) => {
  const page = await listUnverifiedMembers(cursor, new Date());
  return {
    members: page.members.map(({ user, vouchCount }) => ({ ...memberSummary(user), joinedAt: user.joinedAt ?? user.createdAt, vouchCount })),
    nextCursor: page.nextCursor,
  };
});
