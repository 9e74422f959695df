import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REMOVAL_MESSAGES } from '../../lambdas/contracts/removal.ts';
import { call, errorOf, expectRefusal, ok, resultOf } from '../support/callable-client.ts';
import { signIn } from '../support/local-cloud-client.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import {
  actWhileBeingRemoved,
  EXPECTED_STAYERS,
  itemsNaming,
  leftovers,
  metricsInviters,
  REFUSED_WHILE_BEING_REMOVED,
  seedCommunity,
  stayersSnapshot,
  TREE,
  uidOf,
  type Community,
} from '../support/removal-community.ts';

/**
 * Each case that waits for a removal to finish and the stream to catch up: its waits (the worker
 * up to 60 s, then the leftovers and the stayers up to 30 s each) stand inside its own timeout, so
 * a slow step fails with its own message, never the bare 30 s timeout (which CI hit beside e2e).
 */
const UNTIL_FINISHED = { timeout: 150_000 };

/** The answer once the 12-member tree is gone (what a finishing or later call returns). */
const REMOVED_WHOLE_TREE = { totalRemoved: 12, errors: [], complete: true, remaining: 0, inBackground: false };

const endpoints = inject('endpoints');
const founder = inject('founder');
useLocalCloudData(endpoints);
// The data layer in this process hands work to the worker through the gateway, as the callable does.
Object.assign(process.env, { LAMBDA_ENDPOINT: inject('localCloudSecrets').lambdaEndpoint, REMOVAL_WORKER_FUNCTION: 'RemovalWorker' });
const { runRemoval, startTreeRemoval } = await import('../../lambdas/workflows/removal-runner.ts');
const { removeMember } = await import('../../lambdas/workflows/member-removal.ts');
const { forgetInMetrics } = await import('#data/removal');
const { claimRemovalJob, getRemovalJob, markMemberRemoved } = await import('#data/removal');
const { listAuditEntries } = await import('#data/members');
const { dispatchRemovalWorker } = await import('#data/removal');
const { getUser } = await import('#data/members');
const { markRemovalPending } = await import('#data/members');
const { dynamo, tableName } = await import('#data/table');

let admin: TestMember;
const communities: Community[] = [];

async function community(tag: string): Promise<Community> {
  const seeded = await seedCommunity(endpoints, `${tag}-${Date.now().toString(36)}`);
  communities.push(seeded);
  return seeded;
}

function treeUids(seeded: Community): string[] {
  return TREE.map((label) => uidOf(seeded, label));
}

/** The one item a finished removal leaves (for a day): the final counts, under the root's id only. */
function finishedRecord(item: Record<string, unknown>): boolean {
  return String(item.pk).startsWith('REMOVAL#') && typeof item.finishedAt === 'string' && !('members' in item) && !('removed' in item);
}

/**
 * An admin's call on a started removal of the 12-member tree: it removes the rest within its few
 * seconds, or (on a loaded machine) hands what is left to the worker, which finishes it.
 */
async function expectRemovalFinishes(answer: { complete: boolean; inBackground: boolean; errors: string[] }, rootUid: string) {
  if (answer.complete) {
    expect(answer).toEqual(REMOVED_WHOLE_TREE);
    return;
  }
  expect(answer).toMatchObject({ errors: [], inBackground: true });
  await expect.poll(() => getRemovalJob({ rootUid, kind: 'tree' }), { timeout: 60_000, interval: 200 }).toBeNull();
}

async function expectGoneAndRestored(seeded: Community) {
  // A stayer's post may still be on its way through the table's stream to a removed anchor's feed
  // when the job ends; the removed edge's own reaction (or the fan-out's re-check) takes it out
  // again, so nothing is left once the stream has caught up; the stayers' feeds follow the same way.
  await expect
    .poll(() => leftovers(endpoints, treeUids(seeded), finishedRecord), { timeout: 30_000, interval: 200 })
    .toEqual({ items: [], accounts: [], objects: [] });
  await expect.poll(() => stayersSnapshot(seeded), { timeout: 30_000, interval: 200 }).toEqual(EXPECTED_STAYERS);
  expect(await metricsInviters(seeded)).toEqual(['S1']);
  // The stayers keep their own pictures and accounts.
  expect(await leftovers(endpoints, [uidOf(seeded, 'S1')])).toMatchObject({ accounts: [uidOf(seeded, 'S1')] });
}

