import { paths, AUTH_PATH_PREFIX } from './paths.ts';
/** Where a member goes after signing in when they were sent to sign-in from nowhere in particular. */
export const DEFAULT_RETURN_PATH = paths.dashboard;

const BASE = 'https://anchored.invalid';

/**
 * Where sign-in returns to: the page the guard sent the member from (`location.state.from`, a path
 * with its query), but only a path of this site. Anything else (another origin, a protocol-relative
 * '//host', a backslash trick, a javascript: URL, the auth pages themselves) falls back to the
 * dashboard, so a crafted link can never send a member elsewhere after they sign in.
 */
export function safeReturnPath(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return DEFAULT_RETURN_PATH;
  let url: URL;
  try {
    url = new URL(from, BASE);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
  if (url.origin !== BASE || url.pathname.startsWith(AUTH_PATH_PREFIX)) return DEFAULT_RETURN_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The return path a redirect to sign-in carries in its location state. */
export function returnPathOf(state: unknown): string {
  return safeReturnPath(state && typeof state === 'object' && 'from' in state ? state.from : undefined);
}
