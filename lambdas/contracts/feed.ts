import * as z from 'zod';
import { userIdSchema } from './anchors.ts';

/** Spec §5 and §9: posts up to 500 characters, comments up to 300, both required after trimming. */
export const POST_MAX_LENGTH = 500;
export const COMMENT_MAX_LENGTH = 300;
/** Spec §9: the feed shows the latest 50 posts; older ones come page by page. */
export const FEED_PAGE_SIZE = 50;
export const COMMENTS_PAGE_SIZE = 50;
/** A member's own posts (Your Wall, their profile) come 20 a page: one BatchGet holds a page's posts, likes and the two records. */
export const MEMBER_POSTS_PAGE_SIZE = 20;

/** What the server answers; the web shows its own alerts on failure (spec §8). */
export const FEED_MESSAGES = {
  postRequired: 'Please write something before posting',
  postTooLong: `Posts can be at most ${POST_MAX_LENGTH} characters`,
  commentRequired: 'Please write a comment',
  commentTooLong: `Comments can be at most ${COMMENT_MAX_LENGTH} characters`,
  postNotFound: 'Post not found',
  userNotFound: 'User not found',
  /** Spec §8: the web's alerts when a post or a comment fails. */
  postFailed: 'Failed to post. Please try again.',
  commentFailed: 'Failed to add comment',
  commentNotFound: 'Comment not found',
  notYourPost: 'You can only edit or delete your own posts',
  notYourComment: 'You can only edit or delete your own comments',
} as const;

export const postPrivacySchema = z.enum(['anchors', 'public']);
export type PostPrivacy = z.infer<typeof postPrivacySchema>;

export const postContentSchema = z.string().trim().min(1, FEED_MESSAGES.postRequired).max(POST_MAX_LENGTH, FEED_MESSAGES.postTooLong);
export const commentContentSchema = z.string().trim().min(1, FEED_MESSAGES.commentRequired).max(COMMENT_MAX_LENGTH, FEED_MESSAGES.commentTooLong);

/** Post and comment ids are ULIDs (time-ordered); access never relies on them being secret. */
const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const postIdSchema = z.string().regex(ULID_PATTERN, FEED_MESSAGES.postNotFound);
/** Page cursors: the id of the last item of the previous page. */
const cursorSchema = z.string().regex(ULID_PATTERN, 'Invalid cursor');
export const commentIdSchema = z.string().regex(ULID_PATTERN, FEED_MESSAGES.commentNotFound);

/** A post as a viewer sees it (spec §3 Post). authorPicture is the author's picture URL (unsigned) or ''. */
export const postSchema = z.object({
  postId: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  authorPicture: z.string(),
  /** The author is verified in person (a stored copy the stream keeps, like the name; older posts without it read false). */
  authorVerified: z.boolean(),
  content: z.string(),
  createdAt: z.string(),
  privacy: postPrivacySchema,
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  isWallPost: z.boolean(),
  recipientName: z.string().optional(),
  /** Whether the viewer has liked it (spec: `likes` holds the likers; getPostLikers lists them). */
  likedByMe: z.boolean(),
  /** When its author last edited it (absent: never edited); the web shows "edited". */
  editedAt: z.string().optional(),
});
export type Post = z.infer<typeof postSchema>;

export const commentSchema = z.object({
  commentId: z.string(),
  postId: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  authorPicture: z.string(),
  /** As on a post: the author is verified in person. */
  authorVerified: z.boolean(),
  content: z.string(),
  createdAt: z.string(),
  /** When its author last edited it (absent: never edited). */
  editedAt: z.string().optional(),
});
export type Comment = z.infer<typeof commentSchema>;

export const likerSchema = z.object({
  uid: z.string(),
  displayName: z.string(),
  /** The liker is verified in person (a copy the stream keeps, like the name). */
  verifiedInPerson: z.boolean(),
  likedAt: z.string(),
});
export type Liker = z.infer<typeof likerSchema>;

/**
 * The feed callables. Anchors-only posts answer 'Post not found' to anyone but the
 * author and the author's accepted anchors, so a guessed id leaks nothing.
 */
