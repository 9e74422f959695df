import type { User } from '#contracts/user';
import { pictureUrl } from '#data/storage';
import { presentPhotos } from '#presenters/present-photos';

/** A record as the browser sees it: stored picture and photo keys become their served URLs. */
export function presentUser(user: User): User {
  return { ...user, profilePicture: pictureUrl(user.profilePicture), photos: presentPhotos(user.photos) };
}
