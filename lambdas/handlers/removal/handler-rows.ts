import type { CallableHandlerEntry } from '../../handler-row.ts';
import type { CallableName } from '#contracts/callables';

/** Who is an admin beyond the records: the Cognito admin group (a removal never takes one). */
const ADMIN_GROUP_READ = 'cognito-idp:ListUsersInGroup';

/** Cognito actions of a removal: find the account by sub (email sign-in) and delete it. */
const ACCOUNT_DELETION = ['cognito-idp:ListUsers', 'cognito-idp:AdminDeleteUser'] as const;

/** A tree's removal also reads the admin group: a tree holding an admin is refused, a member who became one meanwhile is kept. */
const TREE_REMOVAL = [...ACCOUNT_DELETION, ADMIN_GROUP_READ] as const;

/** Server rows of the removal callables: handler module and least-privilege grants (see handler-row.ts). */
export const removalHandlers = {
  // The admin group marks the tree's admins.
  getUserInviteTree: { entry: 'handlers/removal/get-user-invite-tree.ts', permissions: { table: 'read', userPoolActions: [ADMIN_GROUP_READ] } },
  // readWrite everywhere: deletes items, objects under users/{uid}/ and Cognito accounts; hands the
  // rest of a large tree to the removal worker (lambda:InvokeFunction is granted in CDK).
  // 29 s (API Gateway cuts at 30 s), while the call itself works ~8 s and stops at 12 s, walk and
  // freeze included (jobs/removal-settings.ts): far from both limits, the worker does the rest.
  removeUserAndInviteTree: {
    entry: 'handlers/removal/remove-user-and-invite-tree.ts',
    permissions: { table: 'readWrite', pictures: 'readWrite', userPoolActions: TREE_REMOVAL },
    timeoutSeconds: 29,
  },
  deleteMyAccount: {
    entry: 'handlers/removal/delete-my-account.ts',
    permissions: { table: 'readWrite', pictures: 'readWrite', userPoolActions: ACCOUNT_DELETION },
    timeoutSeconds: 29,
  },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;

/** The removal worker (not a callable): the same grants as the removal itself. */
export const removalJobHandlers = {
  removalWorker: {
    entry: 'jobs/removal-worker.ts',
    permissions: { table: 'readWrite', pictures: 'readWrite', userPoolActions: TREE_REMOVAL },
  },
} as const satisfies Record<string, CallableHandlerEntry>;
