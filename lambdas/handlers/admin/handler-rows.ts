import { PARTITIONS } from '#data/table';
import type { CallableHandlerEntry } from '../../handler-row.ts';
import type { CallableName } from '#contracts/callables';

/** Server rows of the admin callables: handler module and least-privilege grants (see handler-row.ts). */
export const adminHandlers = {
  // readWrite: the flag and its audit entry, in one transaction.
  grantSuperuserStatus: {
    entry: 'handlers/admin/grant-superuser-status.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.audit] },
  },
  revokeSuperuserStatus: {
    entry: 'handlers/admin/revoke-superuser-status.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.audit] },
  },
  // The record's flag and its audit entry in one transaction; then the target's admin group, found by sub.
  grantAdmin: {
    entry: 'handlers/admin/grant-admin.ts',
    permissions: {
      table: 'readWrite',
      tableWrites: [PARTITIONS.member, PARTITIONS.audit],
      userPoolActions: ['cognito-idp:ListUsers', 'cognito-idp:AdminAddUserToGroup'],
    },
  },
  revokeAdmin: {
    entry: 'handlers/admin/revoke-admin.ts',
    permissions: {
      table: 'readWrite',
      tableWrites: [PARTITIONS.member, PARTITIONS.audit],
      userPoolActions: ['cognito-idp:ListUsers', 'cognito-idp:AdminRemoveUserFromGroup'],
    },
  },
  getAdminOverview: { entry: 'handlers/admin/get-admin-overview.ts', permissions: { table: 'read' } },
  searchMembers: { entry: 'handlers/admin/search-members.ts', permissions: { table: 'read' } },
  listAuditLog: { entry: 'handlers/admin/list-audit-log.ts', permissions: { table: 'read' } },
  // Dev-only (absent on prod): the caller's verified email (AdminGetUser, for the devAdminEmails
  // list), their own admin group membership, the record's flag, the log.
  setAdminClaim: {
    entry: 'handlers/admin/set-admin-claim.ts',
    permissions: {
      table: 'readWrite',
      tableWrites: [PARTITIONS.member, PARTITIONS.audit],
      userPoolActions: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminAddUserToGroup'],
    },
  },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
