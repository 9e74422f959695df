import { forgetModerationListsOf } from '#data/graph';
import { deleteAccountOf } from '#data/members';
import { releaseReservation } from '#data/invites';
import { deleteMemberFiles } from '#data/storage';
import { deleteMemberPosts, withdrawLikesAndComments, type StopCheck } from '#data/posts';
import { deleteDueItemsOf, deleteInviteCodes, deleteOwnItems, deletePairs, deleteUserRecord, deleteVouchMirrors, memberSummary } from '#data/removal';
import { forgetNotificationsBy } from '#data/notifications';
import { VERIFICATION_DUE_KINDS } from './verification.ts';

/**
 * Removes everything of one member, step by step. Each step is idempotent, and the user record
 * goes last (it names the member's invite code and keeps them in the invite tree), so a run that
 * stops anywhere — a crash, the time budget, a failed step — is finished by the next one.
 */
export type RemovalStep =
  | 'invitees'
  | 'posts'
  | 'likes and comments'
  | 'blocks and mutes'
  | 'notifications'
  | 'anchors'
  | 'vouches'
  | 'own items'
  | 'reservation'
  | 'invite code'
  | 'pictures'
  | 'account'
  | 'user record';

/** A step that failed, naming itself, so the job's error says what is left. */
export class StepFailed extends Error {
  constructor(
    readonly step: RemovalStep,
    readonly reason: unknown,
  ) {
    super(`${step}: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'StepFailed';
  }
}

export interface MemberRemovalOptions {
  /** Throws OutOfTime (domain/removal-budget) before each step and between posts once the run must stop. */
  stopIfOutOfTime: StopCheck;
  /** Test hook: runs before each step, e.g. to throw a fault mid-member. */
  beforeStep?: (uid: string, step: RemovalStep) => void;
}

/**
 * Runs steps at once and waits for all of them; a failure is thrown once every step has ended (the
 * first failed one in the given order), so a retry finds only what is really left.
 */
async function stepsTogether(
  step: (name: RemovalStep, work: () => Promise<unknown>) => Promise<void>,
  steps: readonly (readonly [RemovalStep, () => Promise<unknown>])[],
): Promise<void> {
  const outcomes = await Promise.allSettled(steps.map(([name, work]) => step(name, work)));
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Everything of one member, from their posts to their record; also an account that signed up and
 * never joined (no record, or a record without posts): its held invite is given back to the inviter.
 */
export async function removeMember(uid: string, options: MemberRemovalOptions): Promise<void> {
  const step = async (name: RemovalStep, work: () => Promise<unknown>): Promise<void> => {
    // The hard stop holds between steps too, not only inside the long ones (posts, likes, pairs).
    options.stopIfOutOfTime();
    options.beforeStep?.(uid, name);
    try {
      await work();
    } catch (error) {
      if (error instanceof Error && error.name === 'OutOfTime') throw error;
      throw new StepFailed(name, error);
    }
  };
  const summary = await memberSummary(uid);
  await step('posts', () => deleteMemberPosts(uid, options.stopIfOutOfTime));
  await step('likes and comments', () => withdrawLikesAndComments(uid, options.stopIfOutOfTime));
  // Before the record goes: its block lists name whom to take the member's uid from (blocks.ts).
  await step('blocks and mutes', () => forgetModerationListsOf(uid));
  await step('anchors', () => deletePairs(uid, options.stopIfOutOfTime));
  // Before their partition goes: the vouches they received there name the vouchers whose mirrors go too.
  await step('vouches', () => Promise.all([deleteVouchMirrors(uid), deleteDueItemsOf(uid, Object.values(VERIFICATION_DUE_KINDS))]));
  const codes = [...(summary?.inviteCode ? [summary.inviteCode] : []), ...(summary?.retiredInviteCodes ?? [])];
  // What is left touches separate items (the member's partition, their codes, others' notifications,
  // the bucket, Cognito), none reads what another deletes, and each has only to be done before the
  // record goes: they run at once. One after another they were half a member's time in
  // bench:removal, much of it waiting on S3 and Cognito, services of their own.
  await stepsTogether(step, [
    ['own items', () => deleteOwnItems(uid)],
    ['invite code', () => deleteInviteCodes(codes.map((code) => ({ code, ownerUid: uid })))],
    // Others' notifications naming the member ("Ada liked your post"): nothing may name them once gone.
    ['notifications', () => forgetNotificationsBy(uid)],
    ['pictures', () => deleteMemberFiles(uid)],
    ['account', () => deleteAccountOf(uid)],
  ]);
  await step('user record', () => deleteUserRecord(uid));
  // An account that never joined hangs in the tree by its held invite (no invitedBy on a record): last.
  await step('reservation', () => releaseReservation(uid));
}
