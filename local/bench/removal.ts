import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { AdminCreateUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { PendingFriendship } from '../../lambdas/contracts/anchors.ts';
import { startLocalCloud } from '../cloud.ts';
import { call, resultOf } from '../../test/support/callable-client.ts';
import { cognito, signIn } from '../../test/support/local-cloud-client.ts';
import { useLocalCloudData } from '../../test/support/local-cloud-members.ts';
import { leftovers, picturesClient } from '../../test/support/removal-community.ts';

/**
 * npm run bench:removal — removal of a 1,000-member invite tree, on an ephemeral local
 * cloud in this process. Seeds the tree (root → 10 → 100 → 889: Cognito accounts, records, an
 * accepted anchor pair with each inviter, a post each, a like and a comment on the inviter's post,
 * a picture each) below a staying member anchored to the root, then calls removeUserAndInviteTree
 * through the gateway with the deployed budgets and waits for the worker to finish. Prints the
 * invocations (callable + worker runs), each run's duration as seen from the job, the total time,
 * and checks that nothing of the tree is left. Ends with one JSON line. The budgets come from the
 * environment as on AWS, e.g. `REMOVAL_WORKER_BUDGET_MS=20000 npm run bench:removal` for more runs.
 */

const FAN_OUT = 10;
const LEVELS = 3;
const CONCURRENCY = 16;

const log = (line: string) => process.stderr.write(`${line}\n`);

async function inPool<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
}

const cloud = await startLocalCloud({
  dataDir: mkdtempSync(join(tmpdir(), 'anchored-bench-')),
  persistent: false,
  ports: 'random',
  web: false,
  quiet: true,
  log,
});
const { endpoints, founder } = cloud;
useLocalCloudData(endpoints);

