import { NOTICES_LIMIT } from '#contracts/moderation';
import { getStanding, listNotices } from '#data/moderation';
import { defineCallable } from '#http/define-callable';

/** The caller's suspension (while it counts) and disabled invites, with their latest notices. */
export const handler = defineCallable('getMyStanding', async (_input, { caller }) => {
  const [standing, notices] = await Promise.all([getStanding(caller.uid), listNotices(caller.uid, NOTICES_LIMIT)]);
  return { standing, notices };
});
