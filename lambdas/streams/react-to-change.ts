import { listAcceptedAnchorIds } from '#data/graph';
import {
  cleanUpDeletedPost,
  addAuthorPostsToFeed,
  fanOutPost,
  removeAuthorPostsFromFeed,
  removePostFromFeeds,
  trimFeedsOnTheirTurn,
  getStoredPost,
} from '#data/posts';
import { endMemberSessions, pushToMembers } from '#data/live';
import { tableEventOf, type TableEvent } from '#data/changes';
import { classifyChange, type ChangedItem } from '#data/table';
import { exhaustive } from '#domain/exhaustive';
import { countForMetrics } from './count-for-metrics.ts';
import { followPictures } from './follow-pictures.ts';
import { notifyOfChange } from './notify.ts';

/**
 * What the table's stream does, off the request path: fan-out to feeds, feeds that follow anchoring
 * and un-anchoring, and pushes to open pages. Every reaction is safe to run again (puts and deletes
 * of the same entries, pushes that only say "read again"): a failure is retried by the event source
 * mapping (on AWS) or the local poller, from the failed record on, and lands on the on-failure
 * destination only after every retry.
 */
export async function reactToChange(item: ChangedItem): Promise<void> {
  // The item's key is read once; each reaction reads what the change means to it from this.
  const change = classifyChange(item);
  const event = tableEventOf(change);
  await countForMetrics(change);
  await react(event);
  await followPictures(change, event);
  await notifyOfChange(change);
}

async function react(event: TableEvent): Promise<void> {
  switch (event.kind) {
    case 'post-created':
      return fanOut(event.post.postId, event.post.authorId, event.post.createdAt);
    case 'post-counts-changed': {
      const { postId, authorId, likeCount, commentCount } = event.post;
      await pushToMembers(await readersOf(authorId), { type: 'post.counts', postId, likeCount, commentCount });
      return;
    }
    case 'post-edited':
      await pushToMembers(await readersOf(event.post.authorId), { type: 'post.edited', postId: event.post.postId });
      return;
    case 'post-deleted':
      // Its leftovers go first; then the open pages of the author and their anchors drop it.
      await cleanUpDeletedPost(event.postId, event.authorId);
      await pushToMembers(await readersOf(event.authorId), { type: 'post.deleted', postId: event.postId });
      return;
    case 'comment-added': {
      const post = await getStoredPost(event.postId);
      if (post) await pushToMembers(await readersOf(post.authorId), { type: 'comment.added', postId: event.postId, commentId: event.commentId });
      return;
    }
    case 'anchor-edge-changed':
      return followAnchorEdge(event);
    case 'pair-blocked':
      // The blockers' pictures move in followPictures; the edges' own change updates feeds and pages.
      return;
    case 'member-leaving':
      await endMemberSessions(event.uid, 'removed');
      return;
    case 'member-signed-out':
      // signOutEverywhere: the epoch already refuses their tokens; this ends the pages still open on them.
      await endMemberSessions(event.uid, 'signed-out');
      return;
    case 'member-verification-changed':
      // The badge on their own profile and the "Get verified" card follow it without a reload.
      await pushToMembers([event.uid], { type: 'me.changed' });
      return;
    case 'unread-notification-removed':
      // Its actor left (removal forgets what names them): the bell's count fell, so it reads again.
      await pushToMembers([event.recipient], { type: 'notifications.changed' });
      return;
    case 'other':
      return;
    default:
      return exhaustive(event);
  }
}

/** Whose feeds hold an author's posts: the author and their accepted anchors. */
async function readersOf(authorId: string): Promise<string[]> {
  return [authorId, ...(await listAcceptedAnchorIds(authorId))];
}

/**
 * A new post enters each accepted anchor's feed (the author's own entry was written with the post)
 * and reaches their open pages. What changed while this ran is read again after the entries are
 * put: an anchor removed meanwhile may have been cleaned before its entry was put, so the post
 * leaves any ex-anchor's feed; a post deleted meanwhile (its author removed, the stream running
 * late) leaves every feed it was just put in, and nobody is told of it. Feeds whose turn it is are
 * trimmed to their newest entries (lambdas/data/posts/feed.ts isFeedTrimTurn).
 */
async function fanOut(postId: string, authorId: string, createdAt: string): Promise<void> {
  const anchorIds = await listAcceptedAnchorIds(authorId);
  await fanOutPost(anchorIds, { postId, authorId, createdAt });
  const [current, stillThere] = await Promise.all([listAcceptedAnchorIds(authorId), getStoredPost(postId, true)]);
  if (!stillThere) {
    await removePostFromFeeds([authorId, ...anchorIds], postId);
    return;
  }
  const now = new Set(current);
  const removed = anchorIds.filter((uid) => !now.has(uid));
  if (removed.length > 0) await removePostFromFeeds(removed, postId);
  const readers = [authorId, ...anchorIds.filter((uid) => now.has(uid))];
  await pushToMembers(readers, { type: 'feed.post', postId, authorId });
  // After the push, so a trim's read never delays it.
  await trimFeedsOnTheirTurn(readers, postId);
}

/**
 * One side of a pair changed: accepted, the owner's feed catches up with the other's recent posts
 * (missing entries only, so a redelivery never rolls back a like); no longer accepted, the other's
 * posts leave it. Either way the owner's open Anchors page and pending count read again.
 */
async function followAnchorEdge({ owner, other, before, after }: Extract<TableEvent, { kind: 'anchor-edge-changed' }>): Promise<void> {
  if (after === 'accepted') await addAuthorPostsToFeed(owner, other, { onlyMissing: true });
  else if (before === 'accepted') await removeAuthorPostsFromFeed(owner, other);
  await pushToMembers([owner], { type: 'anchors.changed' });
}
