import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrivacySettings, UpdateProfileInput } from '#contracts/settings';
import type { User } from '#contracts/user';
import { callApi } from '../../../lib/api-client.ts';
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

/** The settings picture: up to 10 MB (purpose 'settings'), checked by the server after it lands. */
export function useUploadSettingsPicture() {
  return useRecordMutation(async (picture: File) => {
    const target = await callApi('createProfilePictureUpload', { contentType: picture.type || 'image/jpeg', purpose: 'settings' });
    await postToStorage(target, picture, 'profile-picture');
    return callApi('confirmProfilePicture', { purpose: 'settings' });
  });
}

/** Gallery changes answer with the gallery; the cached record takes the new list. */
function useGalleryMutation<I>(uid: string, mutationFn: (input: I) => Promise<{ photos: User['photos'] }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ photos }) => queryClient.setQueryData<User | null>(sessionKeys.me(uid), (current) => (current ? { ...current, photos } : current)),
  });
}

export function useAddPhoto(uid: string) {
  return useGalleryMutation(uid, async (photo: File) => {
    const { uploadId, upload } = await callApi('createPhotoUpload', { contentType: photo.type || 'image/jpeg' });
    await postToStorage(upload, photo, 'photo');
    return callApi('confirmPhotoUpload', { uploadId });
  });
}

export function useDeletePhoto(uid: string) {
  return useGalleryMutation(uid, (photoId: string) => callApi('deletePhoto', { photoId }));
}

export function useDeleteMyAccount() {
  return useMutation({ mutationFn: (confirmationText: string) => callApi('deleteMyAccount', { confirmationText }) });
}
