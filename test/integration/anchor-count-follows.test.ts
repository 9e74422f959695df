import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '../support/callable-client.ts';
import { signIn } from '../support/local-cloud-client.ts';
import { nextFrameOf, useLiveSockets } from '../support/live-sockets.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';

/**
 * Counts must not go stale (the dashboard's anchor count after an anchor deleted their account).
 * Ann has two anchors and her dashboard open (a live socket); one of them leaves her by each way
 * there is: deleting their account, an admin's removal (in the callable, and by the removal worker)
 * and a block.
 * Her stored anchorCount (getMe) and listAnchors' count (what the dashboard shows) are exact, the
 * one who left is off her list, and her socket hears anchors.changed, which makes the page read the
 * count again; when it arrives the count it reads is already exact. Her bell's unread count drops the
 * leaver's notifications, and her socket hears notifications.changed for it.
 */
const endpoints = inject('endpoints');
const founder = inject('founder');
useLocalCloudData(endpoints);
// This process hands a removal to the worker through the gateway's Lambda Invoke API, as the callable does.
Object.assign(process.env, { LAMBDA_ENDPOINT: inject('localCloudSecrets').lambdaEndpoint, REMOVAL_WORKER_FUNCTION: 'RemovalWorker' });
const { startTreeRemoval } = await import('../../lambdas/workflows/removal-runner.ts');
const { dispatchRemovalWorker } = await import('#data/removal');
const { getUser } = await import('#data/members');

let adminToken = '';
beforeAll(async () => {
  adminToken = (await signIn(endpoints, founder.email, founder.password)).accessToken;
});

const openPage = useLiveSockets(endpoints);

async function anchor(asker: TestMember, accepter: TestMember): Promise<void> {
  await ok(endpoints, 'sendAnchorRequest', { token: asker.accessToken, data: { userId: accepter.uid } });
  await ok(endpoints, 'acceptAnchorRequest', { token: accepter.accessToken, data: { userId: asker.uid } });
}

/** What Ann's dashboard reads: her record's count and the anchor list's count and members. */
async function countsOf(ann: TestMember) {
  const [me, list] = await Promise.all([ok(endpoints, 'getMe', { token: ann.accessToken }), ok(endpoints, 'listAnchors', { token: ann.accessToken })]);
  return { record: me.anchorCount, shown: list.count, anchors: list.anchors.map((anchor) => anchor.uid) };
}

/** What Ann's bell reads: the unread count, and who the notifications on her first page are from. */
async function bellOf(ann: TestMember) {
  const { unreadCount, notifications } = await ok(endpoints, 'listNotifications', { token: ann.accessToken });
  return { unread: unreadCount, from: notifications.map((notification) => notification.actor?.uid).toSorted() };
}

const WAYS_TO_LEAVE: [string, (ann: TestMember, leaver: TestMember) => Promise<unknown>][] = [
  ['deletes their account', (_ann, leaver) => ok(endpoints, 'deleteMyAccount', { token: leaver.accessToken, data: { confirmationText: 'DELETE MY ACCOUNT' } })],
  ['is removed by an admin', (_ann, leaver) => ok(endpoints, 'removeUserAndInviteTree', { token: adminToken, data: { userId: leaver.uid, reason: 'Spam' } })],
  [
    'is removed by the removal worker',
    async (_ann, leaver) => {
      // What the callable does with a tree too big for its budget: the job, then the worker runs all of it.
      const root = await getUser(leaver.uid);
      if (!root) throw new Error('The leaver has no record');
      await startTreeRemoval(root, { adminUid: founder.userId, adminName: 'Founder', reason: 'Spam' });
      await dispatchRemovalWorker({ rootUid: leaver.uid, kind: 'tree' });
    },
  ],
  ['blocks her', (ann, leaver) => ok(endpoints, 'blockMember', { token: leaver.accessToken, data: { userId: ann.uid } })],
];

describe("an anchor who leaves: Ann's anchor count follows on her open dashboard", () => {
  it.each(WAYS_TO_LEAVE)('when the anchor %s', { timeout: 60_000 }, async (way, leave) => {
    const label = way.split(' ').slice(-2).join('-');
    const [ann, leaver, stayer] = await Promise.all(['ann', 'leaver', 'stayer'].map((name) => createMember(endpoints, `count-${label}-${name}`)));
    if (!ann || !leaver || !stayer) throw new Error('members missing');
    const page = await openPage(ann.accessToken);
    await anchor(leaver, ann);
    await anchor(ann, stayer);
    // The set-up's four changes of Ann's edges (two requests, two accepts) have reached her page.
    for (let change = 0; change < 4; change++) await nextFrameOf(page, 'anchors.changed', 15_000);
    // The leaver likes and comments on her post, so the leaving also has feeds and counts to undo.
    const post = await ok(endpoints, 'createPost', { token: ann.accessToken, data: { content: 'Still here', privacy: 'anchors' } });
    await ok(endpoints, 'togglePostLike', { token: leaver.accessToken, data: { postId: post.postId, liked: true } });
    await ok(endpoints, 'addComment', { token: leaver.accessToken, data: { postId: post.postId, content: 'Nice one' } });
    expect(await countsOf(ann)).toEqual({ record: 2, shown: 2, anchors: expect.arrayContaining([leaver.uid, stayer.uid]) });
    // Her bell: the leaver's request, like and comment and the stayer's acceptance (stored from the stream).
    await expect.poll(() => bellOf(ann), { timeout: 15_000 }).toEqual({ unread: 4, from: [leaver.uid, leaver.uid, leaver.uid, stayer.uid].toSorted() });
    // Each of the four was pushed to her page once; what is heard after this is the leaving's.
    const bellPushes = () => page.received.filter((frame) => (frame as { type?: string }).type === 'notifications.changed').length;
    await expect.poll(bellPushes, { timeout: 15_000 }).toBe(4);

    await leave(ann, leaver);

    expect(await nextFrameOf(page, 'anchors.changed', 15_000)).toEqual({ type: 'anchors.changed' });
    // What the page reads on that message is exact already: the pair and the counters went in one write.
    expect(await countsOf(ann)).toEqual({ record: 1, shown: 1, anchors: [stayer.uid] });
    // The bell too: the leaver's notifications went with their unread count, and the page was told to read it again.
    await expect.poll(bellPushes, { timeout: 15_000 }).toBeGreaterThan(4);
    expect(await bellOf(ann)).toEqual({ unread: 1, from: [stayer.uid] });
    // The stayer, who was no anchor of the leaver, keeps their count.
    expect((await ok(endpoints, 'getMe', { token: stayer.accessToken })).anchorCount).toBe(1);
  });
});
