import type { CallableName } from '#contracts/callables';
import type { CallableHandlerEntry } from '../../handler-row.ts';

/** The US city-centre table (lambdas/data/places/us-places.ts reads it), copied beside these functions. */
const US_PLACES = ['data/places/us-places.txt'] as const;

/** Server rows of the invite callables (checking and using a code, the Invites page): handler module and least-privilege grants (see handler-row.ts). */
export const invitesHandlers = {
  // readWrite: the per-client rate-limit counter.
  validateInviteCode: { entry: 'handlers/invites/validate-invite-code.ts', permissions: { table: 'readWrite' }, assets: US_PLACES },
  useInviteCode: { entry: 'handlers/invites/use-invite-code.ts', permissions: { table: 'readWrite' }, assets: US_PLACES },
  // table read: the caller's record must exist (lambdas/http/member-presence.ts).
  suggestCities: { entry: 'handlers/invites/suggest-cities.ts', permissions: { table: 'read' }, assets: US_PLACES },
  getMyInvites: { entry: 'handlers/invites/get-my-invites.ts', permissions: { table: 'read' } },
  // readWrite: the new code, the old one retired and the record, in one transaction.
  replaceInviteCode: { entry: 'handlers/invites/replace-invite-code.ts', permissions: { table: 'readWrite' } },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
