import type { Comment, Post } from '#contracts/feed';
import type { StoredComment, StoredPost } from '#data/posts';
import { pictureUrl } from '#data/storage';

/** A stored post as its viewer sees it: the picture key becomes its served URL, plus likedByMe. */
export function presentPost(post: StoredPost, likedByMe: boolean): Post {
  const { authorPictureKey, countsVersion: _version, ...rest } = post;
  return { ...rest, authorPicture: pictureUrl(authorPictureKey), likedByMe };
}

export function presentComment(comment: StoredComment): Comment {
  const { authorPictureKey, ...rest } = comment;
  return { ...rest, authorPicture: pictureUrl(authorPictureKey) };
}
