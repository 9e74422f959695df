import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useMemberPosts } from '../api/member-posts.ts';
import { PostCard } from './post-card.tsx';

/**
 * One member's own posts, newest first, as the viewer may see them: the dashboard's Your Wall (the
 * viewer's own) and a profile's Posts section (the app composes it into the profile screen, since
 * features do not import each other). "Load more" reads the next 20.
 */
export function MemberPosts({ userId, memberId, emptyText }: { userId: string; memberId: string; emptyText: string }) {
  const posts = useMemberPosts(userId, memberId);
  const shown = posts.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <Stack gap="md">
      {posts.isPending && <PageLoader label="Loading posts" />}
      {posts.isError && (
        <Alert color="red" role="alert" title="The posts could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => void posts.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {posts.data && shown.length === 0 && !posts.hasNextPage && (
        <Card withBorder padding="lg">
          <Text c="dimmed" data-testid="no-posts">
            {emptyText}
          </Text>
        </Card>
      )}
      {shown.length > 0 && (
        <Stack gap="md" role="feed" aria-label="Posts" aria-busy={posts.isFetching}>
          {shown.map((post) => (
            <PostCard key={post.postId} userId={userId} post={post} />
          ))}
        </Stack>
      )}
      {posts.hasNextPage && (
        <Button variant="light" onClick={() => void posts.fetchNextPage()} loading={posts.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </Stack>
  );
}
