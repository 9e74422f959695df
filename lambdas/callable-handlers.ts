import type { CallableName } from '#contracts/callables';
import type { CallableHandlerEntry } from './handler-row.ts';
import { OBJECT_PREFIXES, PARTITIONS } from '#data/table';
import { accountHandlers } from './handlers/account/handler-rows.ts';
import { adminHandlers } from './handlers/admin/handler-rows.ts';
import { anchorsHandlers } from './handlers/anchors/handler-rows.ts';
import { devHandlers } from './handlers/dev/handler-rows.ts';
import { exportsHandlers, exportsJobHandlers } from './handlers/exports/handler-rows.ts';
import { feedHandlers } from './handlers/feed/handler-rows.ts';
import { invitesHandlers } from './handlers/invites/handler-rows.ts';
import { joiningHandlers } from './handlers/joining/handler-rows.ts';
import { metricsHandlers } from './handlers/metrics/handler-rows.ts';
import { moderationHandlers } from './handlers/moderation/handler-rows.ts';
import { notificationsHandlers } from './handlers/notifications/handler-rows.ts';
import { profileHandlers } from './handlers/profile/handler-rows.ts';
import { EVERY_OBJECT_PREFIX, MEMBER_REMOVAL_PARTITIONS, removalHandlers, removalJobHandlers } from './handlers/removal/handler-rows.ts';
import { settingsHandlers } from './handlers/settings/handler-rows.ts';
import { vouchingHandlers } from './handlers/vouching/handler-rows.ts';

/**
 * The server side of the callable registry, gathered from each handler area's rows: every callable
 * of contracts/callables.ts has exactly one row (the type says so: a missing one does not compile).
 */
export const callableHandlers: Record<CallableName, CallableHandlerEntry> = {
  ...joiningHandlers,
  ...profileHandlers,
  ...feedHandlers,
  ...anchorsHandlers,
  ...invitesHandlers,
  ...adminHandlers,
  ...metricsHandlers,
  ...removalHandlers,
  ...settingsHandlers,
  ...moderationHandlers,
  ...notificationsHandlers,
  ...accountHandlers,
  ...exportsHandlers,
  ...devHandlers,
  ...vouchingHandlers,
};

/** Functions that are not callables: Cognito triggers, scheduled jobs, the removal worker and the table stream's consumer. */
export const triggerHandlers = {
  // readWrite: holds one of the inviter's invites for the new account.
  preSignUp: {
    entry: 'triggers/pre-sign-up.ts',
    // Its sign-up budgets are counted here (a trigger is no callable: lib/rate-limit-grant.ts is not its).
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.reservations, PARTITIONS.spentSignUpTicket, PARTITIONS.rateCounters] },
    // Checks the sign-up ticket validateInviteCode issued.
    needs: { secrets: ['signUpTicket'] },
  },
  // readWrite: a verified email turns the held invite into one that counts as verified (and lasts 7 days):
  // the reservation and the inviter's unverified count on their record. A completed password reset
  // writes the member's session epoch on their record (its global sign-out: a policy of its own, lib/auth.ts).
  postConfirmation: { entry: 'triggers/post-confirmation.ts', permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.reservations] } },
} as const satisfies Record<string, CallableHandlerEntry>;

export const jobHandlers = {
  // The day's record, and the counters that fell to zero (dropped).
  dailyMetrics: { entry: 'jobs/daily-metrics.ts', permissions: { table: 'readWrite', tableWrites: [PARTITIONS.dailyMetrics, PARTITIONS.metricsCounters] } },
  // Deletes unjoined accounts whose held invite lapsed (record, files, Cognito user) and gives invites back.
  inviteLapses: {
    entry: 'jobs/lapse-reservations.ts',
    permissions: {
      table: 'readWrite',
      // A removal's partitions (the same removal code) but the audit log and removal jobs: no admin acts here.
      tableWrites: MEMBER_REMOVAL_PARTITIONS.filter((partition) => partition !== PARTITIONS.audit && partition !== PARTITIONS.removalJob),
      pictures: 'readWrite',
      pictureKeys: EVERY_OBJECT_PREFIX,
      userPoolActions: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminDeleteUser', 'cognito-idp:ListUsers'],
    },
  },
  // Every minute: work due by now (lambdas/workflows/due-work.ts), each item deleted once done.
  // A verification's lapse rewrites the member's record and due items; its notice is written on the
  // record (the table stream makes the notification and pushes it).
  dueItemsSweep: { entry: 'jobs/due-items-sweep.ts', permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.dueItem] } },
  ...removalJobHandlers,
  ...exportsJobHandlers,
  // The table stream's consumer (lib/table-stream.ts, local/table-stream.ts): reacts to changes off
  // the request path. Its livePush need: CDK grants it execute-api:ManageConnections and the endpoint (lib/anchored-stack.ts).
  // pictures readWrite: an ex-anchor's photos move to new keys (copy, then delete the old ones).
  tableStream: {
    entry: 'streams/table-stream.ts',
    permissions: {
      table: 'readWrite',
      // Notifications and feed entries, like counts on posts, the metrics' counters, forgotten live sockets.
      tableWrites: [PARTITIONS.member, PARTITIONS.post, PARTITIONS.metricsCounters, PARTITIONS.liveConnections, PARTITIONS.liveConnectionOwners],
      pictures: 'readWrite',
      pictureKeys: [OBJECT_PREFIXES.served, OBJECT_PREFIXES.legacy],
    },
    needs: { livePush: true },
  },
} as const satisfies Record<string, CallableHandlerEntry>;
