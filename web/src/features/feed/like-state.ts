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

/** Applies `change` to one post wherever it sits in the loaded feed pages (the same feed when it holds none). */
export function updateFeedPost(
  feed: InfiniteData<FeedPage, string | undefined> | undefined,
  postId: string,
  change: (post: Post) => Post,
): InfiniteData<FeedPage, string | undefined> | undefined {
  if (!feed?.pages.some((page) => page.posts.some((post) => post.postId === postId))) return feed;
  return {
    ...feed,
    pages: feed.pages.map((page) =>
      page.posts.some((post) => post.postId === postId) ? { ...page, posts: page.posts.map((post) => (post.postId === postId ? change(post) : post)) } : page,
    ),
  };
}

/** A post just created by the viewer goes on top of the first page (unless a read brought it already). */
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

/** Whether the loaded feed pages hold the post. */
export function feedHolds(feed: InfiniteData<FeedPage, string | undefined> | undefined, postId: string): boolean {
  return feed?.pages.some((page) => page.posts.some((post) => post.postId === postId)) ?? false;
}

/**
 * The loaded feed with a freshly read first page in front, without reading the older pages again:
 * the fresh page replaces every loaded post down to its last one (so a deleted post goes too), and
 * the loaded posts older than that stay, with their cursors. When the fresh page does not reach the
 * loaded posts (more than a page arrived meanwhile), or holds the whole feed, it is the feed's only
 * page ("Load older posts" goes on from its cursor). Posts whose like the viewer is still sending
 * (`likeInFlight`) keep the state on screen: the click's answer settles them.
 */
export function mergeFirstPage(
  feed: InfiniteData<FeedPage, string | undefined> | undefined,
  fresh: FeedPage,
  likeInFlight: (postId: string) => boolean = () => false,
): InfiniteData<FeedPage, string | undefined> {
  const shown = new Map(feed?.pages.flatMap((page) => page.posts.map((post) => [post.postId, post] as const)));
  const first: FeedPage = {
    ...fresh,
    posts: fresh.posts.map((post) => {
      const mine = shown.get(post.postId);
      return mine && likeInFlight(post.postId) ? { ...post, likedByMe: mine.likedByMe, likeCount: mine.likeCount } : post;
    }),
  };
  const alone = { pages: [first], pageParams: [undefined] };
  const boundary = first.posts.at(-1);
  if (!feed || fresh.nextCursor === null || !boundary) return alone;
  const pageIndex = feed.pages.findIndex((page) => page.posts.some((post) => post.postId === boundary.postId));
  const page = feed.pages[pageIndex];
  if (!page) return alone;
  const older = page.posts.slice(page.posts.findIndex((post) => post.postId === boundary.postId) + 1);
  return {
    pages: [{ posts: [...first.posts, ...older], nextCursor: page.nextCursor }, ...feed.pages.slice(pageIndex + 1)],
    pageParams: [undefined, ...feed.pageParams.slice(pageIndex + 1)],
  };
}

/** A post the viewer deleted leaves the loaded feed pages at once (the same feed when it holds none). */
export function removeFeedPost(
  feed: InfiniteData<FeedPage, string | undefined> | undefined,
  postId: string,
): InfiniteData<FeedPage, string | undefined> | undefined {
  if (!feedHolds(feed, postId) || !feed) return feed;
  return { ...feed, pages: feed.pages.map((page) => ({ ...page, posts: page.posts.filter((post) => post.postId !== postId) })) };
}

/**
 * Only the posts whose author is in `authors` stay in the loaded feed pages (the same feed when all
 * do): a feed holds the viewer's own posts and their anchors', so an author outside the viewer and
 * their anchors is an anchor who went, whose posts the server has taken out of the feed already.
 */
export function keepPostsBy(
  feed: InfiniteData<FeedPage, string | undefined> | undefined,
  authors: ReadonlySet<string>,
): InfiniteData<FeedPage, string | undefined> | undefined {
  if (!feed?.pages.some((page) => page.posts.some((post) => !authors.has(post.authorId)))) return feed;
  return { ...feed, pages: feed.pages.map((page) => ({ ...page, posts: page.posts.filter((post) => authors.has(post.authorId)) })) };
}
