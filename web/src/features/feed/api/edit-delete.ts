import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '#contracts/feed';
import { callApi } from '../../../lib/api-client.ts';
import { type FeedPage, removeFeedPost, updateFeedPost } from '../like-state.ts';
import type { CommentsPage } from './comments.ts';
import { feedKeys } from '../keys.ts';

type Feed = InfiniteData<FeedPage, string | undefined>;
type Thread = InfiniteData<CommentsPage, string | undefined>;

/** Edit and delete of the viewer's own posts and comments; each answer updates the cached feed, the member's posts lists and the thread. */
export const EDIT_DELETE_MESSAGES = {
  postDeleted: 'Post deleted.',
  postDeleteFailed: 'Failed to delete post. Please try again.',
  postSaveFailed: 'Failed to save post. Please try again.',
  commentDeleted: 'Comment deleted.',
  commentDeleteFailed: 'Failed to delete comment. Please try again.',
  commentSaveFailed: 'Failed to save comment. Please try again.',
} as const;

function changeThread(queryClient: QueryClient, postId: string, change: (comments: Comment[]) => Comment[]): void {
  queryClient.setQueryData<Thread>(feedKeys.comments(postId), (thread) =>
    thread ? { ...thread, pages: thread.pages.map((page) => ({ ...page, comments: change(page.comments) })) } : thread,
  );
}

export function useEditPost(userId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => callApi('editPost', { postId, content }),
    scope: { id: `post-edit:${postId}` },
    onSuccess: (post) => {
      queryClient.setQueriesData<Feed>({ queryKey: feedKeys.feed(userId) }, (feed) =>
        updateFeedPost(feed, postId, (shown) => ({ ...shown, content: post.content, ...(post.editedAt ? { editedAt: post.editedAt } : {}) })),
      );
    },
  });
}

/** A repeated delete answers success (the server remembers the author's deletes), so a double click shows no failure. */
export function useDeletePost(userId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('deletePost', { postId }),
    scope: { id: `post-delete:${postId}` },
    onSuccess: () => {
      queryClient.setQueriesData<Feed>({ queryKey: feedKeys.feed(userId) }, (feed) => removeFeedPost(feed, postId));
      queryClient.removeQueries({ queryKey: feedKeys.comments(postId) });
    },
  });
}

export function useEditComment(postId: string, commentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => callApi('editComment', { postId, commentId, content }),
    scope: { id: `comment-edit:${commentId}` },
    onSuccess: ({ comment }) => changeThread(queryClient, postId, (comments) => comments.map((shown) => (shown.commentId === commentId ? comment : shown))),
  });
}

export function useDeleteComment(userId: string, postId: string, commentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('deleteComment', { postId, commentId }),
    scope: { id: `comment-delete:${commentId}` },
    onSuccess: ({ commentCount }) => {
      changeThread(queryClient, postId, (comments) => comments.filter((shown) => shown.commentId !== commentId));
      queryClient.setQueriesData<Feed>({ queryKey: feedKeys.feed(userId) }, (feed) => updateFeedPost(feed, postId, (post) => ({ ...post, commentCount })));
    },
  });
}
