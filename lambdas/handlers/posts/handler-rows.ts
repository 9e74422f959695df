import type { CallableName } from '#contracts/callables';
import type { CallableHandlerEntry } from '../../handler-row.ts';

/** Server rows of the feed callables: handler module and least-privilege grants (see handler-row.ts). */
export const postsHandlers = {
  // pictures read: authors' pictures are signed into short-lived URLs.
  createPost: { entry: 'handlers/posts/create-post.ts', permissions: { table: 'readWrite', pictures: 'read' } },
  getFeed: { entry: 'handlers/posts/get-feed.ts', permissions: { table: 'read', pictures: 'read' } },
  getPost: { entry: 'handlers/posts/get-post.ts', permissions: { table: 'read', pictures: 'read' } },
  togglePostLike: { entry: 'handlers/posts/toggle-post-like.ts', permissions: { table: 'readWrite' } },
  getPostLikers: { entry: 'handlers/posts/get-post-likers.ts', permissions: { table: 'read' } },
  addComment: { entry: 'handlers/posts/add-comment.ts', permissions: { table: 'readWrite', pictures: 'read' } },
  listComments: { entry: 'handlers/posts/list-comments.ts', permissions: { table: 'read', pictures: 'read' } },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
