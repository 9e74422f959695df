import type { User } from '#contracts/user';
import { pictureViewUrl } from '#data/pictures';

/** Name and picture (a short-lived URL), what any signed-in member may see of anyone. */
export async function memberSummary(user: User) {
  return { uid: user.uid, displayName: user.displayName, profilePicture: await pictureViewUrl(user.profilePicture) };
}
