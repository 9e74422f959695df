import { setTimeout as sleep } from 'node:timers/promises';
import type { Endpoints } from '../../local/cloud-files.ts';
import { ok } from './callable-client.ts';
import { createMember } from './local-cloud-members.ts';

/**
 * Waits until the local cloud's table stream has handled the changes made before the call: a post
 * by a member anchored to one reader is put in the reader's feed by the stream's consumer, after
 * everything before it (the poller reads the shard in order, one batch at a time). A test file that floods the stream with thousands of seeded items calls it last, so
 * the next file's waits on the stream (a feed entry, a moved picture, each within seconds) do not
 * queue behind its backlog. Needs useLocalCloudData first. It returns as soon as the post arrives;
 * the wide limit is for a busy machine, where 9,000 seeded edges took past 180 s to drain.
 */
export async function streamCaughtUp(endpoints: Endpoints, timeoutMs = 600_000): Promise<void> {
  // After useLocalCloudData: the data layer's client reads the endpoint from the environment.
  const { hasFeedEntry } = await import('#data/posts');
  const started = Date.now();
  const where = { location: { city: 'Austin', state: 'Texas' } };
  const [author, reader] = await Promise.all([createMember(endpoints, 'barrier-author', where), createMember(endpoints, 'barrier-reader', where)]);
  await ok(endpoints, 'sendAnchorRequest', { token: author.accessToken, data: { userId: reader.uid } });
  await ok(endpoints, 'acceptAnchorRequest', { token: reader.accessToken, data: { userId: author.uid } });
  const { postId } = await ok(endpoints, 'createPost', { token: author.accessToken, data: { content: 'The stream has caught up.', privacy: 'anchors' } });
  // A plain loop, not expect.poll: a file calls this from afterAll, outside any test.
  while (!(await hasFeedEntry(reader.uid, postId))) {
    if (Date.now() - started > timeoutMs) throw new Error(`The table stream did not catch up within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}
