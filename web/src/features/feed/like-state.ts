import type { InfiniteData } from '@tanstack/react-query';
import type { Post } from '#contracts/feed';

/** One page of getFeed as the cache holds it. */
export interface FeedPage {
  posts: Post[];
  nextCursor: string | null;
}

/**
 * The optimistic like: the viewer's like set to `liked`, the count moved by one only when that
 * changes anything (a repeated "like" of a liked post counts nothing, as on the server).
 */
export function applyLike(post: Post, liked: boolean): Post {
  if (post.likedByMe === liked) return post;
  return { ...post, likedByMe: liked, likeCount: Math.max(0, post.likeCount + (liked ? 1 : -1)) };
}

/** Applies `change` to one post wherever it sits in the loaded feed pages. */
export function updateFeedPost(
  feed: InfiniteData<FeedPage, string | undefined> | undefined,
  postId: string,
  change: (post: Post) => Post,
): InfiniteData<FeedPage, string | undefined> | undefined {
  if (!feed) return feed;
  return {
    ...feed,
    pages: feed.pages.map((page) =>
      page.posts.some((post) => post.postId === postId) ? { ...page, posts: page.posts.map((post) => (post.postId === postId ? change(post) : post)) } : page,
    ),
  };
}

/** A post just created by the viewer goes on top of the first page (unless a poll brought it already). */
export function prependFeedPost(
  feed: InfiniteData<FeedPage, string | undefined> | undefined,
  post: Post,
): InfiniteData<FeedPage, string | undefined> | undefined {
  if (!feed) return feed;
  if (feed.pages.some((page) => page.posts.some((existing) => existing.postId === post.postId))) return feed;
  const [first, ...rest] = feed.pages;
  if (!first) return feed;
  return { ...feed, pages: [{ ...first, posts: [post, ...first.posts] }, ...rest] };
}
