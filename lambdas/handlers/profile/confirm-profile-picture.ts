import { PICTURE_NOT_IMAGE_MESSAGE, PICTURE_TOO_LARGE_MESSAGE, PROFILE_PICTURE_MAX_BYTES } from '#contracts/profile';
import { AppError } from '#domain/app-error';
import { detectImageType, IMAGE_SIGNATURE_BYTES } from '#domain/image-type';
import { objectKeys } from '#data/keys';
import { deletePicture, pictureSize, pictureStart } from '#data/pictures';
import { getUser, setProfilePicture } from '#data/users';
import { defineCallable } from '#http/define-callable';
import { presentUser } from '../users/present-user.ts';

/**
 * The real check of an upload (the POST policy's limits are not enforced everywhere, e.g. by
 * s3rver): at most 5 MB and an image by its bytes. A bad file is deleted before the refusal.
 */
export const handler = defineCallable('confirmProfilePicture', async (_input, { caller }) => {
  if (!(await getUser(caller.uid))) throw new AppError('not-found', 'User not found');
  const key = objectKeys.profilePicture(caller.uid);
  const size = await pictureSize(key);
  if (size === null) throw new AppError('not-found', 'No uploaded picture was found. Please upload it again.');
  let refusal: string | null = null;
  if (size > PROFILE_PICTURE_MAX_BYTES) refusal = PICTURE_TOO_LARGE_MESSAGE;
  else if (size === 0 || !detectImageType(await pictureStart(key, IMAGE_SIGNATURE_BYTES))) refusal = PICTURE_NOT_IMAGE_MESSAGE;
  if (refusal) {
    await deletePicture(key);
    throw new AppError('invalid-argument', refusal);
  }
  return presentUser(await setProfilePicture(caller.uid, key));
});
