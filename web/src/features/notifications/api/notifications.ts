import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Types only: the app shell (the bell) imports this module, and zod must stay out of the landing's JavaScript.
import type { AppNotification, NotificationKind, VouchNotice } from '#contracts/notifications';
import { callApi } from '../../../lib/api-client.ts';
import { useLivePollInterval } from '../../../lib/live/poll-interval.ts';
import { useLiveCatchUp, useLiveMessages } from '../../../lib/live/use-live.ts';
import { useAuthSession, useMe } from '../../../lib/session.ts';
import { formatDate } from '../../../lib/dates.ts';
import { paths, profilePath, SETTINGS_VOUCHES_PATH } from '../../../lib/paths.ts';

/**
 * Notifications, shared by the header's bell and the notifications page: both read listNotifications
 * (the bell its first page's unreadCount). The live message notifications.changed, the socket opening, or
 * marking read invalidate every query under 'notifications', so bell and page agree at once.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  bell: (uid: string) => ['notifications', uid, 'bell'] as const,
  pages: (uid: string) => ['notifications', uid, 'pages'] as const,
  settings: (uid: string) => ['notifications', uid, 'settings'] as const,
};

function useJoinedUid(): string {
  const uid = useAuthSession().data?.userId ?? '';
  const joined = useMe().data?.profileCompleted === true;
  return joined ? uid : '';
}

/** The unread count for the bell; read again on notifications.changed (polled once a minute only while the socket is down). */
export function useUnreadNotificationCount(): number {
  const uid = useJoinedUid();
  const queryClient = useQueryClient();
  const bell = useQuery({
    queryKey: notificationKeys.bell(uid),
    queryFn: ({ signal }) => callApi('listNotifications', {}, { signal }),
    enabled: Boolean(uid),
    staleTime: 30_000,
    refetchInterval: useLivePollInterval(),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  useLiveMessages('notifications.changed', refresh);
  useLiveCatchUp(refresh);
  return bell.data?.unreadCount ?? 0;
}

/** The notifications page: newest first, a page at a time by cursor. */
export function useNotificationPages() {
  const uid = useJoinedUid();
  return useInfiniteQuery({
    queryKey: notificationKeys.pages(uid),
    queryFn: ({ pageParam, signal }) => callApi('listNotifications', pageParam ? { cursor: pageParam } : {}, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(uid),
  });
}

/** Marks the named notifications (or all) read; bell and page read again after. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: string[] } | { all: true }) => callApi('markNotificationsRead', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useNotificationSettings() {
  const uid = useJoinedUid();
  return useQuery({
    queryKey: notificationKeys.settings(uid),
    queryFn: ({ signal }) => callApi('getNotificationSettings', {}, { signal }),
    enabled: Boolean(uid),
  });
}

export function useUpdateNotificationSettings() {
  const uid = useJoinedUid();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Partial<Record<NotificationKind, boolean>>) => callApi('updateNotificationSettings', { settings }),
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.settings(uid), answer),
  });
}

/** What a notification says, in words (the actor's name first where there is one). */
export function notificationText(notification: AppNotification): string {
  const who = notification.actor?.displayName ?? 'Someone';
  switch (notification.kind) {
    case 'anchor-request':
      return `${who} sent you an anchor request`;
    case 'anchor-accepted':
      return `${who} accepted your anchor request`;
    case 'like':
      return `${who} liked your post`;
    case 'comment':
      return `${who} commented on your post`;
    case 'thread-comment':
      return `${who} also commented on a post you commented on`;
    case 'invitee-joined':
      return `${who}, whom you invited, joined Anchored`;
    case 'moderation':
      return notification.noticeKind === 'report-resolved' ? 'An admin acted on your report' : 'A moderation decision concerns you';
    case 'vouching':
      return vouchNoticeText(notification.vouchNotice ?? 'vouched', who, notification.vouchUntil);
  }
}

/** A vouching notification's sentence; `until` is the date it names (a lapse, the end of a suspension). */
function vouchNoticeText(notice: VouchNotice, who: string, until: string | null): string {
  const day = until ? formatDate(until) : 'a later date';
  switch (notice) {
    case 'vouched':
      return `${who} vouched for you`;
    case 'verified':
      return 'You are now verified in person';
    case 'expiring':
      return `Your verification lapses on ${day} unless someone vouches for you again`;
    case 'lapsed':
      // Said the same whatever ended it (a lapse, a withdrawal, a void vouch, a revocation): what to do next.
      return 'You are no longer verified in person: two verified members who know you can vouch for you again';
    case 'vouchee-removed':
      return 'A member you vouched for was removed as not being who they said';
    case 'voucher-removed':
      return 'Someone who vouched for you was removed; your verification was checked again';
    case 'vouching-suspended':
      return `You cannot vouch for anyone until ${day}`;
  }
}

/** Notices about the member's own verification lead to Get verified; those about vouches to Settings › Vouches. */
const VOUCH_NOTICES_TO_VERIFY: ReadonlySet<VouchNotice> = new Set(['expiring', 'lapsed', 'voucher-removed']);

/**
 * Where a notification leads: the profile listing the post (there is no page of one post), your
 * anchor requests, the member, your notices, Get verified or your vouches.
 */
export function notificationLink(notification: AppNotification): string {
  if (notification.kind === 'vouching') {
    return notification.vouchNotice && VOUCH_NOTICES_TO_VERIFY.has(notification.vouchNotice) ? paths.verify : SETTINGS_VOUCHES_PATH;
  }
  if (notification.postAuthorId) return profilePath(notification.postAuthorId);
  if (notification.kind === 'anchor-request') return paths.anchors;
  if (notification.kind === 'moderation') return notification.noticeKind === 'report-resolved' ? paths.moderationLog : paths.dashboard;
  if (notification.actor && !notification.actor.removed) return profilePath(notification.actor.uid);
  return paths.notifications;
}
