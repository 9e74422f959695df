import type { CallableName } from '#contracts/callables';
import { adminHandlers } from './handlers/admin/handler-rows.ts';
import { invitesHandlers } from './handlers/invites/handler-rows.ts';
import { metricsHandlers } from './handlers/metrics/handler-rows.ts';
import { removalHandlers, removalJobHandlers } from './handlers/removal/handler-rows.ts';
import { settingsHandlers } from './handlers/settings/handler-rows.ts';

/**
 * What each callable's Lambda may touch. CDK grants exactly this (least privilege); the local
 * gateway ignores it (one process), and the infra tests check every grant against it.
 */
export interface Permissions {
  readonly table?: 'read' | 'readWrite';
  readonly pictures?: 'read' | 'readWrite';
  /** Cognito admin actions, e.g. 'cognito-idp:AdminAddUserToGroup'. */
  readonly userPoolActions?: readonly string[];
}

export interface CallableHandlerEntry {
  /** Handler module, relative to lambdas/, exporting `handler`. */
  readonly entry: string;
  readonly permissions: Permissions;
  /**
   * Data files (relative to lambdas/) the handler reads beside its module at run time; CDK copies
   * each beside the bundle, so only these functions carry them.
   */
  readonly assets?: readonly string[];
  /** Lambda timeout when 10 s is not enough (API Gateway's HTTP API still cuts a request at 30 s). */
  readonly timeoutSeconds?: number;
}

/** The US city-centre table (lambdas/data/places/us-places.ts reads it). */
const US_PLACES = ['data/places/us-places.txt'] as const;

/** The server side of the callable registry: every callable of contracts/callables.ts has a row. */
export const callableHandlers: Record<CallableName, CallableHandlerEntry> = {
  // pictures read: signs the short-lived URL of the member's picture.
  // readWrite: refreshes lastActive (at most hourly) when a member loads the app.
  getMe: { entry: 'handlers/users/get-me.ts', permissions: { table: 'readWrite', pictures: 'read' } },
  createUserRecord: {
    entry: 'handlers/users/create-user-record.ts',
    permissions: { table: 'readWrite', pictures: 'read', userPoolActions: ['cognito-idp:AdminGetUser'] },
  },
  completeProfile: { entry: 'handlers/profile/complete-profile.ts', permissions: { table: 'readWrite', pictures: 'read' } },
  // readWrite: a presigned POST is signed with the role's s3:PutObject. table read: the caller's record must exist.
  createProfilePictureUpload: { entry: 'handlers/profile/create-profile-picture-upload.ts', permissions: { table: 'read', pictures: 'readWrite' } },
  // readWrite: reads the upload's head and first bytes, deletes a bad one.
  confirmProfilePicture: { entry: 'handlers/profile/confirm-profile-picture.ts', permissions: { table: 'readWrite', pictures: 'readWrite' } },
  // readWrite: the per-client rate-limit counter.
  validateInviteCode: { entry: 'handlers/invites/validate-invite-code.ts', permissions: { table: 'readWrite' }, assets: US_PLACES },
  useInviteCode: { entry: 'handlers/invites/use-invite-code.ts', permissions: { table: 'readWrite' }, assets: US_PLACES },
  // table read: the caller's record must exist (lambdas/http/member-presence.ts).
  suggestCities: { entry: 'handlers/invites/suggest-cities.ts', permissions: { table: 'read' }, assets: US_PLACES },
  // Feed. pictures read: authors' pictures are signed into short-lived URLs.
  createPost: { entry: 'handlers/posts/create-post.ts', permissions: { table: 'readWrite', pictures: 'read' } },
  getFeed: { entry: 'handlers/posts/get-feed.ts', permissions: { table: 'read', pictures: 'read' } },
  getPost: { entry: 'handlers/posts/get-post.ts', permissions: { table: 'read', pictures: 'read' } },
  togglePostLike: { entry: 'handlers/posts/toggle-post-like.ts', permissions: { table: 'readWrite' } },
  getPostLikers: { entry: 'handlers/posts/get-post-likers.ts', permissions: { table: 'read' } },
  addComment: { entry: 'handlers/posts/add-comment.ts', permissions: { table: 'readWrite', pictures: 'read' } },
  listComments: { entry: 'handlers/posts/list-comments.ts', permissions: { table: 'read', pictures: 'read' } },
  // Anchors. pictures read: members' pictures are signed into short-lived URLs.
  sendAnchorRequest: { entry: 'handlers/anchors/send-anchor-request.ts', permissions: { table: 'readWrite' } },
  // readWrite: the pair, both edges, both counters, and the feed catch-up both ways.
  acceptAnchorRequest: { entry: 'handlers/anchors/accept-anchor-request.ts', permissions: { table: 'readWrite' } },
  removeAnchorRequest: { entry: 'handlers/anchors/remove-anchor-request.ts', permissions: { table: 'readWrite' } },
  removeAnchor: { entry: 'handlers/anchors/remove-anchor.ts', permissions: { table: 'readWrite' } },
  listAnchors: { entry: 'handlers/anchors/list-anchors.ts', permissions: { table: 'read', pictures: 'read' } },
  listAnchorRequests: { entry: 'handlers/anchors/list-anchor-requests.ts', permissions: { table: 'read', pictures: 'read' } },
  searchUsers: { entry: 'handlers/anchors/search-users.ts', permissions: { table: 'read', pictures: 'read' } },
  getUserProfile: { entry: 'handlers/profiles/get-user-profile.ts', permissions: { table: 'read', pictures: 'read' } },
  createDummyAnchors: { entry: 'handlers/dev/create-dummy-anchors.ts', permissions: { table: 'readWrite', pictures: 'read' } },
  // Each of these areas keeps its rows beside its handlers.
  ...invitesHandlers,
  ...adminHandlers,
  ...metricsHandlers,
  ...removalHandlers,
  ...settingsHandlers,
};

/** Functions that are not callables: Cognito triggers and scheduled jobs. */
export const triggerHandlers = {
  // readWrite: holds one of the inviter's invites for the new account.
  preSignUp: { entry: 'triggers/pre-sign-up.ts', permissions: { table: 'readWrite' } },
} as const satisfies Record<string, CallableHandlerEntry>;

export const jobHandlers = {
  dailyMetrics: { entry: 'jobs/daily-metrics.ts', permissions: { table: 'readWrite' } },
  // Deletes unjoined accounts whose held invite lapsed (record, files, Cognito user) and gives invites back.
  inviteLapses: {
    entry: 'jobs/lapse-reservations.ts',
    permissions: {
      table: 'readWrite',
      pictures: 'readWrite',
      userPoolActions: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminDeleteUser', 'cognito-idp:ListUsers'],
    },
  },
  ...removalJobHandlers,
} as const satisfies Record<string, CallableHandlerEntry>;
