import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { pictureUploadContentType } from '#contracts/profile';
import type { PrivacySettings, UpdateProfileInput } from '#contracts/settings';
import type { User } from '#contracts/user';
import { callApi } from '../../../lib/api-client.ts';
import { downscaleImage, GALLERY_PHOTO_MAX_EDGE, PROFILE_PICTURE_MAX_EDGE } from '../../../lib/downscale-image.ts';
import { startLive, stopLive } from '../../../lib/live/live-client.ts';
import { retryIdempotentCreate } from '../../../lib/query-client.ts';
import { sessionKeys } from '../../../lib/session.ts';
import { postToStorage } from './storage-upload.ts';

/** Every settings change answers with the member's record (or gallery); the cached record follows. */
function useRecordMutation<I>(mutationFn: (input: I) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (user) => queryClient.setQueryData(sessionKeys.me(user.uid), user),
  });
}

export function useUpdateProfile() {
  return useRecordMutation((input: UpdateProfileInput) => callApi('updateProfile', input));
}

export function useUpdatePrivacy() {
  return useRecordMutation((input: PrivacySettings) => callApi('updatePrivacy', input));
}

/** The settings picture: up to 10 MB (purpose 'settings'), shrunk to 512 px first, checked by the server after it lands. */
export function useUploadSettingsPicture() {
  return useRecordMutation(async (chosen: File) => {
    const picture = await downscaleImage(chosen, PROFILE_PICTURE_MAX_EDGE);
    const target = await callApi('createProfilePictureUpload', { contentType: pictureUploadContentType(picture.type), purpose: 'settings' });
    await postToStorage(target, picture, 'profile-picture');
    return callApi('confirmProfilePicture', { purpose: 'settings' });
  });
}

/**
 * Gallery changes answer with the gallery; the cached record takes the new list. A failed one may
 * still have landed (its answer lost), so the record is read again: the gallery then shows a photo
 * that was added after all, and nobody adds it a second time.
 */
function useGalleryMutation<I>(uid: string, mutationFn: (input: I) => Promise<{ photos: User['photos'] }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ photos }) => queryClient.setQueryData<User | null>(sessionKeys.me(uid), (current) => (current ? { ...current, photos } : current)),
    onError: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me(uid) }),
  });
}

/** The wait before retry n (0-based): the client's mutation retryDelay, else TanStack's own back-off. */
function mutationRetryDelay(queryClient: QueryClient, failureCount: number, error: unknown): number {
  const configured = queryClient.getDefaultOptions().mutations?.retryDelay;
  if (typeof configured === 'number') return configured;
  if (typeof configured === 'function') return configured(failureCount, error as Error);
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

/**
 * Confirms a staged photo, sending the same uploadId again after a transient failure (busy,
 * conflict, lost connection) by the creates' rule. Only the confirmation is repeated: the server
 * turns one upload into at most one photo and answers a repeat with the gallery, whereas adding the
 * photo again stages another upload, which becomes a second photo.
 */
async function confirmPhotoUpload(queryClient: QueryClient, uploadId: string) {
  for (let failureCount = 0; ; failureCount += 1) {
    try {
      return await callApi('confirmPhotoUpload', { uploadId });
    } catch (error) {
      if (!retryIdempotentCreate(failureCount, error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, mutationRetryDelay(queryClient, failureCount, error)));
    }
  }
}

export function useAddPhoto(uid: string) {
  const queryClient = useQueryClient();
  return useGalleryMutation(uid, async (chosen: File) => {
    const photo = await downscaleImage(chosen, GALLERY_PHOTO_MAX_EDGE);
    const { uploadId, upload } = await callApi('createPhotoUpload', { contentType: pictureUploadContentType(photo.type) });
    await postToStorage(upload, photo, 'photo');
    return confirmPhotoUpload(queryClient, uploadId);
  });
}

export function useDeletePhoto(uid: string) {
  return useGalleryMutation(uid, (photoId: string) => callApi('deletePhoto', { photoId }));
}

/**
 * This tab leaves by its member's own hand and goes home when the deletion answers: its live socket
 * closes first, so the session.ended the server pushes once the record is gone (meant for the
 * member's other tabs) cannot send it to sign-in instead. A deletion that fails opens it again.
 */
export function useDeleteMyAccount() {
  return useMutation({
    mutationFn: async (confirmationText: string) => {
      stopLive();
      try {
        return await callApi('deleteMyAccount', { confirmationText });
      } catch (error) {
        startLive().catch(() => undefined);
        throw error;
      }
    },
  });
}
