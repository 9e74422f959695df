import type { CallableName } from '#contracts/callables';
import type { CallableHandlerEntry } from '../../handler-row.ts';

/** Server rows of the callables of the caller's own record: handler module and least-privilege grants (see handler-row.ts). */
export const usersHandlers = {
  // pictures read: signs the short-lived URL of the member's picture.
  // readWrite: refreshes lastActive (at most hourly) when a member loads the app.
  getMe: { entry: 'handlers/users/get-me.ts', permissions: { table: 'readWrite', pictures: 'read' } },
  createUserRecord: {
    entry: 'handlers/users/create-user-record.ts',
    permissions: { table: 'readWrite', pictures: 'read', userPoolActions: ['cognito-idp:AdminGetUser'] },
  },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
