import type { User } from '#contracts/user';
import { pictureViewUrl } from '#data/pictures';
import { presentPhotos } from '../settings/present-photos.ts';

/** A record as the browser sees it: stored picture and photo keys become short-lived URLs. */
export async function presentUser(user: User): Promise<User> {
  const [profilePicture, photos] = await Promise.all([pictureViewUrl(user.profilePicture), presentPhotos(user.photos)]);
  return { ...user, profilePicture, photos };
}
