import { randomInt } from 'node:crypto';
import { INVITE_CODE_LENGTH } from '#contracts/user';

/** Upper-case letters and digits without look-alikes: no 0/O, no 1/I/L. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function generateInviteCode(pick: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += INVITE_CODE_ALPHABET[pick(INVITE_CODE_ALPHABET.length)];
  return code;
}

/** Members type codes in any case; codes are stored upper-cased. */
export function normalizeInviteCode(raw: string): string {
  return raw.trim().toUpperCase();
}

export function isWellFormedInviteCode(code: string): boolean {
  return code.length === INVITE_CODE_LENGTH && [...code].every((c) => INVITE_CODE_ALPHABET.includes(c));
}
