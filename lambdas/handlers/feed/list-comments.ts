import { listComments } from '#data/comments';
import { defineCallable } from '#http/define-callable';
import { presentComment } from './present-post.ts';
import { visiblePost } from './visible-post.ts';

export const handler = defineCallable('listComments', async ({ postId, cursor }, { caller }) => {
  await visiblePost(postId, caller.uid);
  const page = await listComments(postId, cursor);
  return { comments: page.comments.map(presentComment), nextCursor: page.nextCursor };
});
