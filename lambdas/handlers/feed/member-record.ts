import { FEED_MESSAGES } from '#contracts/feed';
import type { User } from '#contracts/user';
import { AppError } from '#domain/app-error';
import type { ModerationLists } from '#domain/moderation-lists';
import { getUserWithLists } from '#data/graph';
import { getUser } from '#data/members';

/** The caller's record: posts, likes and comments carry the member's name and picture. */
export async function memberRecord(uid: string): Promise<User> {
  const user = await getUser(uid);
  if (!user) throw new AppError('not-found', FEED_MESSAGES.userNotFound);
  return user;
}

/**
 * The caller's record and their block and mute lists from the same one GetItem, for a handler that
 * needs both (a like or comment carries the name; the post must not be a blocked member's).
 */
export function memberRecordWithLists(uid: string): { member: Promise<User>; lists: Promise<ModerationLists> } {
  const read = getUserWithLists(uid);
  const member = read.then((found) => {
    if (!found) throw new AppError('not-found', FEED_MESSAGES.userNotFound);
    return found.user;
  });
  // Both promises come from the one read; the member's rejection is the one awaited (lists alone never rejects on a missing record).
  const lists = read.then((found) => found?.lists ?? { blocked: new Set<string>(), blockedBy: new Set<string>(), muted: new Set<string>() });
  return { member, lists };
}
