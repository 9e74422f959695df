import { PICTURE_NOT_IMAGE_MESSAGE, pictureMaxBytes, pictureTooLargeMessage } from '#contracts/profile';
import { AppError } from '#domain/app-error';
import { detectImageType, IMAGE_SIGNATURE_BYTES } from '#domain/image-type';
import { objectKeys } from '#data/keys';
import { deletePicture, pictureSize, pictureStart, promotePicture } from '#data/pictures';
import { getUser, setProfilePicture } from '#data/users';
import { defineCallable } from '#http/define-callable';
import { presentUser } from '../users/present-user.ts';

/**
 * The real check of an upload (the POST policy's limits are not enforced everywhere, e.g. by
 * s3rver): at most 5 MB (10 MB from settings) and an image by its bytes. A bad file is deleted before the refusal; a
 * good one moves to users/{uid}/profile-picture.jpg and becomes the member's profilePicture.
 */
export const handler = defineCallable('confirmProfilePicture', async ({ purpose }, { caller }) => {
  const maxBytes = pictureMaxBytes(purpose);
  if (!(await getUser(caller.uid))) throw new AppError('not-found', 'User not found');
  const upload = objectKeys.profilePictureUpload(caller.uid);
  const size = await pictureSize(upload);
  if (size === null) throw new AppError('not-found', 'No uploaded picture was found. Please upload it again.');
  const imageType = size > 0 && size <= maxBytes ? detectImageType(await pictureStart(upload, IMAGE_SIGNATURE_BYTES)) : null;
  if (!imageType) {
    await deletePicture(upload);
    throw new AppError('invalid-argument', size > maxBytes ? pictureTooLargeMessage(purpose) : PICTURE_NOT_IMAGE_MESSAGE);
  }
  const key = objectKeys.profilePicture(caller.uid);
  await promotePicture(upload, key, imageType);
  return presentUser(await setProfilePicture(caller.uid, key));
});
