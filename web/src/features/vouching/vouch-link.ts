import { VOUCH_NONCE, VOUCH_PATH } from '#contracts/vouching';

/**
 * The nonce a vouch link carries (vouchLinkOf: `<origin>/vouch#<nonce>`), or null for any other
 * text: what the scanner read, or the page's own address when a phone's camera app opened it. Any
 * origin is read the same: a code from another deployment is then refused by the server as unknown.
 */
export function nonceOfVouchLink(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const nonce = url.hash.slice(1);
  return url.pathname === VOUCH_PATH && VOUCH_NONCE.test(nonce) ? nonce : null;
}
