import { BIO_MAX_LENGTH } from '#contracts/profile';

/** The bio's limit (spec §5), in the words the server's schema refuses it with. */
export const BIO_TOO_LONG = `Bio must be at most ${BIO_MAX_LENGTH} characters`;

/** What a length-limited text field (post 500, comment 300, spec §5) shows and allows. */
export interface TextLimitState {
  /** Characters typed, as the counter shows them ("n / max"). */
  length: number;
  remaining: number;
  tooLong: boolean;
  /** Required after trimming: whitespace alone is empty. */
  blank: boolean;
  canSubmit: boolean;
}

export function textLimitState(text: string, max: number): TextLimitState {
  // UTF-16 units, as the server's zod max() counts them, so the counter and the server agree.
  const length = text.length;
  const blank = text.trim().length === 0;
  const tooLong = length > max;
  return { length, remaining: max - length, tooLong, blank, canSubmit: !blank && !tooLong };
}

/** The counter text, e.g. "12 / 500". */
export function counterLabel(text: string, max: number): string {
  return `${textLimitState(text, max).length} / ${max}`;
}
