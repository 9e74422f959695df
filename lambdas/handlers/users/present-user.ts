import type { User } from '#contracts/user';
import { pictureViewUrl } from '#data/pictures';

/** A record as the browser sees it: the stored picture key becomes a short-lived URL. */
export async function presentUser(user: User): Promise<User> {
  return { ...user, profilePicture: await pictureViewUrl(user.profilePicture) };
}
