import { PARTITIONS } from '#data/table';
import type { CallableHandlerEntry } from '../../handler-row.ts';
import type { CallableName } from '#contracts/callables';

/** Server rows of the account callables: handler module and least-privilege grants (see handler-row.ts). */
export const accountHandlers = {
  // readWrite: the record's session epoch; Cognito's global sign-out of the caller's own account (only that action).
  signOutEverywhere: {
    entry: 'handlers/account/sign-out-everywhere.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member], userPoolActions: ['cognito-idp:AdminUserGlobalSignOut'] },
  },
  // readWrite: the record's email and its byEmail keys (and the index Query for a taken address); AdminGetUser reads the verified address.
  syncAccountEmail: {
    entry: 'handlers/account/sync-account-email.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member], userPoolActions: ['cognito-idp:AdminGetUser'] },
  },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