async function rootOf(seeded: Community) {
  const root = await getUser(uidOf(seeded, 'R'));
  if (!root) throw new Error('R is missing');
  return root;
}

/** What an admin asks for: the founder removing, with a reason. */
function request(reason: string) {
  return { adminUid: admin.uid, adminName: 'Founder', reason };
}

/** The audit entries about one member (their removal writes exactly one). */
async function auditEntriesOn(targetId: string) {
  return (await listAuditEntries(100)).filter((entry) => entry.targetId === targetId);
}

beforeAll(async () => {
  const { accessToken } = await signIn(endpoints, founder.email, founder.password);
  admin = { uid: founder.userId, email: founder.email, accessToken, inviteCode: founder.inviteCode };
});

afterAll(async () => {
  await Promise.all(communities.map((seeded) => dynamo().send(new DeleteCommand({ TableName: tableName(), Key: seeded.metricsKey }))));
});

describe('getUserInviteTree, the refusals, and a whole removal', () => {
  // One community for the three tests (seeding takes seconds): the first two only read it.
  let seeded: Community;
  beforeAll(async () => {
    seeded = await community('whole');
  });

  it('shows the tree, refuses non-admins, unknown members, an empty reason and the admin themself', async () => {
    const { tree, totalUsers } = await ok(endpoints, 'getUserInviteTree', { token: admin.accessToken, data: { userId: uidOf(seeded, 'R') } });
    expect(totalUsers).toBe(12);
    expect(tree.id).toBe(uidOf(seeded, 'R'));
    const tag = tree.displayName.replace(/ R$/, '');
    expect(tree.invitedUsers.map((node) => node.displayName).sort()).toEqual(['A', 'B', 'C'].map((label) => `${tag} ${label}`));
    const a = tree.invitedUsers.find((node) => node.displayName === `${tag} A`);
    expect(a?.invitedUsers.map((node) => node.displayName).sort()).toEqual(['A1', 'A2', 'A3'].map((label) => `${tag} ${label}`));
    expect(tree.invitedUsers.flatMap((node) => node.invitedUsers).length).toBe(8);
    expect(tree.invitedUsers[0]).toMatchObject({ email: expect.stringContaining('@'), location: expect.objectContaining({ country: expect.any(String) }) });

    const member = seeded.members.S2;
    if (!member) throw new Error('S2 is missing');
    expect(await call(endpoints, 'getUserInviteTree', { token: member.accessToken, data: { userId: uidOf(seeded, 'R') } })).toMatchObject({ status: 403 });
    expect(await call(endpoints, 'removeUserAndInviteTree', { token: member.accessToken, data: { userId: uidOf(seeded, 'R'), reason: 'spam' } })).toMatchObject(
      { status: 403 },
    );
    expect(await call(endpoints, 'removeUserAndInviteTree', { data: { userId: uidOf(seeded, 'R'), reason: 'spam' } })).toMatchObject({ status: 401 });
    expectRefusal(
      await call(endpoints, 'getUserInviteTree', { token: admin.accessToken, data: { userId: 'no-such-member' } }),
      404,
      'NOT_FOUND',
      REMOVAL_MESSAGES.userNotFound,
    );
    expectRefusal(
      await call(endpoints, 'removeUserAndInviteTree', { token: admin.accessToken, data: { userId: 'no-such-member', reason: 'spam' } }),
      404,
      'NOT_FOUND',
      REMOVAL_MESSAGES.userNotFound,
    );
    const noReason = await call(endpoints, 'removeUserAndInviteTree', { token: admin.accessToken, data: { userId: uidOf(seeded, 'R'), reason: '  ' } });
    expectRefusal(noReason, 400, 'INVALID_ARGUMENT', expect.stringContaining(REMOVAL_MESSAGES.reasonRequired));
    expectRefusal(
      await call(endpoints, 'removeUserAndInviteTree', { token: admin.accessToken, data: { userId: admin.uid, reason: 'tidy' } }),
      400,
      'INVALID_ARGUMENT',
      REMOVAL_MESSAGES.cannotRemoveSelf,
    );
    // Nothing was touched by the refusals: R is still there with their invite code.
    expect(await getUser(uidOf(seeded, 'R'))).not.toBeNull();
  });

  it('refuses a tree that holds the admin', async () => {
    const adminInTree = await createMember(endpoints, 'tree-admin', { extra: { isAdmin: true } });
    const inviter = await createMember(endpoints, 'tree-top');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('#data/table');
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(adminInTree.uid),
        UpdateExpression: 'SET invitedBy = :by, inviteSystem.invitedBy = :by',
        ExpressionAttributeValues: { ':by': inviter.uid },
      }),
    );
    const { AdminAddUserToGroupCommand } = await import('@aws-sdk/client-cognito-identity-provider');
    const { cognito } = await import('../support/local-cloud-client.ts');
    await cognito(endpoints).send(
      new AdminAddUserToGroupCommand({ UserPoolId: endpoints.cognito.userPoolId, Username: adminInTree.email, GroupName: 'admin' }),
    );
    const { accessToken } = await signIn(endpoints, adminInTree.email, 'member horse 42');
    expectRefusal(
      await call(endpoints, 'removeUserAndInviteTree', { token: accessToken, data: { userId: inviter.uid, reason: 'spam' } }),
      400,
      'INVALID_ARGUMENT',
      REMOVAL_MESSAGES.cannotRemoveSelf,
    );
    expect(await getUser(inviter.uid)).not.toBeNull();
  });

  it('removes a 3-level tree of 12 and restores what the stayers hold', UNTIL_FINISHED, async () => {
    const root = uidOf(seeded, 'R');
    const result = await ok(endpoints, 'removeUserAndInviteTree', { token: admin.accessToken, data: { userId: root, reason: 'A spam ring' } });
    await expectRemovalFinishes(result, root);
    await expectGoneAndRestored(seeded);
    // The audit entry is the record of the removal: who, what, whom, why, and how it ended.
    const entries = await auditEntriesOn(root);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'removeUserAndInviteTree',
        actorId: admin.uid,
        reason: 'A spam ring',
        targetName: expect.stringMatching(/ R$/),
        outcome: 'Removed 12 members.',
      }),
    ]);
    // Asked again (the panel's Refresh progress after the worker finished): the final result, and no second entry.
    expect(await ok(endpoints, 'removeUserAndInviteTree', { token: admin.accessToken, data: { userId: root, reason: 'again' } })).toEqual(REMOVED_WHOLE_TREE);
    expect(await auditEntriesOn(root)).toEqual(entries);
    // The finished record is kept a day; DynamoDB Local never expires items, so a reader ignores one past its time.
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `REMOVAL#${root}`, sk: 'JOB' },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expectRefusal(
      await call(endpoints, 'removeUserAndInviteTree', { token: admin.accessToken, data: { userId: root, reason: 'again' } }),
      404,
      'NOT_FOUND',
      REMOVAL_MESSAGES.userNotFound,
    );
    expect(await auditEntriesOn(root)).toEqual(entries);
  });
});

