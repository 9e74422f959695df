import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, COMPRESS_MIN_BYTES, compressedFor, resultResponse } from '#http/responses';

const page = resultResponse({ posts: Array.from({ length: 50 }, (_, i) => ({ postId: `post-${i}`, content: 'A post a member wrote. '.repeat(10) })) }, 'c-1');

describe('response compression (HTTP APIs and uncached CloudFront pass bodies as they are)', () => {
  it('gzips a large body for a client that accepts gzip: base64, Content-Encoding, Vary, the same JSON inside', () => {
    const compressed = compressedFor('gzip, deflate, br', page);
    expect(compressed.isBase64Encoded).toBe(true);
    expect(compressed.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding', 'content-type': 'application/json; charset=utf-8' });
    const inflated = gunzipSync(Buffer.from(String(compressed.body), 'base64')).toString('utf8');
    expect(inflated).toBe(page.body);
    expect(Buffer.from(String(compressed.body), 'base64').length).toBeLessThan(Buffer.byteLength(String(page.body)) / 5);
  });

  it('sends as is to a client that does not accept gzip, or refuses it, and a small body always', () => {
    expect(compressedFor(undefined, page)).toBe(page);
    expect(compressedFor('br', page)).toBe(page);
    expect(compressedFor('gzip;q=0, br', page)).toBe(page);
    const small = resultResponse({ ok: true }, 'c-2');
    expect(Buffer.byteLength(String(small.body))).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(compressedFor('gzip', small)).toBe(small);
  });

  it('reads Accept-Encoding as browsers and fetch send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('gzip;q=0.0')).toBe(false);
  });
});
