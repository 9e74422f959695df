import { Alert, Button, Stack, Text } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PostSkeletons } from '../../../components/skeletons.tsx';
import { useFeedLive } from '../api/feed-live.ts';
import { useFeed } from '../api/get-feed.ts';
import { PostCard } from './post-card.tsx';
import { PostForm } from './post-form.tsx';
import { paths, FIND_ANCHORS_PATH } from '../../../lib/paths.ts';

/** The News Feed tab: the post form, the latest 50 posts, and older ones on demand. */
export function NewsFeed({ userId }: { userId: string }) {
  const feed = useFeed(userId);
  useFeedLive(userId);
  const posts = feed.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <Stack gap="md">
      <PostForm userId={userId} />
      {feed.isPending && <PostSkeletons label="Loading the feed" />}
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
      {/* A new member's first screen: it says where the posts come from and how to get some. */}
      {feed.data && posts.length === 0 && (
        <EmptyState
          framed
          testId="feed-empty"
          message="Your feed is empty."
          hint="Posts from you and your anchors show up here, newest first. Find people you know, or invite someone you vouch for."
          steps={[
            { label: 'Find anchors', to: FIND_ANCHORS_PATH },
            { label: 'Invite someone', to: paths.invites },
          ]}
        />
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
