import type { Post, PostPrivacy } from '#contracts/feed';
import type { User } from '#contracts/user';
import { newTimeOrderedId } from '#domain/post-ids';
import { isVerifiedInPerson } from '#domain/verification';
import { fanOutMissing, getPostsForViewer, putPost, type StoredPost } from '#data/posts';
import { countProductEvent } from '#data/table';
import { presentPost } from '#presenters/present-post';

export interface NewPost {
  content: string;
  privacy: PostPrivacy;
  clientRequestId?: string | undefined;
}

/**
 * Writes the post and its entry in the author's own feed: O(1) whatever the anchor count. The
 * entries in the anchors' feeds are written from the table's stream (lambdas/streams), which also
 * pushes the post to their open pages. A retry with the same clientRequestId returns the first
 * post and puts the author's entry again if the first attempt died before it.
 */
export async function publishPost(
  author: Pick<User, 'uid' | 'displayName' | 'profilePicture' | 'verificationLevel'>,
  input: NewPost,
  now = new Date(),
): Promise<Post> {
  const post: StoredPost = {
    postId: newTimeOrderedId(now),
    authorId: author.uid,
    authorName: author.displayName,
    authorPictureKey: author.profilePicture,
    authorVerified: isVerifiedInPerson(author),
    content: input.content,
    createdAt: now.toISOString(),
    privacy: input.privacy,
    likeCount: 0,
    commentCount: 0,
    isWallPost: false,
    countsVersion: 0,
  };
  const written = await putPost(post, input.clientRequestId, now);
  if (written.created) {
    countProductEvent('post');
    await fanOutMissing([author.uid], post);
    return presentPost(post, false);
  }
  const [existing] = await getPostsForViewer([written.postId], author.uid);
  if (!existing) throw new Error(`Post ${written.postId} of request ${String(input.clientRequestId)} is missing`);
  await fanOutMissing([author.uid], existing.post);
  return presentPost(existing.post, existing.likedByMe);
}
