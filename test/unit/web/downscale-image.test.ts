import { describe, expect, it } from 'vitest';
import { GALLERY_PHOTO_MAX_EDGE, PROFILE_PICTURE_MAX_EDGE, scaledSize, shrunkType } from '../../../web/src/lib/downscale-image.ts';

describe('shrinking pictures before upload', () => {
  it('fits the longest edge and keeps the proportions', () => {
    expect(scaledSize(4000, 3000, GALLERY_PHOTO_MAX_EDGE)).toEqual({ width: 1600, height: 1200 });
    expect(scaledSize(3000, 4000, GALLERY_PHOTO_MAX_EDGE)).toEqual({ width: 1200, height: 1600 });
    expect(scaledSize(2400, 1200, GALLERY_PHOTO_MAX_EDGE)).toEqual({ width: 1600, height: 800 });
    expect(scaledSize(1024, 1024, PROFILE_PICTURE_MAX_EDGE)).toEqual({ width: 512, height: 512 });
    // A sliver keeps at least one pixel.
    expect(scaledSize(10_000, 1, PROFILE_PICTURE_MAX_EDGE)).toEqual({ width: 512, height: 1 });
  });

  it('leaves a picture that fits (or has no size) alone', () => {
    expect(scaledSize(1600, 900, GALLERY_PHOTO_MAX_EDGE)).toBeNull();
    expect(scaledSize(250, 250, PROFILE_PICTURE_MAX_EDGE)).toBeNull();
    expect(scaledSize(0, 0, PROFILE_PICTURE_MAX_EDGE)).toBeNull();
  });

  it('keeps JPEG as JPEG and makes the rest WebP (transparency survives)', () => {
    expect(shrunkType('image/jpeg')).toBe('image/jpeg');
    expect(shrunkType('image/png')).toBe('image/webp');
    expect(shrunkType('image/webp')).toBe('image/webp');
  });
});
