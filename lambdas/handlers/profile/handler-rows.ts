import type { CallableName } from '#contracts/callables';
import { PARTITIONS } from '#data/table';
import type { CallableHandlerEntry } from '../../handler-row.ts';

/** Server rows of the profile callables (the caller's own record, another member's profile): handler module and least-privilege grants (see handler-row.ts). */
export const profileHandlers = {
  // readWrite: refreshes lastActive (at most hourly) when a member loads the app.
  getMe: { entry: 'handlers/profile/get-me.ts', permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member] } },
  getUserProfile: { entry: 'handlers/profile/get-user-profile.ts', permissions: { table: 'read' } },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
