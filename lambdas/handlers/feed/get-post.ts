import { hasLiked } from '#data/posts';
import { getModerationLists } from '#data/graph';
import { defineCallable } from '#http/define-callable';
import { presentPost } from '#presenters/present-post';
import { visiblePost } from '#workflows/visible-post';

export const handler = defineCallable('getPost', async ({ postId }, { caller }) => {
  const [post, liked] = await Promise.all([visiblePost(postId, caller.uid, getModerationLists(caller.uid)), hasLiked(postId, caller.uid)]);
  return presentPost(post, liked);
});
