import { Alert, Container, Grid, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { NoticesCard } from '../../moderation/index.ts';
import { BlockSkeletons, PostSkeletons } from '../../../components/skeletons.tsx';
import { useAnchorList, useAnchorsLive, usePendingRequestCount } from '../../anchors/index.ts';
import { useMe } from '../../../lib/session.ts';
import { MemberPosts } from '../components/member-posts.tsx';
import { NetworkColumn } from '../components/network-column.tsx';
import { NewsFeed } from '../components/news-feed.tsx';
import { SideMenu } from '../components/side-menu.tsx';
import { COMPOSE_POST_PATH, COMPOSE_PARAM } from '../../../lib/paths.ts';

/** The dashboard's shape while the member's record loads (the guard has usually read it already). */
function DashboardSkeleton() {
  return (
    <Container size="xl" py="md">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
          <BlockSkeletons label="Loading the menu" heights={[260]} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <PostSkeletons label="Loading your account" count={2} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
          <BlockSkeletons label="Loading your network" heights={[96, 80]} />
        </Grid.Col>
      </Grid>
    </Container>
  );
}

/** Spec §2 Dashboard: side menu, feed (News Feed / Your Wall), groups and network; one column on mobile. */
export default function DashboardRoute() {
  const me = useMe();
  const pending = usePendingRequestCount();
  // The live count (the cached record's anchorCount is as old as the sign-in).
  const anchors = useAnchorList();
  // Both counts follow anchors.changed (a request received, an accept) over the live socket.
  useAnchorsLive();
  const [tab, setTab] = useState<string | null>('feed');
  const [searchParams] = useSearchParams();
  // '?compose' (the bottom bar's Post, the empty wall's Write a post) needs the composer, which is on the feed tab.
  const compose = searchParams.has(COMPOSE_PARAM);
  // Set while rendering (React's pattern for state that follows a prop), so the feed tab mounts with the flag still there.
  if (compose && tab !== 'feed') setTab('feed');
  if (me.isPending) return <DashboardSkeleton />;
  if (!me.data) {
    return (
      <Container size="md" py="md">
        <Alert color="red" role="alert">
          Your account record could not be loaded.
        </Alert>
      </Container>
    );
  }
  const member = me.data;
  // Until the list answers: a skeleton (no stale or zero count); if it fails, the record's count.
  const anchorCount = anchors.data?.count ?? (anchors.isError ? member.anchorCount : undefined);
  return (
    <Container size="xl" py="md" px={{ base: 0, sm: 'md' }} data-testid="dashboard">
      <Title order={1} size="h3" mb="md">
        Dashboard
      </Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 2, md: 1 }} visibleFrom="md">
          <SideMenu userId={member.uid} verified={member.verificationLevel === 'verified'} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 1, md: 2 }}>
          <NoticesCard />
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="feed">News Feed</Tabs.Tab>
              <Tabs.Tab value="wall">Your Wall</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="feed">
              <NewsFeed userId={member.uid} />
            </Tabs.Panel>
            <Tabs.Panel value="wall">
              <MemberPosts
                userId={member.uid}
                memberId={member.uid}
                emptyText="You have not posted yet. What you post appears here, newest first."
                emptyStep={{ label: 'Write a post', to: COMPOSE_POST_PATH }}
              />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }} order={3}>
          <NetworkColumn pendingRequests={pending.data ?? (pending.isError ? null : undefined)} anchorCount={anchorCount} />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
