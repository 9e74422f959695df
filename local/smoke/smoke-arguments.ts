import { parseArgs } from 'node:util';
import * as z from 'zod';

export const SMOKE_USAGE =
  'Usage: SMOKE_PASSWORD=… npm run smoke -- --url https://your.domain --email founder@example.org\n' +
  '       (or SMOKE_EMAIL instead of --email; SMOKE_TOTP_SECRET when the account has an authenticator app)';

export interface SmokeArguments {
  /** The web origin: the landing page, /config.json and /api behind it. */
  url: URL;
  email: string;
  password: string;
  /** Base32, as the authenticator app was given it; only for an account that asks for a code. */
  totpSecret: string | undefined;
}

export class SmokeArgumentError extends Error {
  constructor(sentence: string) {
    super(`${sentence}\n${SMOKE_USAGE}`);
    this.name = 'SmokeArgumentError';
  }
}

function checkedUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SmokeArgumentError(`--url ${JSON.stringify(value)} is not a URL (for example https://d1234.cloudfront.net).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new SmokeArgumentError(`--url ${JSON.stringify(value)} is not an http(s) URL.`);
  return new URL(url.origin);
}

/**
 * `npm run smoke -- …`'s arguments and environment: the URL and the founder's email as arguments,
 * the password (and a TOTP secret) only from the environment, so they stay out of shell history
 * and CI logs. A missing or malformed one stops with a sentence naming it.
 */
export function parseSmokeArguments(argv: readonly string[], env: NodeJS.ProcessEnv): SmokeArguments {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({ args: [...argv], options: { url: { type: 'string' }, email: { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    const message = (error as Error).message.replace(/\.$/, '');
    if (/'--password'/.test(message)) throw new SmokeArgumentError('--password is not taken: set SMOKE_PASSWORD, so the password stays out of shell history.');
    throw new SmokeArgumentError(`${message}.`);
  }
  if (values.url === undefined) throw new SmokeArgumentError("--url is missing: the stage's web address.");
  const url = checkedUrl(values.url);
  const rawEmail = values.email ?? env.SMOKE_EMAIL;
  if (rawEmail === undefined || rawEmail.trim() === '') throw new SmokeArgumentError("--email is missing (or SMOKE_EMAIL): the founder's sign-in email.");
  const email = rawEmail.trim().toLowerCase();
  if (!z.email().safeParse(email).success) throw new SmokeArgumentError(`--email ${JSON.stringify(rawEmail)} is not an email address.`);
  const password = env.SMOKE_PASSWORD;
  if (!password) throw new SmokeArgumentError("SMOKE_PASSWORD is not set: the founder's password, from the environment only.");
  const totpSecret = env.SMOKE_TOTP_SECRET?.replace(/\s+/g, '').toUpperCase() || undefined;
  if (totpSecret !== undefined && !/^[A-Z2-7]+=*$/.test(totpSecret))
    throw new SmokeArgumentError('SMOKE_TOTP_SECRET is not a base32 secret (letters A-Z and digits 2-7).');
  return { url, email, password, totpSecret };
}
