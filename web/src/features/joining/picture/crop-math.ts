/** The square crop of spec §5: minimum crop 50, output 250×250 JPEG at quality 0.9. */
export const MIN_CROP_SIZE = 50;
export const OUTPUT_SIZE = 250;
export const OUTPUT_TYPE = 'image/jpeg';
export const OUTPUT_QUALITY = 0.9;

/** A square in the image's own (natural) pixels. */
export interface Crop {
  x: number;
  y: number;
  size: number;
}

export interface ImageSize {
  width: number;
  height: number;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** The largest square that fits. */
export function maxCropSize({ width, height }: ImageSize): number {
  return Math.min(width, height);
}

/** 50 pixels, or the whole short side of an image smaller than that. */
export function minCropSize(image: ImageSize): number {
  return Math.min(MIN_CROP_SIZE, maxCropSize(image));
}

/** The starting crop: the largest centred square. */
export function initialCrop(image: ImageSize): Crop {
  const size = maxCropSize(image);
  return { x: Math.round((image.width - size) / 2), y: Math.round((image.height - size) / 2), size };
}

/** Keeps a crop square, at least the minimum, at most the image, and inside the image. */
export function clampCrop(crop: Crop, image: ImageSize): Crop {
  const size = Math.round(clamp(crop.size, minCropSize(image), maxCropSize(image)));
  return {
    size,
    x: Math.round(clamp(crop.x, 0, image.width - size)),
    y: Math.round(clamp(crop.y, 0, image.height - size)),
  };
}

export function moveCrop(crop: Crop, dx: number, dy: number, image: ImageSize): Crop {
  return clampCrop({ ...crop, x: crop.x + dx, y: crop.y + dy }, image);
}

/** Resizes around the crop's centre, then keeps it inside the image. */
export function resizeCrop(crop: Crop, size: number, image: ImageSize): Crop {
  const centreX = crop.x + crop.size / 2;
  const centreY = crop.y + crop.size / 2;
  const next = clamp(size, minCropSize(image), maxCropSize(image));
  return clampCrop({ x: centreX - next / 2, y: centreY - next / 2, size: next }, image);
}

/** How much the image is scaled to fit a square box of `box` pixels on screen. */
export function displayScale(image: ImageSize, box: number): number {
  return Math.min(box / image.width, box / image.height);
}
