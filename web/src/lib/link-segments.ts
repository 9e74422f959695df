/**
 * Splits what a member wrote into plain text and links, so posts and comments can show links that
 * can be clicked and everything else as text (React escapes it: no HTML from members is ever
 * rendered). Only absolute http and https URLs become links; javascript:, data:, mailto: and any
 * other scheme stay text. A URL that carries a user name or password (https://bank.com@evil.example)
 * stays text too, since what it shows is not where it goes. Trailing punctuation of the sentence
 * (".", ",", "!", a closing bracket without its opening one) is left out of the link.
 */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** http:// or https:// at a word's start, up to whitespace, quotes or angle brackets. */
const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?*]+$/;

/** Drops trailing punctuation and closing brackets that do not close something inside the URL. */
function trimTrailing(candidate: string): string {
  let url = candidate;
  for (;;) {
    const before = url;
    url = url.replace(TRAILING_PUNCTUATION, '');
    for (const [open, close] of [
      ['(', ')'],
      ['[', ']'],
      ['{', '}'],
    ] as const) {
      if (url.endsWith(close) && url.split(close).length > url.split(open).length) url = url.slice(0, -1);
    }
    if (url === before) return url;
  }
}

/** The URL to link to, or null when it is not a plain http(s) address with a host. */
export function safeHref(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password) return null;
  return url.href;
}

export function linkSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const start = match.index;
    const candidate = trimTrailing(match[0]);
    const href = safeHref(candidate);
    if (!href) continue;
    plain += text.slice(last, start);
    if (plain) segments.push({ kind: 'text', text: plain });
    plain = '';
    segments.push({ kind: 'link', text: candidate, href });
    last = start + candidate.length;
  }
  plain += text.slice(last);
  if (plain) segments.push({ kind: 'text', text: plain });
  return segments;
}
