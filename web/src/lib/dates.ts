/**
 * The one way the app writes dates (three formats and raw ISO birthdays before):
 * a day is "Nov 22, 2026", a moment "Nov 22, 2026, 1:05 AM", in US English as the rest of the app's
 * words. Every screen goes through these; an unreadable value shows as nothing rather than
 * "Invalid Date".
 */
const LOCALE = 'en-US';
const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const MOMENT: Intl.DateTimeFormatOptions = { ...DAY, hour: 'numeric', minute: '2-digit' };
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A day: "Nov 22, 2026". A bare calendar day ("1990-05-14", a birthday) is that day wherever the
 * reader is (read in UTC, so it never slips to the day before west of Greenwich); `utc` does the
 * same for a day an admin chose as a date-time (a suspension's end).
 */
export function formatDate(iso: string, { utc = false, locale = LOCALE }: { utc?: boolean; locale?: string } = {}): string {
  const date = parse(iso);
  if (!date) return '';
  return date.toLocaleDateString(locale, { ...DAY, ...(utc || CALENDAR_DAY.test(iso) ? { timeZone: 'UTC' } : {}) });
}

/** A moment, in the reader's time zone: "Nov 22, 2026, 1:05 AM". */
export function formatDateTime(iso: string, locale = LOCALE): string {
  const date = parse(iso);
  return date ? date.toLocaleString(locale, MOMENT) : '';
}
