import * as z from 'zod';
import { anchorCallables } from './anchors.ts';
import { feedCallables } from './feed.ts';
import { adminCallables } from './admin.ts';
import { invitesCallables } from './invites.ts';
import { joiningCallables } from './joining.ts';
import { metricsCallables } from './metrics.ts';
import { removalCallables } from './removal.ts';
import { settingsCallables } from './settings.ts';
import { userSchema } from './user.ts';

/**
 * Who may call a callable:
 * - public: anyone, no token (e.g. validateInviteCode);
 * - member: a signed-in member (Cognito access token);
 * - admin: a member of the Cognito `admin` group;
 * - dev-only: a signed-in member, and the callable exists only on the dev stage and locally.
 */
export type Access = 'public' | 'member' | 'admin' | 'dev-only';

/**
 * Which callers without a joined membership it serves (lambdas/http/member-presence.ts); absent:
 * only members who have joined (an account still joining gets 403, one without a record 404).
 * - before-record: also a caller without a record, or whose removal has begun (getMe says there is
 *   none, createUserRecord makes it, deleteMyAccount finishes a deletion that stopped halfway);
 * - joining: also an account that signed up and has not joined yet (the joining path).
 */
export type Presence = 'before-record' | 'joining';

/** Action budgets a call spends besides the request budget (lambdas/domain/abuse-limits.ts). */
export type ActionBudget = 'posts' | 'comments' | 'uploads';

export interface CallableContract<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly access: Access;
  readonly input: I;
  readonly output: O;
  readonly description: string;
  readonly presence?: Presence;
  readonly budget?: ActionBudget;
}

/** A callable that takes no payload accepts `{"data": {}}` or `{"data": null}` and nothing else. */
const noInput = z.object({}).strict();

/**
 * The registry of callables, shared by the web client (typed calls), the Lambdas (input parsing,
 * access checks) and, through `lambdas/callable-handlers.ts`, CDK and the local gateway.
 * Each area's contracts live in their own file (joining's with the shared helpers `location.ts`,
 * `phone.ts`, `profile.ts`, `sign-up.ts`).
 */
export const callables = {
  getMe: {
    access: 'member',
    presence: 'before-record',
    input: noInput,
    output: userSchema,
    description:
      "The caller's user record; not-found until it has been created. Loading it is activity for the metrics: lastActive is refreshed when it is over an hour old.",
  },
  validateInviteCode: joiningCallables.validateInviteCode,
  useInviteCode: joiningCallables.useInviteCode,
  suggestCities: joiningCallables.suggestCities,
  createUserRecord: joiningCallables.createUserRecord,
  completeProfile: joiningCallables.completeProfile,
  createProfilePictureUpload: joiningCallables.createProfilePictureUpload,
  confirmProfilePicture: joiningCallables.confirmProfilePicture,
  createPost: feedCallables.createPost,
  getFeed: feedCallables.getFeed,
  getPost: feedCallables.getPost,
  togglePostLike: feedCallables.togglePostLike,
  getPostLikers: feedCallables.getPostLikers,
  addComment: feedCallables.addComment,
  listComments: feedCallables.listComments,
  sendAnchorRequest: anchorCallables.sendAnchorRequest,
  acceptAnchorRequest: anchorCallables.acceptAnchorRequest,
  removeAnchorRequest: anchorCallables.removeAnchorRequest,
  removeAnchor: anchorCallables.removeAnchor,
  listAnchors: anchorCallables.listAnchors,
  listAnchorRequests: anchorCallables.listAnchorRequests,
  searchUsers: anchorCallables.searchUsers,
  getUserProfile: anchorCallables.getUserProfile,
  createDummyAnchors: anchorCallables.createDummyAnchors,
  ...invitesCallables,
  ...adminCallables,
  ...metricsCallables,
  ...removalCallables,
  ...settingsCallables,
} as const satisfies Record<string, CallableContract>;

export type CallableName = keyof typeof callables;
export type CallableInput<N extends CallableName> = z.input<(typeof callables)[N]['input']>;
export type CallableOutput<N extends CallableName> = z.output<(typeof callables)[N]['output']>;

export const callableNames = Object.keys(callables) as CallableName[];

/** A callable's contract with every optional field visible (the registry's rows are literal types). */
export function contractOf(name: CallableName): CallableContract {
  return callables[name];
}

export function isCallableName(name: string): name is CallableName {
  return Object.hasOwn(callables, name);
}
