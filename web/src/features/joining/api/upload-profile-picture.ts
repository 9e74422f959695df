import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pictureUploadContentType } from '#contracts/profile';
import type { User } from '#contracts/user';
import { callApi } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../../lib/session.ts';

/** Sends the presigned POST's fields, then the file (last, as S3 requires), reporting progress. */
export function postWithProgress(target: { url: string; fields: Record<string, string> }, file: Blob, onProgress: (fraction: number) => void): Promise<void> {
  const body = new FormData();
  for (const [name, value] of Object.entries(target.fields)) body.append(name, value);
  body.append('file', file, 'profile-picture.jpg');
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', target.url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new Error(`The picture could not be uploaded (storage answered HTTP ${request.status}).`));
      }
    };
    request.onerror = () => reject(new Error('The picture could not be uploaded. Check your connection and try again.'));
    request.onabort = () => reject(new Error('The upload was cancelled.'));
    request.send(body);
  });
}

/**
 * The picture's way in: a presigned POST from the server, the upload itself (with progress), then
 * the server's check of what landed, which makes it the member's profilePicture.
 */
export function useUploadProfilePicture(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (picture: Blob): Promise<User> => {
      onProgress(0);
      const target = await callApi('createProfilePictureUpload', { contentType: pictureUploadContentType(picture.type) });
      await postWithProgress(target, picture, onProgress);
      return callApi('confirmProfilePicture', {});
    },
    onSuccess: (user) => queryClient.setQueryData(sessionKeys.me(user.uid), user),
  });
}
