import type { CallableHandlerEntry } from '../../callable-handlers.ts';
import type { invitesCallables } from '#contracts/invites';

/** Server rows of the Invites page's callables: handler module and least-privilege grants (see callable-handlers.ts). */
export const invitesHandlers: Record<keyof typeof invitesCallables, CallableHandlerEntry> = {
  getMyInvites: { entry: 'handlers/invites/get-my-invites.ts', permissions: { table: 'read' } },
  // readWrite: the new code, the old one retired and the record, in one transaction.
  replaceInviteCode: { entry: 'handlers/invites/replace-invite-code.ts', permissions: { table: 'readWrite' } },
};
