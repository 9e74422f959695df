import { listLikes } from '#data/likes';
import { defineCallable } from '#http/define-callable';
import { visiblePost } from './visible-post.ts';

export const handler = defineCallable('getPostLikers', async ({ postId }, { caller }) => {
  await visiblePost(postId, caller.uid);
  return { likers: await listLikes(postId) };
});
