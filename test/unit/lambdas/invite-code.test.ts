import { describe, expect, it } from 'vitest';
import { INVITE_CODE_ALPHABET, generateInviteCode, isWellFormedInviteCode, normalizeInviteCode } from '#domain/invite-code';

describe('invite codes', () => {
  it('are 8 characters from an alphabet without look-alikes', () => {
    for (const lookAlike of ['0', 'O', '1', 'I', 'L']) expect(INVITE_CODE_ALPHABET).not.toContain(lookAlike);
    for (let i = 0; i < 200; i++) {
      const code = generateInviteCode();
      expect(code).toMatch(/^[A-Z2-9]{8}$/);
      expect(isWellFormedInviteCode(code)).toBe(true);
    }
  });

  it('use every position of the alphabet (the picker decides each character)', () => {
    const last = INVITE_CODE_ALPHABET.length - 1;
    expect(generateInviteCode(() => 0)).toBe('AAAAAAAA');
    expect(generateInviteCode(() => last)).toBe('99999999');
  });

  it('are normalized to upper case before checking', () => {
    expect(normalizeInviteCode('  abcd2345 ')).toBe('ABCD2345');
    expect(isWellFormedInviteCode('ABCD234')).toBe(false);
    expect(isWellFormedInviteCode('ABCD23450')).toBe(false);
    expect(isWellFormedInviteCode('ABCDO234')).toBe(false);
    expect(isWellFormedInviteCode('abcd2345')).toBe(false);
  });
});
