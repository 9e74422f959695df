import { describe, expect, it } from 'vitest';
import { totpCode } from '../../../local/smoke/cognito-sign-in.ts';
import { parseSmokeArguments } from '../../../local/smoke/smoke-arguments.ts';

describe('npm run smoke arguments', () => {
  it('takes the URL and email as arguments, the password and TOTP secret from the environment', () => {
    const args = parseSmokeArguments(['--url', 'https://d1234.cloudfront.net/some/page', '--email', 'Ada@Example.org'], {
      SMOKE_PASSWORD: 'secret',
      SMOKE_TOTP_SECRET: 'jbsw y3dp',
    });
    expect(args).toEqual({ url: new URL('https://d1234.cloudfront.net'), email: 'ada@example.org', password: 'secret', totpSecret: 'JBSWY3DP' });
    expect(parseSmokeArguments(['--url', 'http://localhost:5173'], { SMOKE_EMAIL: 'a@example.org', SMOKE_PASSWORD: 'x' }).email).toBe('a@example.org');
  });

  it.each([
    [[], {}, "--url is missing: the stage's web address."],
    [['--url', 'cloudfront'], {}, '--url "cloudfront" is not a URL (for example https://d1234.cloudfront.net).'],
    [['--url', 'ftp://example.org'], {}, '--url "ftp://example.org" is not an http(s) URL.'],
    [['--url', 'https://example.org'], { SMOKE_PASSWORD: 'x' }, "--email is missing (or SMOKE_EMAIL): the founder's sign-in email."],
    [['--url', 'https://example.org', '--email', 'ada'], { SMOKE_PASSWORD: 'x' }, '--email "ada" is not an email address.'],
    [['--url', 'https://example.org', '--email', 'a@example.org'], {}, "SMOKE_PASSWORD is not set: the founder's password, from the environment only."],
    [['--url', 'https://example.org', '--password', 'x'], {}, '--password is not taken: set SMOKE_PASSWORD, so the password stays out of shell history.'],
    [
      ['--url', 'https://example.org', '--email', 'a@example.org'],
      { SMOKE_PASSWORD: 'x', SMOKE_TOTP_SECRET: '123456' },
      'SMOKE_TOTP_SECRET is not a base32 secret',
    ],
    [['--url', 'https://example.org', '--emial', 'a@example.org'], {}, "Unknown option '--emial'"],
  ])('%j %j stops with a sentence naming it, then the usage', (argv, env, sentence) => {
    expect(() => parseSmokeArguments(argv, env)).toThrow(sentence);
    expect(() => parseSmokeArguments(argv, env)).toThrow('Usage: SMOKE_PASSWORD=… npm run smoke');
  });
});

describe('the authenticator code the smoke test answers with', () => {
  it("is RFC 6238's SHA-1 test vector, 6 digits", () => {
    // The RFC's secret "12345678901234567890" in base32; at T = 59 s its 8-digit code is 94287082.
    expect(totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', new Date(59_000))).toBe('287082');
    expect(totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', new Date(1_111_111_109_000))).toBe('081804');
  });
});
