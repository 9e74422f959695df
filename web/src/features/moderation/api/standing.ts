import { useQuery } from '@tanstack/react-query';
import type { Standing } from '#contracts/moderation';
import { callApi } from '../../../lib/api-client.ts';
import { useAuthSession, useMe } from '../../../lib/session.ts';
import { formatDate } from '../../../lib/dates.ts';
import { moderationKeys } from '../keys.ts';

/*
 * What the app shell needs of moderation (the suspension banner), apart from api/moderation.ts:
 * nothing here imports a contract's values, so zod stays out of the landing page's JavaScript
 * (the shell is part of it; see docs/hardening.md, the browser budgets).
 */

/** A date a member reads ("Nov 30, 2026", web/src/lib/dates.ts); `utc` for a day an admin chose (a suspension's end). */
export function formatDay(iso: string, { locale, utc = false }: { locale?: string; utc?: boolean } = {}): string {
  return formatDate(iso, { utc, ...(locale ? { locale } : {}) });
}

/**
 * The suspension sentence shown to a suspended member (banner, disabled controls). The day is read
 * in UTC, as the server's own sentence gives it (a chosen day is stored as its UTC midnight, which
 * would read as the day before west of Greenwich).
 */
export function suspensionMessage(until: string): string {
  return `Your account is suspended until ${formatDay(until, { utc: true })}. You can read, but not post, comment, like, anchor or invite until then.`;
}

/** Whether a standing says suspended right now (a suspension that ended no longer counts). */
export function isSuspended(standing: Standing | undefined, now = new Date()): standing is Standing & { suspendedUntil: string } {
  return Boolean(standing?.suspendedUntil && new Date(standing.suspendedUntil).getTime() > now.getTime());
}

/**
 * The member's standing and moderation notices (getMyStanding), once they have joined. A failure
 * shows nothing: the server refuses a suspended member's writes with its own sentence anyway.
 */
export function useStanding() {
  const uid = useAuthSession().data?.userId ?? '';
  const joined = useMe().data?.profileCompleted === true;
  return useQuery({
    queryKey: moderationKeys.standing(uid),
    queryFn: ({ signal }) => callApi('getMyStanding', {}, { signal }),
    enabled: Boolean(uid) && joined,
    staleTime: 60_000,
  });
}

/** What the write controls (composer, like, comment) need: whether they are off, and why. */
export function useSuspension(): { suspended: boolean; reason: string | null } {
  const standing = useStanding().data?.standing;
  if (!isSuspended(standing)) return { suspended: false, reason: null };
  return { suspended: true, reason: suspensionMessage(standing.suspendedUntil) };
}
