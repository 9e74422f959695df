import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useFeedLive } from '../api/feed-live.ts';
import { useFeed } from '../api/get-feed.ts';
import { PostCard } from './post-card.tsx';
import { PostForm } from './post-form.tsx';

/** The News Feed tab: the post form, the latest 50 posts, and older ones on demand. */
export function NewsFeed({ userId }: { userId: string }) {
  const feed = useFeed(userId);
  useFeedLive(userId);
  const posts = feed.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <Stack gap="md">
      <PostForm userId={userId} />
      {feed.isPending && <PageLoader label="Loading the feed" />}
      {feed.isError && !feed.data && (
        <Alert color="red" role="alert" title="The feed could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => void feed.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {/* Posts already on screen stay; a failed refresh (or older page) says so instead of failing silently. */}
      {(feed.isRefetchError || feed.isFetchNextPageError) && (
        <Alert color="orange" role="alert" title="The feed could not be refreshed" data-testid="feed-refresh-failed">
          <Text size="sm" mb="xs">
            The posts below may be out of date.
          </Text>
          <Button size="xs" variant="light" color="orange" onClick={() => void feed.refetch()} loading={feed.isRefetching}>
            Try again
          </Button>
        </Alert>
      )}
      {feed.data && posts.length === 0 && (
        <Card withBorder padding="lg">
          <Text c="dimmed">No posts yet. Write the first one, or anchor with someone to see theirs.</Text>
        </Card>
      )}
      {/* role=feed must hold articles: rendered only once there are posts. */}
      {posts.length > 0 && (
        <Stack gap="md" aria-label="News feed" role="feed" aria-busy={feed.isFetching}>
          {posts.map((post) => (
            <PostCard key={post.postId} userId={userId} post={post} />
          ))}
        </Stack>
      )}
      {feed.hasNextPage && (
        <Button variant="light" onClick={() => void feed.fetchNextPage()} loading={feed.isFetchingNextPage}>
          Load older posts
        </Button>
      )}
    </Stack>
  );
}
