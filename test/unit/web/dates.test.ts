import { describe, expect, it } from 'vitest';
import { formatWhen } from '../../../web/src/features/feed/format-when.ts';
import { formatDate, formatDateTime } from '../../../web/src/lib/dates.ts';
import { formatMoment } from '../../../web/src/features/moderation/api/moderation.ts';
import { formatDay } from '../../../web/src/features/moderation/api/standing.ts';

describe('one date format everywhere (web/src/lib/dates.ts)', () => {
  it('writes a birthday as a readable day, the same day wherever the reader is', () => {
    expect(formatDate('1990-05-14')).toBe('May 14, 1990');
    expect(formatDate('2026-01-01')).toBe('Jan 1, 2026');
  });

  it('writes days and moments in one style, and the screens share it', () => {
    const at = '2026-11-22T15:05:00.000Z';
    expect(formatDate(at, { utc: true })).toBe('Nov 22, 2026');
    expect(formatDateTime(at)).toMatch(/^Nov 2\d, 2026, \d{1,2}:05 (AM|PM)$/);
    expect(formatWhen(at)).toBe(formatDateTime(at));
    expect(formatMoment(at)).toBe(formatDateTime(at));
    expect(formatDay(at, { utc: true })).toBe('Nov 22, 2026');
  });

  it('shows nothing rather than "Invalid Date"', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});
