import { formatDateTime } from '../../lib/dates.ts';

/** A post's or comment's time, in the app's one format ("Nov 22, 2026, 1:05 AM", web/src/lib/dates.ts). */
export function formatWhen(iso: string, locale?: string): string {
  return formatDateTime(iso, locale);
}
