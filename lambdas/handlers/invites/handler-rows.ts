import type { CallableName } from '#contracts/callables';
import { PARTITIONS } from '#data/table';
import type { CallableHandlerEntry } from '../../handler-row.ts';

/** Server rows of the Invites page's callables: handler module and least-privilege grants (see handler-row.ts). */
export const invitesHandlers = {
  getMyInvites: { entry: 'handlers/invites/get-my-invites.ts', permissions: { table: 'read' } },
  // readWrite: the new code, the old one retired and the record, in one transaction; then the holds
  // of unverified accounts made with the old code are released (reservations).
  replaceInviteCode: {
    entry: 'handlers/invites/replace-invite-code.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.inviteCode, PARTITIONS.reservations] },
  },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
