import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallableInput, CallableOutput } from '#contracts/callables';
import { callApi } from '../../../lib/api-client.ts';
import { moderationKeys } from '../../moderation/keys.ts';
import { sessionKeys, useAuthSession, useMe } from '../../../lib/session.ts';
import { feedKeys } from '../../feed/keys.ts';

/** The Cognito group whose members the server lets call admin callables. */
const ADMIN_GROUP = 'admin';

export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  auditLog: ['admin', 'audit-log'] as const,
  search: (query: string) => ['admin', 'search', query] as const,
  inviteTree: (userId: string) => ['admin', 'invite-tree', userId] as const,
  unverified: ['admin', 'unverified'] as const,
};

/**
 * Spec §6: an admin is detected by the admin claim of the sign-in token (`cognito:groups`), and
 * the member's record must say so too: the server checks the record on every admin call, so a
 * revoked admin whose token still carries the group is no admin here either. When the two differ
 * (just granted or revoked), the tokens are refreshed once so the group follows the record.
 */
export function useAdminAccess() {
  const session = useAuthSession();
  const me = useMe();
  const queryClient = useQueryClient();
  const recordSaysAdmin = me.data?.isAdmin === true;
  const tokenSaysAdmin = Boolean(session.data?.groups.includes(ADMIN_GROUP));
  const sync = useQuery({
    queryKey: [...sessionKeys.all, 'admin-group', recordSaysAdmin],
    queryFn: async () => {
      const { refreshSession } = await import('../../../lib/auth.ts');
      queryClient.setQueryData(sessionKeys.auth, await refreshSession());
      return true;
    },
    enabled: Boolean(session.data) && me.isSuccess && recordSaysAdmin !== tokenSaysAdmin,
    staleTime: Infinity,
    retry: false,
  });
  return {
    isPending: session.isPending || (Boolean(session.data) && me.isPending) || sync.isFetching,
    userId: session.data?.userId ?? '',
    isAdmin: recordSaysAdmin && tokenSaysAdmin,
  };
}

export function useAdminOverview(enabled: boolean) {
  return useQuery({ queryKey: adminKeys.overview, queryFn: ({ signal }) => callApi('getAdminOverview', {}, { signal }), enabled });
}

export function useAuditLog(enabled: boolean) {
  return useQuery({ queryKey: adminKeys.auditLog, queryFn: ({ signal }) => callApi('listAuditLog', {}, { signal }), enabled });
}

/** Members by name or email prefix (first 20); idle for an empty query. */
export function useSearchMembers(query: string) {
  const trimmed = query.trim();
  return useQuery({
    queryKey: adminKeys.search(trimmed),
    queryFn: ({ signal }) => callApi('searchMembers', { query: trimmed }, { signal }),
    enabled: trimmed.length > 0,
    staleTime: 10_000,
  });
}

/** After any admin action: the overview, the log and every search are read again. */
function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

export function useGrantSuperuser() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: { userId: string; reason: string }) => callApi('grantSuperuserStatus', input),
    onSettled: invalidate,
  });
}

export function useRevokeSuperuser() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: { userId: string; reason: string }) => callApi('revokeSuperuserStatus', input),
    onSettled: invalidate,
  });
}

/** Grant or revoke the admin role; a repeat answers success with `changed: false`. */
export function useGrantAdmin() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: { userId: string; reason: string }) => callApi('grantAdmin', input),
    onSettled: invalidate,
  });
}

export function useRevokeAdmin() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: { userId: string; reason: string }) => callApi('revokeAdmin', input),
    onSettled: invalidate,
  });
}

/** The member and everyone below them in the invite tree; fetched when the admin asks for it. */
export function useInviteTree(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.inviteTree(userId),
    queryFn: ({ signal }) => callApi('getUserInviteTree', { userId }, { signal }),
    enabled: enabled && Boolean(userId),
    retry: false,
  });
}

/**
 * Removes a member and their invite tree. The same call, repeated, continues a removal that did
 * not finish and reports its progress (the server removes nothing twice and writes no second audit
 * entry); once the removal finished, it answers the final result (kept for a day).
 */
export function useRemoveUser() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: { userId: string; reason: string }) => callApi('removeUserAndInviteTree', input),
    // One removal at a time: a double click must not start two.
    scope: { id: 'removeUserAndInviteTree' },
    onSettled: invalidate,
  });
}

/**
 * Make Me Admin (dev and local only): the server adds the caller to the admin group, then new
 * tokens are fetched (so they carry the group) and the page reloads with them.
 */
export function useMakeMeAdmin() {
  return useMutation({
    mutationFn: async (userId: string) => {
      await callApi('setAdminClaim', { userId });
      const { refreshSession } = await import('../../../lib/auth.ts');
      await refreshSession();
    },
    onSuccess: () => window.location.reload(),
  });
}

type ReportsPage = CallableOutput<'listReports'>;

/** The open reports, oldest first, 50 a page (Load more by cursor); read when the Reports tab opens. */
export function useReportQueue(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: moderationKeys.reports,
    queryFn: ({ signal, pageParam }) => callApi('listReports', pageParam ? { cursor: pageParam } : {}, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
    staleTime: 0,
  });
}

/**
 * Resolves a report, and with it every open report on the same target: on success they leave the
 * cached queue at once (no re-read, so the admin's place in a long queue stays), and the audit
 * log is read again.
 */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallableInput<'resolveReport'>) => callApi('resolveReport', input),
    scope: { id: 'resolveReport' },
    onSuccess: (_result, input) => {
      queryClient.setQueryData<InfiniteData<ReportsPage, string | undefined>>(moderationKeys.reports, (queue) => {
        if (!queue) return queue;
        const resolved = queue.pages.flatMap((page) => page.reports).find((report) => report.reportId === input.reportId);
        const sameTarget = (report: ReportsPage['reports'][number]) =>
          report.reportId === input.reportId ||
          (resolved !== undefined && report.target.type === resolved.target.type && report.target.id === resolved.target.id);
        return { ...queue, pages: queue.pages.map((page) => ({ ...page, reports: page.reports.filter((report) => !sameTarget(report)) })) };
      });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      // Removed content or members leave the admin's own feed too.
      if (input.action !== 'dismiss' && input.action !== 'warn') void queryClient.invalidateQueries({ queryKey: feedKeys.all });
    },
  });
}
