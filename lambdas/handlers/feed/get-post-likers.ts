import { isHiddenFrom } from '#domain/moderation-lists';
import { listLikes } from '#data/posts';
import { getModerationLists } from '#data/graph';
import { defineCallable } from '#http/define-callable';
import { visiblePost } from '#workflows/visible-post';

export const handler = defineCallable('getPostLikers', async ({ postId }, { caller }) => {
  const lists = getModerationLists(caller.uid);
  const [, likes, viewerLists] = await Promise.all([visiblePost(postId, caller.uid, lists), listLikes(postId), lists]);
  // A blocked (or blocking) liker is left out; a muted one stays (a mute quiets posts and comments only). likeCount stays the total.
  return { likers: likes.filter((like) => !isHiddenFrom(viewerLists, like.uid)) };
});
