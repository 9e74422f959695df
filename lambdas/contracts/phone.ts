/** The spec's phone format: ddd-ddd-dddd, typed digits are formatted as they come, 12 characters at most. */
export const PHONE_MAX_LENGTH = 12;
export const PHONE_PATTERN = /^\d{3}-\d{3}-\d{4}$/;
export const INVALID_PHONE_MESSAGE = 'Please enter a valid phone number in the format: 555-123-4567';
/** The shorter wording another screen shows on blur (spec §5). */
export const PHONE_FORMAT_HINT = 'Please use format: 555-123-4567';

/** Formats what the member typed: keeps digits only (at most 10) and inserts the dashes. */
export function formatPhone(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}