describe('removeUserAndInviteTree, interrupted, split and raced', () => {
  it('finishes after a run that crashed mid-member, ending in the same state', UNTIL_FINISHED, async () => {
    const seeded = await community('crash');
    const root = await rootOf(seeded);
    await startTreeRemoval(root, request('Spam, then a crash'));
    // The entry is written with the job, before anyone is removed: a run that then fails leaves it.
    expect(await auditEntriesOn(root.uid)).toEqual([
      expect.objectContaining({ actorId: admin.uid, actorName: 'Founder', reason: 'Spam, then a crash', outcome: 'Started: 12 members to remove.' }),
    ]);
    let steps = 0;
    const crash = runRemoval(
      { rootUid: root.uid, kind: 'tree' },
      {
        budgetMs: 60_000,
        hardStopMs: 60_000,
        retryFailed: true,
        // The fifth member dies between their likes and their anchors.
        beforeStep: (_uid, step) => {
          if (step === 'anchors' && ++steps === 5) throw new Error('injected crash');
        },
      },
    );
    await expect(crash).rejects.toThrow('injected crash');
    const job = await getRemovalJob({ rootUid: root.uid, kind: 'tree' });
    expect(job?.removed.size).toBe(4);
    // The tree was frozen first: every code of it is gone, so nobody joins under it meanwhile.
    const { findInviteCodeOwner } = await import('#data/invites');
    for (const label of TREE) expect(await findInviteCodeOwner(seeded.members[label]?.inviteCode ?? ''), label).toBeNull();
    expect(await findInviteCodeOwner(seeded.members.S1?.inviteCode ?? '')).toBe(uidOf(seeded, 'S1'));

    const result = await ok(endpoints, 'removeUserAndInviteTree', { token: admin.accessToken, data: { userId: root.uid, reason: 'Finish it' } });
    await expectRemovalFinishes(result, root.uid);
    await expectGoneAndRestored(seeded);
    // Still the one entry, with the first reason, now saying how it ended.
    expect(await auditEntriesOn(root.uid)).toEqual([expect.objectContaining({ reason: 'Spam, then a crash', outcome: 'Removed 12 members.' })]);
  });

  it('waits out a run that died holding its lease: a call meanwhile only reports, then the worker finishes', UNTIL_FINISHED, async () => {
    const seeded = await community('dead');
    const root = await rootOf(seeded);
    const key = { rootUid: root.uid, kind: 'tree' as const };
    const started = await startTreeRemoval(root, request('Dead run'));
    if (!started) throw new Error('No job');
    // A run claims the job, removes three members and dies inside the fourth (between their likes
    // and their anchors). A crash runs no finally: its lease stays until it lapses.
    const dead = await claimRemovalJob(key, 'dead-run', Date.now() + 60_000);
    if (!dead) throw new Error('Could not claim');
    const [first, second, third, fourth] = dead.members as [string, string, string, string];
    // It froze the tree first, as every run does (runRemoval): the marks stop the stream writing to them.
    await markRemovalPending(dead.members, root.uid);
    for (const uid of [first, second, third]) {
      await removeMember(uid, { stopIfOutOfTime: () => undefined });
      await markMemberRemoved(key, uid);
    }
    const died = removeMember(fourth, {
      stopIfOutOfTime: () => undefined,
      beforeStep: (_uid, step) => {
        if (step === 'anchors') throw new Error('the process died');
      },
    });
    await expect(died).rejects.toThrow('the process died');
    // Its lease lapses 10 s from now (the same run claiming again only moves it).
    const leaseUntil = Date.now() + 10_000;
    expect(await claimRemovalJob(key, 'dead-run', leaseUntil)).not.toBeNull();
    const before = await getRemovalJob(key);

    // The admin asks meanwhile: progress, the background named as carrying on, and nothing done.
    const meanwhile = await ok(endpoints, 'removeUserAndInviteTree', { token: admin.accessToken, data: { userId: root.uid, reason: 'Is it done?' } });
    expect(meanwhile).toEqual({ totalRemoved: 3, errors: [], complete: false, remaining: 9, inBackground: true });
    const after = await getRemovalJob(key);
    expect({ runs: after?.runs, removed: after?.removed, leaseUntil: after?.leaseUntil }).toEqual({
      runs: before?.runs,
      removed: before?.removed,
      leaseUntil,
    });
    expect(await getUser(fourth)).not.toBeNull();
    expect(await auditEntriesOn(root.uid)).toHaveLength(1);

    // A worker (e.g. Lambda's retry of the dead one) that could not outwait the lease fails, so Lambda retries it later…
    const { handler: worker, JobHeldElsewhere } = await import('../../lambdas/jobs/removal-worker.ts');
    const event = { rootUid: root.uid, kind: 'tree' as const };
    await expect(worker(event, { getRemainingTimeInMillis: () => 60_000, functionName: 'RemovalWorker' })).rejects.toBeInstanceOf(JobHeldElsewhere);
    expect((await getRemovalJob(key))?.runs).toBe(before?.runs);
    // …and one with time waits for the lease to lapse, claims the job and finishes it.
    const done = await worker(event, { getRemainingTimeInMillis: () => 5 * 60_000, functionName: 'RemovalWorker' });
    expect(done).toEqual({ complete: true, remaining: 0 });
    expect(Date.now()).toBeGreaterThanOrEqual(leaseUntil);
    // The same end state as an uninterrupted removal: nothing counted down twice.
    await expectGoneAndRestored(seeded);
    expect(await ok(endpoints, 'removeUserAndInviteTree', { token: admin.accessToken, data: { userId: root.uid, reason: 'Is it done?' } })).toEqual(
      REMOVED_WHOLE_TREE,
    );
    expect(await auditEntriesOn(root.uid)).toEqual([expect.objectContaining({ reason: 'Dead run', outcome: 'Removed 12 members.' })]);
    // Seeding, a 10 s lease and the removal: more than the project's 30 s default on a busy machine.
  });

  it('says when the hand-off to the worker failed instead of claiming it continues, and the next call carries on', UNTIL_FINISHED, async () => {
    const seeded = await community('handoff');
    const root = await rootOf(seeded);
    const { invokeHandler } = await import('../support/invoke-handler.ts');
    const { decodeJwtPayload } = await import('../support/local-cloud-tokens.ts');
    // The callable in this process: a 1 ms budget (one member), and a worker that does not exist.
    const worker = process.env.REMOVAL_WORKER_FUNCTION;
    Object.assign(process.env, { REMOVAL_BUDGET_MS: '1', REMOVAL_WORKER_FUNCTION: 'NoSuchWorker' });
    try {
      const answer = await invokeHandler('removeUserAndInviteTree', decodeJwtPayload(admin.accessToken), { userId: root.uid, reason: 'Hand-off' });
      expect(answer).toEqual({ status: 200, body: { result: { totalRemoved: 1, errors: [], complete: false, remaining: 11, inBackground: false } } });
    } finally {
      delete process.env.REMOVAL_BUDGET_MS;
      process.env.REMOVAL_WORKER_FUNCTION = worker;
    }
    expect((await getRemovalJob({ rootUid: root.uid, kind: 'tree' }))?.removed.size).toBe(1);
    // The admin's next call (Continue removal) finishes it; still the one audit entry.
    await expectRemovalFinishes(
      await ok(endpoints, 'removeUserAndInviteTree', { token: admin.accessToken, data: { userId: root.uid, reason: 'Hand-off' } }),
      root.uid,
    );
    await expectGoneAndRestored(seeded);
    expect(await auditEntriesOn(root.uid)).toHaveLength(1);
  });

  // Eleven worker invocations in a row: a loaded machine (CI beside other work) needs more than the default 30 s.
  it('splits the work across invocations under a small budget and still completes', UNTIL_FINISHED, async () => {
    const seeded = await community('split');
    const root = await rootOf(seeded);
    const key = { rootUid: root.uid, kind: 'tree' as const };
    await startTreeRemoval(root, request('Split'));
    // A 1 ms budget: each run removes exactly one member.
    const first = await runRemoval(key, { budgetMs: 1, hardStopMs: 60_000, retryFailed: true });
    expect(first).toMatchObject({ totalRemoved: 1, complete: false, remaining: 11, continueInBackground: true });
    await dispatchRemovalWorker({ ...key, budgetMs: 1 });
    const seen = new Set<number>();
    let job = await getRemovalJob(key);
    const deadline = Date.now() + 60_000;
    while (job && Date.now() < deadline) {
      seen.add(job.removed.size);
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = await getRemovalJob(key);
    }
    expect(job).toBeNull();
    // Progress was seen in several steps: the worker ran many times, one member each.
    expect(seen.size).toBeGreaterThanOrEqual(3);
    await expectGoneAndRestored(seeded);
  });

  it('survives two runs racing on every step of every member (a lease that lapsed mid-run)', UNTIL_FINISHED, async () => {
    const seeded = await community('steps');
    const root = await rootOf(seeded);
    const job = await startTreeRemoval(root, request('Racing steps'));
    if (!job) throw new Error('No job');
    const options = { stopIfOutOfTime: () => undefined };
    // Both runs froze the tree first, as every run does (runRemoval).
    await markRemovalPending(job.members, root.uid);
    for (const uid of job.members) await Promise.all([removeMember(uid, options), removeMember(uid, options)]);
    await forgetInMetrics(new Set(job.members));
    const { deleteRemovalJob } = await import('#data/removal');
    await deleteRemovalJob({ rootUid: root.uid, kind: 'tree' });
    // Nothing was counted down twice: the stayers hold exactly what one run leaves.
    await expectGoneAndRestored(seeded);
  });

  it('lets one of two racing runs work while the other only reports, and takes a late joiner too', UNTIL_FINISHED, async () => {
    const seeded = await community('race');
    const root = await rootOf(seeded);
    const key = { rootUid: root.uid, kind: 'tree' as const };
    await startTreeRemoval(root, request('Race'));
    // Someone whose invite from A2 was consumed just as the tree was frozen (after the walk).
    const late = await createMember(endpoints, 'race-late', { inviteSystem: { invitedBy: uidOf(seeded, 'A2') } });
    const options = { budgetMs: 60_000, hardStopMs: 60_000, retryFailed: true };
    const [one, two] = await Promise.all([runRemoval(key, options), runRemoval(key, options)]);
    expect([one?.busy, two?.busy].sort()).toEqual([false, true]);
    expect([one, two].find((report) => !report?.busy)).toMatchObject({ totalRemoved: 13, complete: true });
    await expectGoneAndRestored(seeded);
    expect(await leftovers(endpoints, [late.uid])).toEqual({ items: [], accounts: [], objects: [] });
  });
});

