import type { Post, PostPrivacy } from '#contracts/feed';
import type { User } from '#contracts/user';
import { newTimeOrderedId } from '#domain/post-ids';
import { listAcceptedAnchorIds } from '#data/anchors';
import { fanOutMissing, fanOutPost, removePostFromFeeds } from '#data/feed';
import { getPostsForViewer, putPost, type StoredPost } from '#data/posts';
import { presentPost } from './present-post.ts';

export interface NewPost {
  content: string;
  privacy: PostPrivacy;
  clientRequestId?: string | undefined;
}

/**
 * Writes the post, then its entry into the author's feed and every accepted anchor's (fan-out on
 * write, BatchWrite in chunks of 25), so reading a feed never depends on the anchor count. The
 * anchor list is read while the post is written. A retry with the same clientRequestId returns the
 * first post and re-runs the fan-out, repairing a first attempt that died half-way.
 */
export async function publishPost(author: Pick<User, 'uid' | 'displayName' | 'profilePicture'>, input: NewPost, now = new Date()): Promise<Post> {
  const post: StoredPost = {
    postId: newTimeOrderedId(now),
    authorId: author.uid,
    authorName: author.displayName,
    authorPictureKey: author.profilePicture,
    content: input.content,
    createdAt: now.toISOString(),
    privacy: input.privacy,
    likeCount: 0,
    commentCount: 0,
    isWallPost: false,
    countsVersion: 0,
  };
  const [written, anchorIds] = await Promise.all([putPost(post, input.clientRequestId, now), listAcceptedAnchorIds(author.uid)]);
  if (written.created) {
    await fanOutPost([author.uid, ...anchorIds], post);
    await withdrawFromRemovedAnchors(author.uid, anchorIds, post.postId);
    return presentPost(post, false);
  }
  const [existing] = await getPostsForViewer([written.postId], author.uid);
  if (!existing) throw new Error(`Post ${written.postId} of request ${String(input.clientRequestId)} is missing`);
  await fanOutMissing([author.uid, ...anchorIds], existing.post);
  return presentPost(existing.post, existing.likedByMe);
}

/**
 * An anchor removed while the post was fanned out may have missed removeAuthorPostsFromFeed (the
 * post was not in byAuthor yet) and still got the entry: one more read of the anchor list takes
 * the post back out of the feeds of anyone no longer anchored.
 */
async function withdrawFromRemovedAnchors(authorUid: string, fannedOutTo: readonly string[], postId: string): Promise<void> {
  const current = new Set(await listAcceptedAnchorIds(authorUid));
  const removed = fannedOutTo.filter((uid) => !current.has(uid));
  if (removed.length > 0) await removePostFromFeeds(removed, postId);
}
