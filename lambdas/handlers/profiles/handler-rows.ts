import type { CallableName } from '#contracts/callables';
import type { CallableHandlerEntry } from '../../handler-row.ts';

/** Server rows of the profile view callable: handler module and least-privilege grants (see handler-row.ts). */
export const profilesHandlers = {
  getUserProfile: { entry: 'handlers/profiles/get-user-profile.ts', permissions: { table: 'read', pictures: 'read' } },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
