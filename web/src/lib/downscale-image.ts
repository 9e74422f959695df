/**
 * Pictures are shrunk in the browser before they are uploaded, so what members download (and the
 * bucket stores) is sized for the screen: a profile picture is shown at most 96 px wide, a gallery
 * photo at most a screen wide. The server still checks every file's bytes and size.
 */

/** Longest edge of a profile picture chosen in settings (the set-up's crop makes 250×250 already). */
export const PROFILE_PICTURE_MAX_EDGE = 512;
/** Longest edge of a gallery photo. */
export const GALLERY_PHOTO_MAX_EDGE = 1600;
/** JPEG and WebP quality of a shrunk picture. */
const QUALITY = 0.85;

/** The size that fits `maxEdge` on the longest side, keeping the proportions; null when it fits already. */
export function scaledSize(width: number, height: number, maxEdge: number): { width: number; height: number } | null {
  const longest = Math.max(width, height);
  if (!(longest > maxEdge)) return null;
  const scale = maxEdge / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The encoding of a shrunk picture: JPEG stays JPEG; PNG and WebP become WebP, which keeps
 * transparency (a browser that cannot encode WebP gives PNG, which the server takes too).
 */
export function shrunkType(type: string): 'image/jpeg' | 'image/webp' {
  return type === 'image/jpeg' ? 'image/jpeg' : 'image/webp';
}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY));
}

/**
 * The picture no larger than `maxEdge` on its longest side. Left as it is when it fits, when it is
 * a GIF (a canvas keeps only its first frame), when the browser cannot decode it (the server then
 * refuses it with its own message) or when shrinking would not make it smaller.
 */
export async function downscaleImage(file: Blob, maxEdge: number): Promise<Blob> {
  if (file.type === 'image/gif' || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const size = scaledSize(bitmap.width, bitmap.height, maxEdge);
    if (!size) return file;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const shrunk = await encode(canvas, shrunkType(file.type));
    return shrunk && shrunk.size < file.size ? shrunk : file;
  } finally {
    bitmap.close();
  }
}
