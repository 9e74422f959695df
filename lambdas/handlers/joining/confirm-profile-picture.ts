import { PICTURE_NOT_IMAGE_MESSAGE, pictureMaxBytes, pictureTooLargeMessage } from '#contracts/profile';
import { AppError } from '#domain/app-error';
import { detectImageType, IMAGE_SIGNATURE_BYTES } from '#domain/image-type';
import { objectKeys } from '#data/table';
import { recordProfilePicture, copyPicture, deletePicture, isMissingObject, newPictureKey, pictureSize, pictureStart } from '#data/storage';
import { getUser } from '#data/members';
import { FAULT_MESSAGES, throughFaults } from '#http/backend-faults';
import { defineCallable } from '#http/define-callable';
import { presentUser } from '#presenters/present-user';

const NO_UPLOAD_MESSAGE = 'No uploaded picture was found. Please upload it again.';

/**
 * The real check of an upload (the POST policy's limits are not enforced everywhere, e.g. by
 * s3rver): at most 5 MB (10 MB from settings) and an image by its bytes. A bad file is deleted
 * before the refusal; a good one is copied to a new served key of its own (never the previous
 * picture's, so the previous URL stops working once its object is deleted) and becomes the
 * member's profilePicture.
 */
export const handler = defineCallable('confirmProfilePicture', async ({ purpose }, { caller }) => {
  const maxBytes = pictureMaxBytes(purpose);
  const user = await getUser(caller.uid);
  if (!user) throw new AppError('not-found', 'User not found');
  const upload = objectKeys.profilePictureUpload(caller.uid);
  const size = await pictureSize(upload);
  // Null at either read: nothing was uploaded, or a doubled confirmation finished first and took it.
  const start = size !== null && size > 0 && size <= maxBytes ? await pictureStart(upload, IMAGE_SIGNATURE_BYTES) : undefined;
  if (size === null || start === null) throw new AppError('not-found', NO_UPLOAD_MESSAGE);
  const imageType = start ? detectImageType(start) : null;
  if (!imageType) {
    await deletePicture(upload);
    throw new AppError('invalid-argument', size > maxBytes ? pictureTooLargeMessage(purpose) : PICTURE_NOT_IMAGE_MESSAGE);
  }
  const key = newPictureKey(caller.uid, imageType);
  // The upload stays until the record points at the copy, so a confirmation that meets a backend
  // fault (or loses its answer) can be retried and finds it again. A copy the record does not name
  // is deleted again (a timed-out write may have been applied, so the record is read first). The
  // replaced picture is retired in the same write and deleted after it (picture-versions.ts).
  let outcome: Awaited<ReturnType<typeof recordProfilePicture>>;
  try {
    await copyPicture(upload, key, imageType);
    outcome = await recordProfilePicture(caller.uid, key);
  } catch (error) {
    await throughFaults(async () => {
      if ((await getUser(caller.uid))?.profilePicture !== key) await deletePicture(key);
    });
    // A doubled confirmation finished first and took the upload with it: nothing is left to copy.
    if (isMissingObject(error)) throw new AppError('not-found', NO_UPLOAD_MESSAGE);
    throw error;
  }
  if (outcome.kind !== 'saved') {
    await throughFaults(() => deletePicture(key));
    if (outcome.kind === 'conflict') throw new AppError('aborted', FAULT_MESSAGES.conflict);
    throw new AppError('not-found', 'User not found');
  }
  await throughFaults(() => deletePicture(upload));
  return presentUser(outcome.user);
});
