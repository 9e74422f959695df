import { PICTURE_NOT_IMAGE_MESSAGE, pictureMaxBytes, pictureTooLargeMessage } from '#contracts/profile';
import { AppError } from '#domain/app-error';
import { detectImageType, IMAGE_SIGNATURE_BYTES } from '#domain/image-type';
import { objectKeys } from '#data/keys';
import { copyPicture, deletePicture, pictureSize, pictureStart } from '#data/pictures';
import { getUser, setProfilePicture } from '#data/users';
import { throughFaults } from '#http/backend-faults';
import { defineCallable } from '#http/define-callable';
import { presentUser } from '../profile/present-user.ts';

/**
 * The real check of an upload (the POST policy's limits are not enforced everywhere, e.g. by
 * s3rver): at most 5 MB (10 MB from settings) and an image by its bytes. A bad file is deleted before the refusal; a
 * good one moves to users/{uid}/profile-picture.jpg and becomes the member's profilePicture.
 */
export const handler = defineCallable('confirmProfilePicture', async ({ purpose }, { caller }) => {
  const maxBytes = pictureMaxBytes(purpose);
  const user = await getUser(caller.uid);
  if (!user) throw new AppError('not-found', 'User not found');
  const upload = objectKeys.profilePictureUpload(caller.uid);
  const size = await pictureSize(upload);
  if (size === null) throw new AppError('not-found', 'No uploaded picture was found. Please upload it again.');
  const imageType = size > 0 && size <= maxBytes ? detectImageType(await pictureStart(upload, IMAGE_SIGNATURE_BYTES)) : null;
  if (!imageType) {
    await deletePicture(upload);
    throw new AppError('invalid-argument', size > maxBytes ? pictureTooLargeMessage(purpose) : PICTURE_NOT_IMAGE_MESSAGE);
  }
  const key = objectKeys.profilePicture(caller.uid);
  // The upload stays until the record points at the copy, so a confirmation that meets a backend
  // fault (or loses its answer) can be retried and finds it again. A member who had no picture
  // must not keep a copy their record does not name: it is deleted again unless the record was
  // saved after all (a timed-out write may have been applied). One who had one keeps the key, now
  // holding the new image.
  let saved: Awaited<ReturnType<typeof setProfilePicture>>;
  try {
    await copyPicture(upload, key, imageType);
    saved = await setProfilePicture(caller.uid, key);
  } catch (error) {
    if (!user.profilePicture) {
      await throughFaults(async () => {
        if (!(await getUser(caller.uid))?.profilePicture) await deletePicture(key);
      });
    }
    throw error;
  }
  await throughFaults(() => deletePicture(upload));
  return presentUser(saved);
});
