import { PICTURE_NOT_IMAGE_MESSAGE } from '#contracts/profile';
import { MAX_PHOTOS, PHOTO_MAX_BYTES, SETTINGS_MESSAGES } from '#contracts/settings';
import { AppError } from '#domain/app-error';
import { detectImageType, IMAGE_SIGNATURE_BYTES } from '#domain/image-type';
import { objectKeys } from '#data/table';
import {
  appendPhoto,
  isPhotoUploadConfirmed,
  nextPhotoNumber,
  copyPicture,
  deletePicture,
  isMissingObject,
  newPictureKey,
  pictureSize,
  pictureStart,
} from '#data/storage';
import { getUser } from '#data/members';
import { throughFaults } from '#http/backend-faults';
import { defineCallable } from '#http/define-callable';
import { presentGallery } from '#presenters/present-photos';

/**
 * Checked like the profile picture (size, real type by its bytes; a bad file is deleted, 400).
 * A good one is copied to a new served key of its own (its id photo-{n}) and appended with "fewer
 * than 10" as the write's condition; when that condition fails the copy is deleted again. One
 * upload becomes at most one photo: a repeated confirmation answers with the gallery as it is.
 */
export const handler = defineCallable('confirmPhotoUpload', async ({ uploadId }, { caller }) => {
  const user = await getUser(caller.uid);
  if (!user) throw new AppError('not-found', 'User not found');
  const upload = objectKeys.photoUpload(caller.uid, uploadId);
  const size = await pictureSize(upload);
  const start = size !== null && size > 0 && size <= PHOTO_MAX_BYTES ? await pictureStart(upload, IMAGE_SIGNATURE_BYTES) : undefined;
  if (size === null || start === null) {
    // A confirmation that finished deleted its upload (before either read): one repeated after its
    // answer was lost (the web client sends it again after a lost connection), or doubled, answers
    // with the gallery, as a repeat does.
    const repeated = await galleryIfConfirmed(caller.uid, uploadId);
    if (repeated) return repeated;
    throw new AppError('not-found', SETTINGS_MESSAGES.noPhotoUpload);
  }
  const imageType = start ? detectImageType(start) : null;
  if (!imageType) {
    await deletePicture(upload);
    throw new AppError('invalid-argument', size > PHOTO_MAX_BYTES ? SETTINGS_MESSAGES.photoTooLarge : PICTURE_NOT_IMAGE_MESSAGE);
  }
  if (user.photos.length >= MAX_PHOTOS) {
    await deletePicture(upload);
    throw new AppError('aborted', SETTINGS_MESSAGES.photosFull);
  }
  const n = await nextPhotoNumber(caller.uid);
  if (n === null) throw new AppError('not-found', 'User not found');
  const key = newPictureKey(caller.uid, imageType);
  // The upload stays until the entry is saved, so a confirmation that meets a backend fault can be
  // retried; a copy whose entry did not land is deleted again (checked against the record, since a
  // timed-out write may still have been applied).
  let saved: Awaited<ReturnType<typeof appendPhoto>>;
  try {
    await copyPicture(upload, key, imageType);
    saved = await appendPhoto(caller.uid, uploadId, { id: `photo-${n}`, url: key, caption: '', uploadedAt: new Date().toISOString() }, MAX_PHOTOS);
  } catch (error) {
    await throughFaults(async () => {
      const current = await getUser(caller.uid);
      if (!current?.photos.some((photo) => photo.url === key)) await deletePicture(key);
    });
    // A doubled confirmation of the same upload finished (and removed) it first: its answer stands.
    if (isMissingObject(error)) {
      const repeated = await galleryIfConfirmed(caller.uid, uploadId);
      if (repeated) return repeated;
      throw new AppError('not-found', SETTINGS_MESSAGES.noPhotoUpload);
    }
    throw error;
  }
  if (saved) {
    await throughFaults(() => deletePicture(upload));
    return presentGallery(saved);
  }
  // Refused (full, or this upload already confirmed): neither this copy nor the upload stays.
  await throughFaults(() => deletePicture(key));
  await throughFaults(() => deletePicture(upload));
  const repeated = await galleryIfConfirmed(caller.uid, uploadId);
  if (repeated) return repeated;
  throw new AppError('aborted', SETTINGS_MESSAGES.photosFull);
});

/** The gallery as it is now when this upload was already made a photo; null when it was not. */
async function galleryIfConfirmed(uid: string, uploadId: string) {
  if (!(await isPhotoUploadConfirmed(uid, uploadId))) return null;
  const current = await getUser(uid);
  return current ? presentGallery(current) : null;
}
