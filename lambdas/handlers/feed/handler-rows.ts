import type { CallableName } from '#contracts/callables';
import type { CallableHandlerEntry } from '../../handler-row.ts';

/** Server rows of the feed callables: handler module and least-privilege grants (see handler-row.ts). */
export const feedHandlers = {
  createPost: { entry: 'handlers/feed/create-post.ts', permissions: { table: 'readWrite' } },
  getFeed: { entry: 'handlers/feed/get-feed.ts', permissions: { table: 'read' } },
  listMemberPosts: { entry: 'handlers/feed/list-member-posts.ts', permissions: { table: 'read' } },
  getPost: { entry: 'handlers/feed/get-post.ts', permissions: { table: 'read' } },
  togglePostLike: { entry: 'handlers/feed/toggle-post-like.ts', permissions: { table: 'readWrite' } },
  getPostLikers: { entry: 'handlers/feed/get-post-likers.ts', permissions: { table: 'read' } },
  addComment: { entry: 'handlers/feed/add-comment.ts', permissions: { table: 'readWrite' } },
  listComments: { entry: 'handlers/feed/list-comments.ts', permissions: { table: 'read' } },
  editPost: { entry: 'handlers/feed/edit-post.ts', permissions: { table: 'readWrite' } },
  deletePost: { entry: 'handlers/feed/delete-post.ts', permissions: { table: 'readWrite' } },
  editComment: { entry: 'handlers/feed/edit-comment.ts', permissions: { table: 'readWrite' } },
  deleteComment: { entry: 'handlers/feed/delete-comment.ts', permissions: { table: 'readWrite' } },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
