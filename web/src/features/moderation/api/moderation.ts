import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MODERATION_MESSAGES, type ReportReason, type ReportTarget } from '#contracts/moderation';
import { anchorKeys } from '../../anchors/keys.ts';
import { callApi } from '../../../lib/api-client.ts';
import { useAuthSession } from '../../../lib/session.ts';
import { feedKeys } from '../../feed/keys.ts';
import { moderationKeys } from '../keys.ts';
import { formatDateTime } from '../../../lib/dates.ts';

export { formatDay, isSuspended, suspensionMessage, useStanding, useSuspension } from './standing.ts';

/** Plain sentences of the moderation UI; the server's own come from the contract's MODERATION_MESSAGES. */
export const MODERATION_UI = {
  reported: 'Thanks — an admin will look at it.',
  reportFailed: MODERATION_MESSAGES.reportFailed,
  blocked: (name: string) => `You blocked ${name}.`,
  blockFailed: 'Failed to block this member. Please try again.',
  /** The block confirmation: its title asks, its message says what follows. */
  blockTitle: (name: string) => `Block ${name}?`,
  blockConsequence: "You will no longer see each other's posts, comments or profile, and any anchor connection between you is removed.",
  unblocked: (name: string) => `You unblocked ${name}.`,
  unblockFailed: 'Failed to unblock this member. Please try again.',
  muted: (name: string) => `You muted ${name}. Their posts and comments no longer show in your feed.`,
  muteFailed: 'Failed to mute this member. Please try again.',
  unmuted: (name: string) => `You unmuted ${name}. Their posts and comments show in your feed again.`,
  unmuteFailed: 'Failed to unmute this member. Please try again.',
  noBlocked: "You haven't blocked anyone.",
  noMuted: "You haven't muted anyone.",
} as const;

/** A moment as a member reads it ("Nov 22, 2026, 1:05 AM", web/src/lib/dates.ts). */
export function formatMoment(iso: string, locale?: string): string {
  return formatDateTime(iso, locale);
}

export function useBlockedList(enabled = true) {
  const uid = useAuthSession().data?.userId ?? '';
  return useQuery({
    queryKey: moderationKeys.blocked(uid),
    queryFn: ({ signal }) => callApi('listBlocked', {}, { signal }),
    enabled: enabled && Boolean(uid),
  });
}

export function useMutedList(enabled = true) {
  const uid = useAuthSession().data?.userId ?? '';
  return useQuery({
    queryKey: moderationKeys.muted(uid),
    queryFn: ({ signal }) => callApi('listMuted', {}, { signal }),
    enabled: enabled && Boolean(uid),
  });
}

/**
 * After a block, unblock, mute or unmute: the feed and open threads (feedKeys), anchors, search
 * and profiles (anchorKeys) and the moderation lists are read again, so the member's content
 * disappears (or comes back) at once.
 */
function useInvalidateAfterMemberAction() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: feedKeys.all }),
      queryClient.invalidateQueries({ queryKey: anchorKeys.all }),
      queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
    ]);
}

type MemberActionName = 'blockMember' | 'unblockMember' | 'muteMember' | 'unmuteMember';

/**
 * One of block, unblock, mute, unmute; one mutation scope per action, so repeated clicks queue.
 * The re-reads are started, not awaited: the content that disappears with them (a post card, a
 * profile, a row of the lists) is often what asked, and its own callbacks come first.
 */
export function useMemberAction(name: MemberActionName) {
  const invalidate = useInvalidateAfterMemberAction();
  return useMutation({
    mutationFn: (userId: string) => callApi(name, { userId }),
    scope: { id: `moderation:${name}` },
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useReportContent() {
  const queryClient = useQueryClient();
  const uid = useAuthSession().data?.userId ?? '';
  return useMutation({
    mutationFn: (input: { target: ReportTarget; reason: ReportReason; note?: string }) => callApi('reportContent', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.myReports(uid) }),
  });
}

/** The caller's latest reports with their outcome. */
export function useMyReports() {
  const uid = useAuthSession().data?.userId ?? '';
  return useQuery({
    queryKey: moderationKeys.myReports(uid),
    queryFn: ({ signal }) => callApi('listMyReports', {}, { signal }),
    enabled: Boolean(uid),
    staleTime: 0,
  });
}

/** The community's moderation log, newest first, 50 a page (Load more by cursor). */
export function useModerationLog() {
  const uid = useAuthSession().data?.userId ?? '';
  return useInfiniteQuery({
    queryKey: moderationKeys.log(uid),
    queryFn: ({ signal, pageParam }) => callApi('listModerationLog', pageParam ? { cursor: pageParam } : {}, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: Boolean(uid),
    staleTime: 0,
  });
}
