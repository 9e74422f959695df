import type { CallableHandlerEntry } from '../../callable-handlers.ts';
import type { removalCallables } from '#contracts/removal';

/** Cognito actions of a removal: find the account by sub (email sign-in) and delete it. */
const ACCOUNT_DELETION = ['cognito-idp:ListUsers', 'cognito-idp:AdminDeleteUser'] as const;

/** Server rows of the removal callables: handler module and least-privilege grants (see callable-handlers.ts). */
export const removalHandlers: Record<keyof typeof removalCallables, CallableHandlerEntry> = {
  getUserInviteTree: { entry: 'handlers/removal/get-user-invite-tree.ts', permissions: { table: 'read' } },
  // readWrite everywhere: deletes items, objects under users/{uid}/ and Cognito accounts; hands the
  // rest of a large tree to the removal worker (lambda:InvokeFunction is granted in CDK).
  // 29 s (API Gateway cuts at 30 s), while the call itself works ~8 s and stops at 12 s, walk and
  // freeze included (jobs/removal-settings.ts): far from both limits, the worker does the rest.
  removeUserAndInviteTree: {
    entry: 'handlers/removal/remove-user-and-invite-tree.ts',
    permissions: { table: 'readWrite', pictures: 'readWrite', userPoolActions: ACCOUNT_DELETION },
    timeoutSeconds: 29,
  },
  deleteMyAccount: {
    entry: 'handlers/removal/delete-my-account.ts',
    permissions: { table: 'readWrite', pictures: 'readWrite', userPoolActions: ACCOUNT_DELETION },
    timeoutSeconds: 29,
  },
};

/** The removal worker (not a callable): the same grants as the removal itself. */
export const removalJobHandlers = {
  removalWorker: {
    entry: 'jobs/removal-worker.ts',
    permissions: { table: 'readWrite', pictures: 'readWrite', userPoolActions: ACCOUNT_DELETION },
  },
} as const satisfies Record<string, CallableHandlerEntry>;
