import { isSilencedFor } from '#domain/moderation-lists';
import { listComments } from '#data/posts';
import { getModerationLists } from '#data/graph';
import { defineCallable } from '#http/define-callable';
import { presentComment } from '#presenters/present-post';
import { visiblePost } from '#workflows/visible-post';

export const handler = defineCallable('listComments', async ({ postId, cursor }, { caller }) => {
  const lists = getModerationLists(caller.uid);
  const [, page, viewerLists] = await Promise.all([visiblePost(postId, caller.uid, lists), listComments(postId, cursor), lists]);
  // Comments of members the viewer blocked, was blocked by or muted are left out; the post's commentCount stays the true total.
  const shown = page.comments.filter((comment) => !isSilencedFor(viewerLists, comment.authorId));
  return { comments: shown.map(presentComment), nextCursor: page.nextCursor };
});
