import type * as z from 'zod';
import { accountCallables } from './account.ts';
import { adminCallables } from './admin.ts';
import { anchorsCallables } from './anchors.ts';
import { devCallables } from './dev.ts';
import { exportsCallables } from './exports.ts';
import { feedCallables } from './feed.ts';
import { invitesCallables } from './invites.ts';
import { joiningCallables } from './joining.ts';
import { metricsCallables } from './metrics.ts';
import { moderationCallables } from './moderation.ts';
import { notificationsCallables } from './notifications.ts';
import { profileCallables } from './profile.ts';
import { removalCallables } from './removal.ts';
import { settingsCallables } from './settings.ts';
import { vouchingCallables } from './vouching.ts';

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
 * - joining: also an account that signed up and has not joined yet (the joining path);
 * - own-read: only joined members, like absent, but checked by the handler from the caller's record
 *   read within its own request (getFeed reads it in the feed page's BatchGet): one request less.
 */
export type Presence = 'before-record' | 'joining' | 'own-read';

/** Action budgets a call spends besides the request budget (lambdas/domain/abuse-limits.ts). */
export type ActionBudget =
  'posts' | 'comments' | 'uploads' | 'edits' | 'reports' | 'blocks' | 'privacy' | 'anchorRemovals' | 'anchorRequests' | 'likes' | 'vouchCodes' | 'vouchChecks';

export interface CallableContract<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly access: Access;
  readonly input: I;
  readonly output: O;
  readonly description: string;
  readonly presence?: Presence;
  readonly budget?: ActionBudget;
  /**
   * Reads only (its handler row grants no write): its request budget is counted in memory by the
   * warm function, with no DynamoDB write; the stage throttle and the WAF wall what one function
   * instance cannot see (lambdas/http/rate-limit.ts).
   */
  readonly readOnly?: true;
  /**
   * Refused (403, with the date) to a suspended member: every write others can see or that spends
   * community resources (post, comment, like, anchor, name and pictures, invite code, dev tools),
   * never what protects or frees the member (block, mute, deletes, reports, export, sign out,
   * deleting the account; updatePrivacy refuses only a widening itself). The presence check reads
   * the suspension from the caller's record.
   */
  readonly refusedWhileSuspended?: true;
}

/**
 * The callables by area. An area has one name in every layer: its contracts are
 * `lambdas/contracts/<area>.ts`, its handlers `lambdas/handlers/<area>/` (one nested stack on AWS),
 * its screens `web/src/features/<area>/` where it has some (test/unit/areas.test.ts checks it).
 */
export const callableAreas = {
  joining: joiningCallables,
  profile: profileCallables,
  feed: feedCallables,
  anchors: anchorsCallables,
  invites: invitesCallables,
  admin: adminCallables,
  metrics: metricsCallables,
  removal: removalCallables,
  settings: settingsCallables,
  moderation: moderationCallables,
  notifications: notificationsCallables,
  account: accountCallables,
  exports: exportsCallables,
  vouching: vouchingCallables,
  dev: devCallables,
} as const;
export type CallableArea = keyof typeof callableAreas;

/**
 * The registry of callables, shared by the web client (typed calls), the Lambdas (input parsing,
 * access checks) and, through `lambdas/callable-handlers.ts`, CDK and the local gateway.
 */
export const callables = {
  ...joiningCallables,
  ...profileCallables,
  ...feedCallables,
  ...anchorsCallables,
  ...invitesCallables,
  ...adminCallables,
  ...metricsCallables,
  ...removalCallables,
  ...settingsCallables,
  ...moderationCallables,
  ...notificationsCallables,
  ...accountCallables,
  ...exportsCallables,
  ...vouchingCallables,
  ...devCallables,
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
