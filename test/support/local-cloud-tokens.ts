import { createPrivateKey, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Hand-made JWTs for the authorizer tests. cognito-local signs every token with one key pair that
 * ships in its package; signing with that key lets a test build a token that is genuine in every
 * respect but one (expired, wrong audience), and signing with a fresh key gives a forgery.
 */

function cognitoLocalPrivateKey(): KeyObject {
  const require = createRequire(import.meta.url);
  const file = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const { pem } = JSON.parse(readFileSync(file, 'utf8')) as { pem: string };
  return createPrivateKey(pem);
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function signJwt(payload: Record<string, unknown>, key: KeyObject = cognitoLocalPrivateKey()): string {
  const header = { alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' };
  const unsigned = `${base64url(header)}.${base64url(payload)}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(key).toString('base64url');
  return `${unsigned}.${signature}`;
}

export function foreignKey(): KeyObject {
  return generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
}

export function decodeJwtPayload(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('Not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
