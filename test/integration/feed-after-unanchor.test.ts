import { beforeAll, describe, inject, it } from 'vitest';
import { ok } from '../support/callable-client.ts';
import { signIn } from '../support/local-cloud-client.ts';
import { nextFrameOf, useLiveSockets } from '../support/live-sockets.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';

/**
 * What an open dashboard relies on when an anchor goes (web: feed-live.ts reads the feed's first
 * page on anchors.changed): by the time `anchors.changed` reaches Ann's page, the server has already
 * taken the ex-anchor's posts out of her feed, so the read it makes shows none of them. Checked for
 * every way an anchor goes: either member removes the anchor, either blocks the other, an admin
 * removes the anchor, the anchor deletes their account. No `post.deleted` is pushed for these
 * entries (the posts still exist, or their removal ran while the pair did), so this one message is
 * what the page has.
 */
const endpoints = inject('endpoints');
const founder = inject('founder');
useLocalCloudData(endpoints);
const { tableName } = await import('#data/table');
const { queryAll } = await import('#data/table');

let adminToken = '';
beforeAll(async () => {
  adminToken = (await signIn(endpoints, founder.email, founder.password)).accessToken;
});

const openPage = useLiveSockets(endpoints);

/** The post ids of Ann's stored feed entries, and of the feed her page reads (getFeed). */
async function feedOf(reader: TestMember) {
  const [entries, page] = await Promise.all([
    queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${reader.uid}`, ':prefix': 'FEED#' },
      ConsistentRead: true,
    }),
    ok(endpoints, 'getFeed', { token: reader.accessToken, data: {} }),
  ]);
  return { stored: entries.map((entry) => String(entry.postId)).toSorted(), read: page.posts.map((post) => post.postId).toSorted() };
}

const WAYS_TO_GO: [string, (ann: TestMember, anchor: TestMember) => Promise<unknown>][] = [
  ['she removes the anchor', (ann, anchor) => ok(endpoints, 'removeAnchor', { token: ann.accessToken, data: { userId: anchor.uid } })],
  ['the anchor removes her', (ann, anchor) => ok(endpoints, 'removeAnchor', { token: anchor.accessToken, data: { userId: ann.uid } })],
  ['she blocks the anchor', (ann, anchor) => ok(endpoints, 'blockMember', { token: ann.accessToken, data: { userId: anchor.uid } })],
  ['the anchor blocks her', (ann, anchor) => ok(endpoints, 'blockMember', { token: anchor.accessToken, data: { userId: ann.uid } })],
  [
    'an admin removes the anchor',
    (_ann, anchor) => ok(endpoints, 'removeUserAndInviteTree', { token: adminToken, data: { userId: anchor.uid, reason: 'Spam' } }),
  ],
  [
    'the anchor deletes their account',
    (_ann, anchor) => ok(endpoints, 'deleteMyAccount', { token: anchor.accessToken, data: { confirmationText: 'DELETE MY ACCOUNT' } }),
  ],
];

describe("an anchor who goes: their posts are out of Ann's feed when anchors.changed reaches her page", () => {
  // Concurrent (each case its own members), so the expect of each test's context.
  it.concurrent.for(WAYS_TO_GO)('when %s', { timeout: 60_000 }, async ([way, go], { expect }) => {
    const label = way.split(' ').slice(1, 3).join('-');
    const [ann, anchor] = await Promise.all(['ann', 'anchor'].map((name) => createMember(endpoints, `unanchor-${label}-${name}`)));
    if (!ann || !anchor) throw new Error('members missing');
    await ok(endpoints, 'sendAnchorRequest', { token: anchor.accessToken, data: { userId: ann.uid } });
    await ok(endpoints, 'acceptAnchorRequest', { token: ann.accessToken, data: { userId: anchor.uid } });
    const [theirs, hers] = await Promise.all([
      ok(endpoints, 'createPost', { token: anchor.accessToken, data: { content: 'Seen by my anchors', privacy: 'anchors' } }),
      ok(endpoints, 'createPost', { token: ann.accessToken, data: { content: 'Mine stays', privacy: 'public' } }),
    ]);
    const both = [theirs.postId, hers.postId].toSorted();
    // The fan-out (from the table's stream) has put the anchor's post in her feed.
    await expect.poll(() => feedOf(ann), { timeout: 15_000 }).toEqual({ stored: both, read: both });
    const page = await openPage(ann.accessToken);

    await go(ann, anchor);

    await nextFrameOf(page, 'anchors.changed', 15_000);
    // At once: neither the stored entries nor what her page reads hold the anchor's post; hers stays.
    expect(await feedOf(ann)).toEqual({ stored: [hers.postId], read: [hers.postId] });
    // And no entry comes back afterwards (a late fan-out, a redelivery).
    await new Promise((done) => setTimeout(done, 1_000));
    expect((await feedOf(ann)).stored).toEqual([hers.postId]);
  });
});
