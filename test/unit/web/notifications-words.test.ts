import { describe, expect, it } from 'vitest';
import type { AppNotification } from '../../../lambdas/contracts/notifications.ts';
import { bellLabel } from '../../../web/src/features/notifications/components/notification-bell.tsx';
import { notificationLink, notificationText } from '../../../web/src/features/notifications/api/notifications.ts';

const base: AppNotification = {
  notificationId: '01JD0000000000000000000000',
  kind: 'like',
  createdAt: '2026-11-25T10:00:00.000Z',
  read: false,
  actor: { uid: 'fan', displayName: 'Finn Fan', profilePicture: '', removed: false },
  postId: 'p1',
  postAuthorId: 'me',
  commentId: null,
  noticeKind: null,
  vouchNotice: null,
  vouchUntil: null,
};

describe('the bell and the notifications page in words', () => {
  it('the bell names its unread count', () => {
    expect(bellLabel(0)).toBe('Notifications, none unread');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
  });

  it('says who did what, and leads to what it is about', () => {
    expect(notificationText(base)).toBe('Finn Fan liked your post');
    expect(notificationLink(base)).toBe('/profile/me');
    const request = { ...base, kind: 'anchor-request' as const, postId: null, postAuthorId: null };
    expect(notificationText(request)).toBe('Finn Fan sent you an anchor request');
    expect(notificationLink(request)).toBe('/anchors');
    const joined = { ...request, kind: 'invitee-joined' as const };
    expect(notificationLink(joined)).toBe('/profile/fan');
    // A former member's profile is gone: no link to it.
    expect(notificationLink({ ...joined, actor: { uid: 'fan', displayName: 'A former member', profilePicture: '', removed: true } })).toBe('/notifications');
    const notice = { ...request, kind: 'moderation' as const, actor: null, noticeKind: 'report-resolved' as const };
    expect(notificationText(notice)).toBe('An admin acted on your report');
    expect(notificationLink(notice)).toBe('/moderation-log');
  });
});