try {
  const { newUserRecord } = await import('../../lambdas/domain/new-user.ts');
  const { generateInviteCode } = await import('../../lambdas/domain/invite-code.ts');
  const { friendshipIdOf } = await import('../../lambdas/domain/friendship.ts');
  const { newTimeOrderedId } = await import('../../lambdas/domain/post-ids.ts');
  const { createUserWithInviteCode } = await import('#data/members');
  const { createRequest, acceptRequest } = await import('#data/graph');
  const { publishPost } = await import('../../lambdas/workflows/publish-post.ts');
  const { likePost } = await import('#data/posts');
  const { putComment } = await import('#data/posts');
  const { getRemovalJob } = await import('#data/removal');
  const { getUser } = await import('#data/members');
  const { listAuditEntries } = await import('#data/members');

  const seedStart = performance.now();
  const users = cognito(endpoints);
  interface Seeded {
    uid: string;
    name: string;
    inviter: string | null;
    postId?: string;
  }
  const members: Seeded[] = [];
  async function makeMember(name: string, inviter: string | null): Promise<Seeded> {
    const email = `${name}@bench.anchored.test`;
    const { User } = await users.send(
      new AdminCreateUserCommand({
        UserPoolId: endpoints.cognito.userPoolId,
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: name },
        ],
        MessageAction: 'SUPPRESS',
      }),
    );
    const uid = String(User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value);
    await createUserWithInviteCode(
      newUserRecord({
        uid,
        email,
        displayName: name,
        inviteCode: generateInviteCode(),
        invitedBy: inviter,
        joinedAt: new Date().toISOString(),
        now: new Date(),
      }),
    );
    return { uid, name, inviter };
  }

  const stayer = await makeMember('stayer', null);
  const root = await makeMember('root', stayer.uid);
  members.push(root);
  let level = [root];
  for (let depth = 1; depth <= LEVELS; depth++) {
    const next: Seeded[] = [];
    const wanted = level.flatMap((parent) => Array.from({ length: FAN_OUT }, (_, index) => ({ parent, index })));
    // The last level is filled up to 1,000 members in all.
    const room = depth === LEVELS ? 1_000 - members.length : wanted.length;
    await inPool(wanted.slice(0, room), async ({ parent, index }) => {
      next.push(await makeMember(`${parent.name}-${index}`, parent.uid));
    });
    members.push(...next);
    level = next;
    log(`seeded level ${depth}: ${next.length} members`);
  }

  const now = () => new Date().toISOString();
  const pair = async (a: string, b: string) => {
    const friendship: PendingFriendship = {
      friendshipId: friendshipIdOf(a, b),
      users: [a, b].sort() as [string, string],
      status: 'pending',
      requestedBy: a,
      requestedAt: now(),
      acceptedAt: null,
      invitationChain: true,
      mutualFriends: 0,
    };
    await createRequest(friendship);
    await acceptRequest({ ...friendship, status: 'accepted', acceptedAt: now(), connectionType: 'local' }, b);
  };
  await pair(stayer.uid, root.uid);
  await inPool(members.slice(1), (member) => pair(member.inviter ?? '', member.uid));
  log('seeded anchors');
  const byUid = new Map([stayer, ...members].map((member) => [member.uid, member]));
  await inPool([stayer, ...members], async (member) => {
    member.postId = (
      await publishPost(
        { uid: member.uid, displayName: member.name, profilePicture: '', verificationLevel: 'pending' },
        { content: `post of ${member.name}`, privacy: 'public' },
      )
    ).postId;
  });
  await inPool(members, async (member) => {
    const inviterPost = byUid.get(member.inviter ?? '')?.postId;
    if (!inviterPost) return;
    await likePost(inviterPost, member.uid, { displayName: member.name, verified: false }, false);
    const createdAt = new Date();
    await putComment({
      commentId: newTimeOrderedId(createdAt),
      postId: inviterPost,
      authorId: member.uid,
      authorName: member.name,
      authorPictureKey: '',
      authorVerified: false,
      content: 'hello',
      createdAt: createdAt.toISOString(),
    });
  });
  const s3 = picturesClient(endpoints);
  await inPool(members, async (member) => {
    await s3.send(new PutObjectCommand({ Bucket: endpoints.s3.bucket, Key: `users/${member.uid}/profile-picture.jpg`, Body: 'jpeg' }));
  });
  s3.destroy();
  // The seed's posts and anchors reach the feeds from the table's stream, as they would on AWS; once
  // it has caught up the consumer stops, so the removal is timed alone (on AWS it is another Lambda).
  await cloud.tableStream.drained();
  await cloud.tableStream.stop();
  const seedSeconds = (performance.now() - seedStart) / 1000;
  log(`seeded ${members.length} members with anchors, posts, likes, comments and pictures in ${seedSeconds.toFixed(1)} s`);

  // The removal, as an admin does it: one call, then the worker in the background.
  const { accessToken } = await signIn(endpoints, founder.email, founder.password);
  const start = performance.now();
  const answer = await call(endpoints, 'removeUserAndInviteTree', { token: accessToken, data: { userId: root.uid, reason: 'bench' } });
  const callableMs = performance.now() - start;
  const first = resultOf(answer, 'removeUserAndInviteTree');
  log(`callable: ${Math.round(callableMs)} ms, removed ${first.totalRemoved}, remaining ${first.remaining}`);

  // Each claim of the job bumps `runs`: the time between claims is one run's duration.
  const key = { rootUid: root.uid, kind: 'tree' as const };
  const claims: { runs: number; at: number; removed: number }[] = [];
  for (;;) {
    const job = await getRemovalJob(key);
    if (!job) break;
    if (claims.at(-1)?.runs !== job.runs) claims.push({ runs: job.runs, at: performance.now(), removed: job.removed.size });
    if (performance.now() - start > 30 * 60_000) throw new Error('The removal did not finish in 30 minutes');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const end = performance.now();
  const totalMs = end - start;
  // The callable's was claim 1; every later claim is a worker run, which lasts until the next one.
  const workerClaims = claims.filter((claim) => claim.runs >= 2);
  const workerRuns = workerClaims.map((claim, index) => Math.round((workerClaims[index + 1]?.at ?? end) - claim.at));
  const invocations = 1 + workerRuns.length;
  log(`worker runs: ${workerRuns.length} (${workerRuns.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')})`);
  log(
    `total: ${(totalMs / 1000).toFixed(1)} s for ${members.length} members (${(totalMs / members.length).toFixed(0)} ms a member), ${invocations} invocations`,
  );

  // The finished record (kept a day for a later call's answer) names the root only, by design.
  const left = await leftovers(
    endpoints,
    members.map((member) => member.uid),
    (item) => item.pk === `REMOVAL#${root.uid}` && typeof item.finishedAt === 'string',
  );
  // Asked again once it finished (the panel's Refresh progress): the final answer, and still one audit entry.
  const { body: againBody } = await call(endpoints, 'removeUserAndInviteTree', { token: accessToken, data: { userId: root.uid, reason: 'bench' } });
  const again = 'result' in againBody ? againBody.result : undefined;
  const audit = (await listAuditEntries(50)).filter((entry) => entry.targetId === root.uid);
  log(`asked again after the end: ${JSON.stringify(again)}; audit entries: ${audit.map((entry) => entry.outcome).join(' | ')}`);
  const answered = again?.complete === true && again.totalRemoved === members.length && audit.length === 1;
  const stayerRecord = await getUser(stayer.uid);
  const clean = left.items.length === 0 && left.accounts.length === 0 && left.objects.length === 0 && stayerRecord?.anchorCount === 0 && answered;
  log(
    `left behind: ${left.items.length} items, ${left.accounts.length} accounts, ${left.objects.length} objects; stayer's anchorCount ${stayerRecord?.anchorCount}`,
  );
  process.stdout.write(
    `${JSON.stringify({ members: members.length, seedSeconds: Math.round(seedSeconds), callableMs: Math.round(callableMs), removedByCallable: first.totalRemoved, workerRunsMs: workerRuns, invocations, totalMs: Math.round(totalMs), clean })}\n`,
  );
  if (!clean) process.exitCode = 1;
} finally {
  await cloud.stop();
}
