import { pictureViewUrl } from '#data/pictures';

/**
 * Signed picture URLs live an hour (VIEW_URL_EXPIRY_SECONDS); a warm Lambda reuses one for at most
 * 30 minutes, so a feed page of 50 posts by 50 authors does not sign 50 URLs on every poll and the
 * browser gets the same URL (its cache hits) between polls.
 */
const REUSE_MS = 30 * 60 * 1000;
const MAX_CACHED = 5_000;
const cache = new Map<string, { url: string; signedAt: number }>();

export async function authorPictureUrl(key: string, now = Date.now()): Promise<string> {
  if (!key) return '';
  const cached = cache.get(key);
  if (cached && now - cached.signedAt < REUSE_MS) return cached.url;
  const url = await pictureViewUrl(key);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, { url, signedAt: now });
  return url;
}
