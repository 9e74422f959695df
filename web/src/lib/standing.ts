import { useQuery } from '@tanstack/react-query';
import type { Standing } from '#contracts/moderation';
import { callApi } from './api-client.ts';
import { useAuthSession, useMe } from './session.ts';
import { formatDate } from './dates.ts';

/*
 * What the app shell needs of moderation (the suspension banner), apart from lib/moderation.ts:
 * nothing here imports a contract's values, so zod stays out of the landing page's JavaScript
 * (the shell is part of it; see docs/hardening.md, the browser budgets).
 */

/**
 * Moderation data several screens share (the "…" menus of posts, comments and profiles, Settings ›
 * Privacy, the app shell's suspension banner, the dashboard's notices, the Invites page, the
 * moderation log). Keys are per member, like the session's.
 */
export const moderationKeys = {
  all: ['moderation'] as const,
  blocked: (uid: string) => ['moderation', uid, 'blocked'] as const,
  muted: (uid: string) => ['moderation', uid, 'muted'] as const,
  standing: (uid: string) => ['moderation', uid, 'standing'] as const,
  myReports: (uid: string) => ['moderation', uid, 'my-reports'] as const,
  log: (uid: string) => ['moderation', uid, 'log'] as const,
  /** The admin queue. */
  reports: ['moderation', 'admin', 'reports'] as const,
};

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
