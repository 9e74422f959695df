import type { CallableName } from '#contracts/callables';
import { PARTITIONS } from '#data/table';
import type { CallableHandlerEntry } from '../../handler-row.ts';

/** Server rows of the dev tools' callables: handler module and least-privilege grants (see handler-row.ts). */
export const devHandlers = {
  // AdminGetUser: the devAdminEmails gate reads the caller's verified email (lambdas/http/dev-admin-gate.ts).
  createDummyAnchors: {
    entry: 'handlers/dev/create-dummy-anchors.ts',
    permissions: {
      table: 'readWrite',
      tableWrites: [PARTITIONS.member, PARTITIONS.friendship, PARTITIONS.inviteCode],
      userPoolActions: ['cognito-idp:AdminGetUser'],
    },
  },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