export const feedCallables = {
  createPost: {
    refusedWhileSuspended: true,
    budget: 'posts',
    access: 'member',
    input: z
      .object({
        content: postContentSchema,
        privacy: postPrivacySchema,
        /** A client-chosen id per attempt: a retry with the same id returns the first post, never a second. */
        clientRequestId: z.string().trim().min(8).max(64).optional(),
      })
      .strict(),
    output: postSchema,
    description:
      "Posts (content 1–500 characters after trimming; privacy anchors or public) to the author's feed and every accepted anchor's feed (fan-out on write). Idempotent per clientRequestId: a retry with the same id returns the first post.",
  },
  getFeed: {
    access: 'member',
    readOnly: true,
    presence: 'own-read',
    input: z.object({ cursor: cursorSchema.optional() }).strict(),
    output: z.object({ posts: z.array(postSchema), nextCursor: z.string().nullable() }),
    description:
      "The latest 50 non-wall posts by the caller and their accepted anchors (within 90 days), newest first; nextCursor loads older. Two DynamoDB requests whatever the anchor count: a Query of the feed and a BatchGet of its posts with the caller's record (the presence check); no write. New posts, counts and comments arrive over the live socket (contracts/push.ts).",
  },
  listMemberPosts: {
    access: 'member',
    readOnly: true,
    presence: 'own-read',
    input: z.object({ userId: userIdSchema, cursor: cursorSchema.optional() }).strict(),
    output: z.object({ posts: z.array(postSchema), nextCursor: z.string().nullable() }),
    description:
      "The posts userId wrote (not those written on another member's wall), newest first, 20 a page; nextCursor (the last post id) loads older. The caller sees what getPost would show them: all of their own, public ones of anyone, anchors-only ones only as that member's accepted anchor; a page may hold fewer than 20 and still have a nextCursor. 'User not found' (404) for a missing member and, identically, between a blocked pair (either way). Two DynamoDB requests a page whatever the post count: a Query of GSI byAuthor and one BatchGet of the page's posts with the caller's likes, both records (the caller's is the presence check) and the anchor edge; no write.",
  },
  getPost: {
    access: 'member',
    readOnly: true,
    input: z.object({ postId: postIdSchema }).strict(),
    output: postSchema,
    description:
      "One post with likedByMe, if the caller may see it: 'Post not found' (404) for a missing post and, identically, for an anchors-only post the caller may not see.",
  },
  togglePostLike: {
    budget: 'likes',
    refusedWhileSuspended: true,
    access: 'member',
    input: z.object({ postId: postIdSchema, liked: z.boolean() }).strict(),
    output: z.object({ liked: z.boolean(), likeCount: z.number().int() }),
    description:
      "Likes (liked: true) or unlikes a post; the like and likeCount move together, and a repeat changes nothing. Likes and unlikes spend the 'likes' budget (120 in 30 minutes); liking again after an unlike tells the author only once a week.",
  },
  getPostLikers: {
    access: 'member',
    readOnly: true,
    input: z.object({ postId: postIdSchema }).strict(),
    output: z.object({ likers: z.array(likerSchema) }),
    description: 'Who liked a post, newest like first.',
  },
  addComment: {
    refusedWhileSuspended: true,
    budget: 'comments',
    access: 'member',
    input: z
      .object({
        postId: postIdSchema,
        content: commentContentSchema,
        /** As for createPost: a retry with the same id returns the first comment, never a second. */
        clientRequestId: z.string().trim().min(8).max(64).optional(),
      })
      .strict(),
    output: z.object({ comment: commentSchema, commentCount: z.number().int() }),
    description:
      'Comments on a post (content 1–300 characters after trimming); the comment and commentCount move together. Idempotent per clientRequestId: a retry with the same id returns the first comment.',
  },
  listComments: {
    access: 'member',
    readOnly: true,
    input: z.object({ postId: postIdSchema, cursor: cursorSchema.optional() }).strict(),
    output: z.object({ comments: z.array(commentSchema), nextCursor: z.string().nullable() }),
    description: 'Comments of a post, newest first, 50 a page.',
  },
  editPost: {
    refusedWhileSuspended: true,
    budget: 'edits',
    access: 'member',
    input: z.object({ postId: postIdSchema, content: postContentSchema }).strict(),
    output: postSchema,
    description:
      "The author rewrites their post (content 1–500 characters after trimming, the creation messages); it is marked edited (editedAt) and its readers' open pages read it again. 'Post not found' (404) for a missing or deleted post or one the caller may not see; 'You can only edit or delete your own posts' (403) for another member's. Spends the 'edits' budget (60 edits of posts and comments in 30 minutes).",
  },
  deletePost: {
    access: 'member',
    input: z.object({ postId: postIdSchema }).strict(),
    output: z.object({ postId: z.string() }),
    description:
      "The author deletes their post: it leaves every read at once; its feed entries, likes and comments (with the commenters' markers) follow from the table's stream. Idempotent for the author for a day: deleting a post they already deleted answers success again. 'Post not found' (404) for a missing post or one the caller may not see; 'You can only edit or delete your own posts' (403) for another member's.",
  },
  editComment: {
    refusedWhileSuspended: true,
    budget: 'edits',
    access: 'member',
    input: z.object({ commentId: commentIdSchema, postId: postIdSchema, content: commentContentSchema }).strict(),
    output: z.object({ comment: commentSchema }),
    description:
      "The author rewrites their comment (content 1–300 characters after trimming, the creation messages); it is marked edited (editedAt). 'Post not found' / 'Comment not found' (404) for a missing or deleted one; 'You can only edit or delete your own comments' (403) for another member's. Spends the 'edits' budget (60 edits of posts and comments in 30 minutes).",
  },
  deleteComment: {
    access: 'member',
    input: z.object({ commentId: commentIdSchema, postId: postIdSchema }).strict(),
    output: z.object({ commentCount: z.number().int() }),
    description:
      "The author deletes their comment: the comment, the post's commentCount and their marker move in one transaction, so the count drops exactly once. Idempotent for the author for a day (a second delete answers success). 'Post not found' / 'Comment not found' (404); 'You can only edit or delete your own comments' (403) for another member's.",
  },
} as const;
