import { SETTINGS_MESSAGES } from '#contracts/settings';
import { AppError } from '#domain/app-error';
import { removePhotoAt, deleteRetiredPictures } from '#data/storage';
import { getUser } from '#data/members';
import { throughFaults } from '#http/backend-faults';
import { defineCallable } from '#http/define-callable';
import { photoIdOf, presentGallery } from '#presenters/present-photos';

/** Concurrent deletes shift the list; each attempt re-reads it and removes by position and url. */
const MAX_ATTEMPTS = 5;

/**
 * Removes one of the caller's own photos: the entry from the record, which retires its object in
 * the same write, then the object (through backend faults; a delete cut short is finished by the
 * member's next picture change, since the record still lists it as retired).
 */
export const handler = defineCallable('deletePhoto', async ({ photoId }, { caller }) => {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const user = await getUser(caller.uid);
    if (!user) throw new AppError('not-found', 'User not found');
    const index = user.photos.findIndex((photo) => photoIdOf(photo) === photoId);
    const photo = user.photos[index];
    if (!photo) throw new AppError('not-found', SETTINGS_MESSAGES.photoNotFound);
    let saved: Awaited<ReturnType<typeof removePhotoAt>>;
    try {
      saved = await removePhotoAt(caller.uid, index, photo.url);
    } catch (error) {
      // A timed-out removal may still have been applied: then finish it rather than leave the object.
      const current = await throughFaults(() => getUser(caller.uid));
      if (current && !current.photos.some((entry) => entry.url === photo.url)) {
        await throughFaults(() => deleteRetiredPictures(caller.uid));
        return presentGallery(current);
      }
      throw error;
    }
    if (!saved) continue;
    await throughFaults(() => deleteRetiredPictures(caller.uid));
    return presentGallery(saved);
  }
  throw new AppError('aborted', 'Your photos changed while deleting. Please try again.');
});
