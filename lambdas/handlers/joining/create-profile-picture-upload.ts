import { pictureMaxBytes } from '#contracts/profile';
import { createPictureUpload } from '#data/storage';
import { objectKeys } from '#data/table';
import { defineCallable } from '#http/define-callable';

/** The browser uploads straight to S3 under the member's own upload key; confirmProfilePicture checks it afterwards. */
export const handler = defineCallable('createProfilePictureUpload', async ({ contentType, purpose }, { caller }) =>
  createPictureUpload(objectKeys.profilePictureUpload(caller.uid), contentType, pictureMaxBytes(purpose)),
);
