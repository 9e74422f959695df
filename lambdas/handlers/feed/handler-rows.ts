import type { CallableName } from '#contracts/callables';
import { PARTITIONS } from '#data/table';
import type { CallableHandlerEntry } from '../../handler-row.ts';

/** Server rows of the feed callables: handler module and least-privilege grants (see handler-row.ts). */
export const feedHandlers = {
  createPost: { entry: 'handlers/feed/create-post.ts', permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.post] } },
  getFeed: { entry: 'handlers/feed/get-feed.ts', permissions: { table: 'read' } },
  listMemberPosts: { entry: 'handlers/feed/list-member-posts.ts', permissions: { table: 'read' } },
  getPost: { entry: 'handlers/feed/get-post.ts', permissions: { table: 'read' } },
  togglePostLike: { entry: 'handlers/feed/toggle-post-like.ts', permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.post] } },
  getPostLikers: { entry: 'handlers/feed/get-post-likers.ts', permissions: { table: 'read' } },
  addComment: { entry: 'handlers/feed/add-comment.ts', permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.post] } },
  listComments: { entry: 'handlers/feed/list-comments.ts', permissions: { table: 'read' } },
  editPost: { entry: 'handlers/feed/edit-post.ts', permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.post] } },
  deletePost: { entry: 'handlers/feed/delete-post.ts', permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.post] } },
  editComment: { entry: 'handlers/feed/edit-comment.ts', permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.post] } },
  deleteComment: { entry: 'handlers/feed/delete-comment.ts', permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.post] } },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
