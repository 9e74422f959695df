import { isPictureContentType, PICTURE_NOT_IMAGE_MESSAGE, PICTURE_TOO_LARGE_MESSAGE, PROFILE_PICTURE_MAX_BYTES } from '#contracts/profile';

/**
 * Spec §5: images only (JPEG, PNG, WebP or GIF, the types an upload is granted for), under 5 MB.
 * Returns the message to show, or null for a usable file.
 */
export function pictureFileError(file: { type: string; size: number }): string | null {
  if (!isPictureContentType(file.type)) return PICTURE_NOT_IMAGE_MESSAGE;
  if (file.size >= PROFILE_PICTURE_MAX_BYTES) return PICTURE_TOO_LARGE_MESSAGE;
  return null;
}
