import { describe, expect, it } from 'vitest';
import { PICTURE_CONTENT_TYPES } from '#contracts/profile';
import { detectImageType } from '#domain/image-type';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('detectImageType', () => {
  it('recognises JPEG, PNG, GIF and WebP by their first bytes', () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(detectImageType(Buffer.from('GIF89a'))).toBe('image/gif');
    expect(detectImageType(Buffer.from('GIF87a'))).toBe('image/gif');
    expect(detectImageType(Buffer.from('RIFF\x00\x00\x00\x00WEBP', 'latin1'))).toBe('image/webp');
  });

  it('recognises exactly the types an upload is granted for', () => {
    const samples = [
      bytes(0xff, 0xd8, 0xff, 0xe0),
      bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
      Buffer.from('GIF89a'),
      Buffer.from('RIFF\x00\x00\x00\x00WEBP', 'latin1'),
    ];
    expect(samples.map((sample) => detectImageType(sample)).sort()).toEqual([...PICTURE_CONTENT_TYPES].sort());
  });

  it('refuses anything else, whatever it claims', () => {
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\x00\x00\x00\x00WAVE', 'latin1'))).toBeNull();
    expect(detectImageType(bytes())).toBeNull();
    expect(detectImageType(Buffer.from('%PDF-1.7'))).toBeNull();
  });
});
