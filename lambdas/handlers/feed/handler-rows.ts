import type { CallableName } from '#contracts/callables';
import type { CallableHandlerEntry } from '../../handler-row.ts';

/** Server rows of the feed callables: handler module and least-privilege grants (see handler-row.ts). */
export const feedHandlers = {
  // pictures read: authors' pictures are signed into short-lived URLs.
  createPost: { entry: 'handlers/feed/create-post.ts', permissions: { table: 'readWrite', pictures: 'read' } },
  getFeed: { entry: 'handlers/feed/get-feed.ts', permissions: { table: 'read', pictures: 'read' } },
  getPost: { entry: 'handlers/feed/get-post.ts', permissions: { table: 'read', pictures: 'read' } },
  togglePostLike: { entry: 'handlers/feed/toggle-post-like.ts', permissions: { table: 'readWrite' } },
  getPostLikers: { entry: 'handlers/feed/get-post-likers.ts', permissions: { table: 'read' } },
  addComment: { entry: 'handlers/feed/add-comment.ts', permissions: { table: 'readWrite', pictures: 'read' } },
  listComments: { entry: 'handlers/feed/list-comments.ts', permissions: { table: 'read', pictures: 'read' } },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
