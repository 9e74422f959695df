import { type Crop, OUTPUT_QUALITY, OUTPUT_SIZE, OUTPUT_TYPE } from './crop-math.ts';

/** Draws the crop onto a 250×250 canvas and encodes it as JPEG at 0.9 (spec §5). */
export function cropToJpeg(image: HTMLImageElement, crop: Crop): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = OUTPUT_SIZE;
  canvas.height = OUTPUT_SIZE;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot crop pictures.'));
  // JPEG has no transparency: give transparent PNGs a white background rather than black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, OUTPUT_SIZE, OUTPUT_SIZE);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, crop.x, crop.y, crop.size, crop.size, 0, 0, OUTPUT_SIZE, OUTPUT_SIZE);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be cropped.'))), OUTPUT_TYPE, OUTPUT_QUALITY);
  });
}
