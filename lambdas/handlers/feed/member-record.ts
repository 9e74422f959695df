import { FEED_MESSAGES } from '#contracts/feed';
import type { User } from '#contracts/user';
import { AppError } from '#domain/app-error';
import { getUser } from '#data/users';

/** The caller's record: posts, likes and comments carry the member's name and picture. */
export async function memberRecord(uid: string): Promise<User> {
  const user = await getUser(uid);
  if (!user) throw new AppError('not-found', FEED_MESSAGES.userNotFound);
  return user;
}
