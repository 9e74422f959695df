import type { CallableName } from '#contracts/callables';
import type { CallableHandlerEntry } from '../../handler-row.ts';

/** Cognito actions of a member's removal (as the removal area's): find the account by sub and delete it; the admin group marks admins. */
const MEMBER_REMOVAL = ['cognito-idp:ListUsers', 'cognito-idp:AdminDeleteUser', 'cognito-idp:ListUsersInGroup'] as const;

/** Server rows of the moderation callables: handler module and least-privilege grants (see handler-row.ts). */
export const moderationHandlers = {
  blockMember: { entry: 'handlers/moderation/block-member.ts', permissions: { table: 'readWrite' } },
  unblockMember: { entry: 'handlers/moderation/unblock-member.ts', permissions: { table: 'readWrite' } },
  listBlocked: { entry: 'handlers/moderation/list-blocked.ts', permissions: { table: 'read' } },
  muteMember: { entry: 'handlers/moderation/mute-member.ts', permissions: { table: 'readWrite' } },
  unmuteMember: { entry: 'handlers/moderation/unmute-member.ts', permissions: { table: 'readWrite' } },
  listMuted: { entry: 'handlers/moderation/list-muted.ts', permissions: { table: 'read' } },
  reportContent: { entry: 'handlers/moderation/report-content.ts', permissions: { table: 'readWrite' } },
  listReports: { entry: 'handlers/moderation/list-reports.ts', permissions: { table: 'read' } },
  // remove-content deletes the content as its author's delete would; remove-member(-and-tree) runs a
  // removal as the removal area does (items, pictures, the Cognito account; the worker for the rest).
  resolveReport: {
    entry: 'handlers/moderation/resolve-report.ts',
    permissions: { table: 'readWrite', pictures: 'readWrite', userPoolActions: MEMBER_REMOVAL },
    timeoutSeconds: 29,
  },
  listMyReports: { entry: 'handlers/moderation/list-my-reports.ts', permissions: { table: 'read' } },
  listModerationLog: { entry: 'handlers/moderation/list-moderation-log.ts', permissions: { table: 'read' } },
  getMyStanding: { entry: 'handlers/moderation/get-my-standing.ts', permissions: { table: 'read' } },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
