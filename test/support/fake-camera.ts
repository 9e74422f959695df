import { writeFile } from 'node:fs/promises';

/**
 * A video file for Chromium's fake camera (`--use-fake-device-for-media-stream` with
 * `--use-file-for-fake-video-capture=<file>.y4m`): the camera then films a still picture, looped.
 * Chromium reads the file when it starts, so a test writes it first and launches that browser after.
 */

/** A greyscale picture: `pixels` row by row, 0 black to 255 white. */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

const WIDTH = 640;
const HEIGHT = 480;
/** A few identical frames: Chromium loops the file, so the picture never leaves the camera. */
const FRAMES = 5;

/**
 * Y4M (4:2:0, full-range luma): `image` centred on a white frame, unscaled, so its modules stay as
 * sharp as on screen; chroma is neutral (128), a grey picture.
 */
export function y4mOf(image: GreyImage): Buffer {
  if (image.width > WIDTH || image.height > HEIGHT) throw new Error(`The picture (${image.width}×${image.height}) is larger than the frame`);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  const left = Math.floor((WIDTH - image.width) / 2);
  const top = Math.floor((HEIGHT - image.height) / 2);
  for (let row = 0; row < image.height; row += 1) {
    const start = row * image.width;
    luma.set(image.pixels.subarray(start, start + image.width), (top + row) * WIDTH + left);
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: FRAMES }, () => frame)]);
}

export async function writeFakeCameraVideo(file: string, image: GreyImage): Promise<void> {
  await writeFile(file, y4mOf(image));
}

/** The flags that make a browser's camera film `file`. */
export function fakeCameraArgs(file: string): string[] {
  return ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`];
}
