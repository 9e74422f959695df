import { describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH, FEED_MESSAGES, feedCallables, POST_MAX_LENGTH } from '#contracts/feed';
import { canViewPost, needsAnchorCheck } from '#domain/post-access';
import { newTimeOrderedId } from '#domain/post-ids';

function messages(schema: { safeParse: (input: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, input: unknown) {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : (parsed.error?.issues.map((issue) => issue.message) ?? []);
}

describe('post and comment contracts', () => {
  const createPost = feedCallables.createPost.input;
  const addComment = feedCallables.addComment.input;
  const postId = newTimeOrderedId();

  it('trims posts, requires content after trimming and allows 500 characters, not 501', () => {
    expect(createPost.parse({ content: '  hi  ', privacy: 'public' })).toEqual({ content: 'hi', privacy: 'public' });
    expect(messages(createPost, { content: ' \n\t ', privacy: 'anchors' })).toEqual([FEED_MESSAGES.postRequired]);
    expect(messages(createPost, { content: ` ${'a'.repeat(POST_MAX_LENGTH)} `, privacy: 'anchors' })).toEqual([]);
    expect(messages(createPost, { content: 'a'.repeat(POST_MAX_LENGTH + 1), privacy: 'anchors' })).toEqual([FEED_MESSAGES.postTooLong]);
  });

  it("takes only the spec's privacy values and refuses fields a client may not set", () => {
    expect(messages(createPost, { content: 'hi', privacy: 'friends' })).toHaveLength(1);
    expect(messages(createPost, { content: 'hi', privacy: 'public', isWallPost: true })).toHaveLength(1);
    expect(messages(createPost, { content: 'hi', privacy: 'public', clientRequestId: 'short' })).toHaveLength(1);
  });

  it('trims comments, requires content after trimming and allows 300 characters, not 301', () => {
    expect(addComment.parse({ postId, content: ' ok ' })).toEqual({ postId, content: 'ok' });
    expect(messages(addComment, { postId, content: '   ' })).toEqual([FEED_MESSAGES.commentRequired]);
    expect(messages(addComment, { postId, content: 'c'.repeat(COMMENT_MAX_LENGTH) })).toEqual([]);
    expect(messages(addComment, { postId, content: 'c'.repeat(COMMENT_MAX_LENGTH + 1) })).toEqual([FEED_MESSAGES.commentTooLong]);
  });

  it('accepts only well-formed post ids and cursors', () => {
    expect(messages(feedCallables.getPost.input, { postId: 'POST#x' })).toEqual([FEED_MESSAGES.postNotFound]);
    expect(messages(feedCallables.getFeed.input, { cursor: postId })).toEqual([]);
    expect(messages(feedCallables.getFeed.input, { cursor: 'USER#someone' })).toEqual(['Invalid cursor']);
  });
});

describe('who may see a post', () => {
  const author = 'author-uid';
  it('public posts: every member; anchors-only posts: the author and the author’s anchors only', () => {
    expect(canViewPost({ authorId: author, privacy: 'public' }, 'anyone', false)).toBe(true);
    expect(canViewPost({ authorId: author, privacy: 'anchors' }, author, false)).toBe(true);
    expect(canViewPost({ authorId: author, privacy: 'anchors' }, 'anchor', true)).toBe(true);
    expect(canViewPost({ authorId: author, privacy: 'anchors' }, 'stranger', false)).toBe(false);
  });

  it('looks the anchor edge up only when it matters', () => {
    expect(needsAnchorCheck({ authorId: author, privacy: 'public' }, 'anyone')).toBe(false);
    expect(needsAnchorCheck({ authorId: author, privacy: 'anchors' }, author)).toBe(false);
    expect(needsAnchorCheck({ authorId: author, privacy: 'anchors' }, 'someone')).toBe(true);
  });
});

describe('time-ordered ids', () => {
  it('sort in creation order, even within one millisecond', () => {
    const now = new Date();
    const ids = Array.from({ length: 50 }, () => newTimeOrderedId(now));
    expect([...ids].sort()).toEqual(ids);
    expect(newTimeOrderedId(new Date(now.getTime() + 1)) > String(ids.at(-1))).toBe(true);
  });
});