describe('members of a frozen tree whose own removal has not run yet', () => {
  it('are refused everything with their still-valid tokens, writing nothing, and leave nothing once the job completes', UNTIL_FINISHED, async () => {
    const seeded = await community('frozen');
    const root = await rootOf(seeded);
    const key = { rootUid: root.uid, kind: 'tree' as const };
    await startTreeRemoval(root, request('Frozen, then paused'));
    // A 1 ms budget: the run freezes the tree and removes one member (a leaf), then stops, as the
    // callable does before the worker takes over; the rest wait, for minutes in a large tree.
    expect(await runRemoval(key, { budgetMs: 1, hardStopMs: 60_000, retryFailed: true })).toMatchObject({ totalRemoved: 1, remaining: 11 });
    const job = await getRemovalJob(key);
    const waiting = TREE.filter((label) => !job?.removed.has(uidOf(seeded, label)));
    expect(waiting).toHaveLength(11);
    expect(waiting).toContain('R');

    // R (removed last: their posts, likes and anchors are all still there) tries to act, and so
    // does A, in the middle of the tree. Nothing may be written on their behalf.
    const actors = ['R', 'A'].map((label) => {
      const member = seeded.members[label];
      if (!member) throw new Error(`${label} is missing`);
      return member;
    });
    // What their calls would write themselves. The stream's copies (feed entries, notifications and
    // their unread counts) are left out: they follow the seeding and the first run for seconds on a
    // loaded machine, and any of them would follow a write of the actors' own, which is compared.
    const ownItems = async () => (await itemsNaming(actors.map((member) => member.uid))).filter((text) => !/"sk":"(FEED#|NOTIF#|NOTIFSTATE)/.test(text));
    const before = await ownItems();
    for (const member of actors) {
      // S2's post, which neither has liked; S3, with whom neither is anchored.
      const answers = await actWhileBeingRemoved(endpoints, member, { postId: seeded.posts.S2 ?? '', anchorTo: uidOf(seeded, 'S3') });
      expect(answers, member.email).toEqual(REFUSED_WHILE_BEING_REMOVED);
    }
    expect(await ownItems()).toEqual(before);
    // Every member still waiting is refused (a read too); a stayer is served.
    for (const label of waiting) {
      const answer = await call(endpoints, 'getFeed', { token: seeded.members[label]?.accessToken });
      expect({ status: answer.status, message: errorOf(answer)?.message }, label).toEqual({ status: 404, message: 'User not found' });
    }
    expect((await call(endpoints, 'getFeed', { token: seeded.members.S1?.accessToken })).status).toBe(200);

    // The mark is storage only: other members and the admin still see R as before, without it.
    const stored = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `USER#${root.uid}`, sk: 'PROFILE' }, ConsistentRead: true }));
    expect(stored.Item?.removalPending).toBe(root.uid);
    const profile = await call(endpoints, 'getUserProfile', { token: seeded.members.S1?.accessToken, data: { userId: root.uid } });
    expect(profile.status).toBe(200);
    const search = await call(endpoints, 'searchMembers', { token: admin.accessToken, data: { query: root.displayName } });
    expect(resultOf(search).members.map((member) => member.uid)).toContain(root.uid);
    for (const answer of [profile, search]) expect(JSON.stringify(answer.body)).not.toContain('removalPending');
    expect(Object.keys((await getUser(root.uid)) ?? {})).not.toContain('removalPending');

    // The removal itself runs as the admin and the job, not as the members: the admin's next call
    // finishes it, and nothing of theirs remains.
    await expectRemovalFinishes(
      await ok(endpoints, 'removeUserAndInviteTree', { token: admin.accessToken, data: { userId: root.uid, reason: 'Finish it' } }),
      root.uid,
    );
    await expectGoneAndRestored(seeded);
  });
});
