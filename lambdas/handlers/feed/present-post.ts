import type { Comment, Post } from '#contracts/feed';
import type { StoredComment } from '#data/comments';
import type { StoredPost } from '#data/posts';
import { authorPictureUrl } from './picture-urls.ts';

/** A stored post as its viewer sees it: the picture key becomes a URL, plus likedByMe. */
export async function presentPost(post: StoredPost, likedByMe: boolean): Promise<Post> {
  const { authorPictureKey, countsVersion: _version, ...rest } = post;
  return { ...rest, authorPicture: await authorPictureUrl(authorPictureKey), likedByMe };
}

export async function presentComment(comment: StoredComment): Promise<Comment> {
  const { authorPictureKey, ...rest } = comment;
  return { ...rest, authorPicture: await authorPictureUrl(authorPictureKey) };
}
