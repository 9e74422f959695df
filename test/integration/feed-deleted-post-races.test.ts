import { randomUUID } from 'node:crypto';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type * as Posts from '#data/posts';
import { dynamoDbClient, ensureTable } from '../../local/dynamodb-local.ts';
import { deleteAnchorEdges, seedAcceptedAnchors } from '../support/local-cloud-anchors.ts';
import { useLocalCloudData } from '../support/local-cloud-members.ts';
import { storedPost } from '../support/sample-post.ts';

/**
 * A post deleted while the stream is busy with the feeds that hold it. Its clean-up (from the
 * stream) deletes its entries in the feeds of the author and their anchors *at that moment*; two
 * other reactions can put or leave an entry it does not see, which would stay (a feed entry of a
 * missing post) until its TTL. Here each reaction is called in process, on a table of its own
 * without a stream consumer, so the order is exactly the one that went wrong (faults.test found it
 * under injected faults).
 */

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);

const race: { afterPostsRead?: () => Promise<void> } = {};
vi.mock('../../lambdas/data/posts/posts.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Posts>();
  return {
    ...real,
    getPostsForViewer: async (...args: Parameters<typeof real.getPostsForViewer>) => {
      const posts = await real.getPostsForViewer(...args);
      const hook = race.afterPostsRead;
      race.afterPostsRead = undefined;
      await hook?.();
      return posts;
    },
  };
});

const { addAuthorPostsToFeed, feedEntryItem, batchWrite, hasFeedEntry, removeAuthorPostsFromFeed } = await import('#data/posts');
const { putPost } = await import('#data/posts');
const { dynamo, tableName } = await import('#data/table');
const { postKeys } = await import('#data/table');
const { cleanUpDeletedPost } = await import('#data/posts');

const sharedTable = endpoints.dynamodb.tableName;
const ownTable = `feed-races-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  await ensureTable(endpoints.dynamodb.endpoint, ownTable, { stream: false });
  process.env.TABLE_NAME = ownTable;
});

afterAll(async () => {
  process.env.TABLE_NAME = sharedTable;
  await dynamoDbClient(endpoints.dynamodb.endpoint).send(new DeleteTableCommand({ TableName: ownTable }));
});

/** The post item goes, as deletePost's transaction removes it (its clean-up is the stream's). */
async function deletePostItem(postId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: postKeys.post(postId) }));
}

describe('a post deleted while the feeds that hold it are changing', () => {
  it('a new anchor’s catch-up that read the post just before it was deleted and cleaned up takes its entry back out', async () => {
    const [author, reader] = [randomUUID(), randomUUID()];
    await seedAcceptedAnchors(author, reader);
    const kept = storedPost(author, new Date(), 'Still here');
    const doomed = storedPost(author, new Date(), 'Deleted during the catch-up');
    await Promise.all([putPost(kept), putPost(doomed)]);
    // Right after the catch-up read the posts, the post is deleted and its clean-up runs to its end
    // (on AWS from another shard of the stream, beside this one): the reader's feed has no entry yet.
    race.afterPostsRead = async () => {
      await deletePostItem(doomed.postId);
      await cleanUpDeletedPost(doomed.postId, author);
    };
    await addAuthorPostsToFeed(reader, author);
    expect(race.afterPostsRead).toBeUndefined();
    expect([await hasFeedEntry(reader, kept.postId), await hasFeedEntry(reader, doomed.postId)]).toEqual([true, false]);
  });

  it('an anchor who parted keeps no entry of a post deleted while they were anchors, cleaned up only after they parted', async () => {
    const [author, reader, other] = [randomUUID(), randomUUID(), randomUUID()];
    await Promise.all([seedAcceptedAnchors(author, reader), seedAcceptedAnchors(other, reader)]);
    const doomed = storedPost(author, new Date(), 'Deleted while they were anchors');
    const othersPost = storedPost(other, new Date(), 'Another anchor’s post');
    await Promise.all([putPost(doomed), putPost(othersPost)]);
    // The reader's feed got both (a fan-out or a catch-up), then the post was deleted and the two
    // parted; the stream reached the delete only after the parting, so its clean-up no longer
    // counted the reader among the author's readers.
    await batchWrite([doomed, othersPost].map((post) => ({ PutRequest: { Item: feedEntryItem(reader, post) } })));
    await deletePostItem(doomed.postId);
    await deleteAnchorEdges(author, reader);
    await cleanUpDeletedPost(doomed.postId, author);
    expect(await hasFeedEntry(reader, doomed.postId)).toBe(true);
    // The parting's own reaction, next in the stream, takes out every entry of the author's.
    await removeAuthorPostsFromFeed(reader, author);
    expect([await hasFeedEntry(reader, doomed.postId), await hasFeedEntry(reader, othersPost.postId)]).toEqual([false, true]);
  });
});
