import { Alert, Button, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { EmptyState, type NextStep } from '../../../components/empty-state.tsx';
import { PostSkeletons } from '../../../components/skeletons.tsx';
import { useMemberPosts } from '../api/member-posts.ts';
import { PostCard } from './post-card.tsx';

/** How many pages, all empty for this viewer, are read before the list waits for "Load more". */
const EMPTY_PAGES_READ_ON = 5;

/**
 * One member's own posts, newest first, as the viewer may see them: the dashboard's Your Wall (the
 * viewer's own) and a profile's Posts section (the app composes it into the profile screen, so the
 * profile feature needs nothing of the feed). "Load more" reads the next 20.
 */
export function MemberPosts({ userId, memberId, emptyText, emptyStep }: { userId: string; memberId: string; emptyText: string; emptyStep?: NextStep }) {
  const posts = useMemberPosts(userId, memberId);
  const shown = posts.data?.pages.flatMap((page) => page.posts) ?? [];
  const pagesRead = posts.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = posts;
  // Pages of posts this viewer may not see (anchors-only, for a non-anchor) come back empty: read on
  // by itself a few pages rather than show a lone "Load more" under nothing.
  useEffect(() => {
    if (shown.length === 0 && hasNextPage && !isFetchingNextPage && pagesRead > 0 && pagesRead < EMPTY_PAGES_READ_ON) void fetchNextPage();
  }, [shown.length, hasNextPage, isFetchingNextPage, pagesRead, fetchNextPage]);
  return (
    <Stack gap="md">
      {posts.isPending && <PostSkeletons label="Loading posts" count={2} />}
      {posts.isError && (
        <Alert color="red" role="alert" title="The posts could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => void posts.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {posts.data && shown.length === 0 && (!hasNextPage || pagesRead >= EMPTY_PAGES_READ_ON) && (
        <EmptyState framed testId="no-posts" message={emptyText} steps={emptyStep ? [emptyStep] : []} />
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
