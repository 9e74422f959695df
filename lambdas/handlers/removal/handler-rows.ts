import { OBJECT_PREFIXES, PARTITIONS } from '#data/table';
import type { CallableHandlerEntry } from '../../handler-row.ts';
import type { CallableName } from '#contracts/callables';

/** Who is an admin beyond the records: the Cognito admin group (a removal never takes one). */
const ADMIN_GROUP_READ = 'cognito-idp:ListUsersInGroup';

/** Cognito actions of a removal: find the account by sub (email sign-in) and delete it. */
const ACCOUNT_DELETION = ['cognito-idp:ListUsers', 'cognito-idp:AdminDeleteUser'] as const;

/** A tree's removal also reads the admin group: a tree holding an admin is refused, a member who became one meanwhile is kept. */
const TREE_REMOVAL = [...ACCOUNT_DELETION, ADMIN_GROUP_READ] as const;

/**
 * What a removal writes: the member's partition and others' items that name them (edges, feed
 * entries, likes and comments on posts, the mirrors of vouches they received), their friendships
 * and invite codes, a held invite, their due work (a verification's lapse and notice), the audit
 * entry and the removal job, and the stored daily metrics (topInviters forgets them). A removal
 * after a report of someone not real also rewrites their vouchers' and vouchees' verification,
 * whose due work it reschedules.
 */
export const MEMBER_REMOVAL_PARTITIONS = [
  PARTITIONS.member,
  PARTITIONS.dueItem,
  PARTITIONS.post,
  PARTITIONS.friendship,
  PARTITIONS.inviteCode,
  PARTITIONS.reservations,
  PARTITIONS.audit,
  PARTITIONS.removalJob,
  PARTITIONS.dailyMetrics,
] as const;
/** A removal deletes a member's objects under every prefix (pictures, staged uploads, legacy files, exports). */
export const EVERY_OBJECT_PREFIX = Object.values(OBJECT_PREFIXES);

/** Server rows of the removal callables: handler module and least-privilege grants (see handler-row.ts). */
export const removalHandlers = {
  // The admin group marks the tree's admins.
  getUserInviteTree: { entry: 'handlers/removal/get-user-invite-tree.ts', permissions: { table: 'read', userPoolActions: [ADMIN_GROUP_READ] } },
  // readWrite everywhere: deletes items, objects under users/{uid}/ and Cognito accounts; hands the
  // rest of a large tree to the removal worker (lambda:InvokeFunction is granted in CDK).
  // 29 s (API Gateway cuts at 30 s), while the call itself works ~8 s and stops at 12 s, walk and
  // freeze included (workflows/removal-settings.ts): far from both limits, the worker does the rest.
  removeUserAndInviteTree: {
    entry: 'handlers/removal/remove-user-and-invite-tree.ts',
    permissions: {
      table: 'readWrite',
      tableWrites: MEMBER_REMOVAL_PARTITIONS,
      pictures: 'readWrite',
      pictureKeys: EVERY_OBJECT_PREFIX,
      userPoolActions: TREE_REMOVAL,
    },
    needs: { workers: ['removal'] },
    timeoutSeconds: 29,
  },
  deleteMyAccount: {
    entry: 'handlers/removal/delete-my-account.ts',
    permissions: {
      table: 'readWrite',
      tableWrites: MEMBER_REMOVAL_PARTITIONS,
      pictures: 'readWrite',
      pictureKeys: EVERY_OBJECT_PREFIX,
      userPoolActions: ACCOUNT_DELETION,
    },
    needs: { workers: ['removal'] },
    timeoutSeconds: 29,
  },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;

/** The removal worker (not a callable): the same grants as the removal itself. */
export const removalJobHandlers = {
  removalWorker: {
    entry: 'jobs/removal-worker.ts',
    permissions: {
      table: 'readWrite',
      tableWrites: MEMBER_REMOVAL_PARTITIONS,
      pictures: 'readWrite',
      pictureKeys: EVERY_OBJECT_PREFIX,
      userPoolActions: TREE_REMOVAL,
    },
  },
} as const satisfies Record<string, CallableHandlerEntry>;
