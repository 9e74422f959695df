import { randomUUID } from 'node:crypto';
import { MAX_PHOTOS, PHOTO_MAX_BYTES, SETTINGS_MESSAGES } from '#contracts/settings';
import { AppError } from '#domain/app-error';
import { objectKeys } from '#data/table';
import { createPictureUpload } from '#data/storage';
import { getUser } from '#data/members';
import { defineCallable } from '#http/define-callable';

/**
 * A presigned POST to a staging key of its own. Refusing at 10 here only spares a useless upload:
 * the cap itself is the condition of confirmPhotoUpload's write.
 */
export const handler = defineCallable('createPhotoUpload', async ({ contentType }, { caller }) => {
  const user = await getUser(caller.uid);
  if (!user) throw new AppError('not-found', 'User not found');
  if (user.photos.length >= MAX_PHOTOS) throw new AppError('aborted', SETTINGS_MESSAGES.photosFull);
  const uploadId = randomUUID();
  const upload = await createPictureUpload(objectKeys.photoUpload(caller.uid, uploadId), contentType, PHOTO_MAX_BYTES);
  return { uploadId, upload };
});
