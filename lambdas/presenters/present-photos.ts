import { MAX_PHOTOS, type Photo } from '#contracts/settings';
import type { User } from '#contracts/user';
import { pictureUrl } from '#data/storage';

/** A photo's name for deletePhoto: its id, or its url for entries written before photos had ids. */
export function photoIdOf(photo: User['photos'][number]): string {
  return photo.id ?? photo.url;
}

/** Stored keys become their served URLs (as the profile picture's do); every entry carries its id. */
export function presentPhotos(photos: User['photos']): Photo[] {
  return photos.map((photo) => ({ id: photoIdOf(photo), url: pictureUrl(photo.url), caption: photo.caption, uploadedAt: photo.uploadedAt }));
}

export function presentGallery(user: User) {
  return { photos: presentPhotos(user.photos), count: user.photos.length, max: MAX_PHOTOS };
}
