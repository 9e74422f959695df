import type { CallableName } from '#contracts/callables';
import { PARTITIONS } from '#data/table';
import { EVERY_OBJECT_PREFIX, MEMBER_REMOVAL_PARTITIONS } from '../removal/handler-rows.ts';
import type { CallableHandlerEntry } from '../../handler-row.ts';

/** Cognito actions of a member's removal (as the removal area's): find the account by sub and delete it; the admin group marks admins. */
const MEMBER_REMOVAL = ['cognito-idp:ListUsers', 'cognito-idp:AdminDeleteUser', 'cognito-idp:ListUsersInGroup'] as const;

/** Server rows of the moderation callables: handler module and least-privilege grants (see handler-row.ts). */
export const moderationHandlers = {
  blockMember: { entry: 'handlers/moderation/block-member.ts', permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.friendship] } },
  unblockMember: {
    entry: 'handlers/moderation/unblock-member.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.friendship] },
  },
  listBlocked: { entry: 'handlers/moderation/list-blocked.ts', permissions: { table: 'read' } },
  muteMember: { entry: 'handlers/moderation/mute-member.ts', permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member] } },
  unmuteMember: { entry: 'handlers/moderation/unmute-member.ts', permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member] } },
  listMuted: { entry: 'handlers/moderation/list-muted.ts', permissions: { table: 'read' } },
  reportContent: {
    entry: 'handlers/moderation/report-content.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.report, PARTITIONS.reportsOnTarget] },
  },
  listReports: { entry: 'handlers/moderation/list-reports.ts', permissions: { table: 'read' } },
  // remove-content deletes the content as its author's delete would; remove-member(-and-tree) runs a
  // removal as the removal area does (items, pictures, the Cognito account; the worker for the rest).
  resolveReport: {
    entry: 'handlers/moderation/resolve-report.ts',
    permissions: {
      table: 'readWrite',
      tableWrites: [...MEMBER_REMOVAL_PARTITIONS, PARTITIONS.report, PARTITIONS.reportsOnTarget, PARTITIONS.moderationLog],
      pictures: 'readWrite',
      pictureKeys: EVERY_OBJECT_PREFIX,
      userPoolActions: MEMBER_REMOVAL,
    },
    // Its remove-member and remove-member-and-tree hand the rest of a removal to the worker.
    needs: { workers: ['removal'] },
    timeoutSeconds: 29,
  },
  listMyReports: { entry: 'handlers/moderation/list-my-reports.ts', permissions: { table: 'read' } },
  listModerationLog: { entry: 'handlers/moderation/list-moderation-log.ts', permissions: { table: 'read' } },
  getMyStanding: { entry: 'handlers/moderation/get-my-standing.ts', permissions: { table: 'read' } },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
