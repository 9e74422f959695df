import { describe, expect, it } from 'vitest';
import { formatPhone, INVALID_PHONE_MESSAGE, isValidPhone, PHONE_MAX_LENGTH } from '#contracts/phone';

describe('formatPhone', () => {
  it.each([
    ['', ''],
    ['5', '5'],
    ['555', '555'],
    ['5551', '555-1'],
    ['555123', '555-123'],
    ['5551234', '555-123-4'],
    ['5551234567', '555-123-4567'],
    ['555-123-4567', '555-123-4567'],
    ['(555) 123 4567', '555-123-4567'],
    ['55512345678999', '555-123-4567'],
    ['abc', ''],
  ])('%j → %j', (typed, expected) => {
    expect(formatPhone(typed)).toBe(expected);
  });

  it('never exceeds the field length', () => {
    expect(formatPhone('1'.repeat(40)).length).toBeLessThanOrEqual(PHONE_MAX_LENGTH);
  });
});

describe('isValidPhone', () => {
  it('accepts only ddd-ddd-dddd', () => {
    expect(isValidPhone('555-123-4567')).toBe(true);
    for (const bad of ['5551234567', '555-123-456', '555-123-45678', '555 123 4567', '']) expect(isValidPhone(bad)).toBe(false);
  });

  it("carries the spec's message", () => {
    expect(INVALID_PHONE_MESSAGE).toBe('Please enter a valid phone number in the format: 555-123-4567');
  });
});
