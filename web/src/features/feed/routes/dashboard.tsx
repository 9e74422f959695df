import { Alert, Container, Grid, Tabs, Text, Title } from '@mantine/core';
import { NoticesCard } from '../../../components/moderation/notices-card.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useAnchorList, useAnchorsLive, usePendingRequestCount } from '../../../lib/anchor-requests.ts';
import { useMe } from '../../../lib/session.ts';
import { MemberPosts } from '../components/member-posts.tsx';
import { NetworkColumn } from '../components/network-column.tsx';
import { NewsFeed } from '../components/news-feed.tsx';
import { SideMenu } from '../components/side-menu.tsx';

/** Spec §2 Dashboard: side menu, feed (News Feed / Your Wall), groups and network; one column on mobile. */
export default function DashboardRoute() {
  const me = useMe();
  const pending = usePendingRequestCount();
  // The live count (the cached record's anchorCount is as old as the sign-in).
  const anchors = useAnchorList();
  // Both counts follow anchors.changed (a request received, an accept) over the live socket.
  useAnchorsLive();
  if (me.isPending) return <PageLoader label="Loading your account" />;
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
  return (
    <Container size="xl" py="md" px={{ base: 0, sm: 'md' }}>
      <Title order={1} size="h3" mb="xs">
        Dashboard
      </Title>
      <Text data-testid="signed-in-as" size="sm" c="dimmed" mb="md">
        Signed in as <strong>{member.displayName}</strong>
      </Text>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 2, md: 1 }} visibleFrom="md">
          <SideMenu userId={member.uid} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 1, md: 2 }}>
          <NoticesCard />
          <Tabs defaultValue="feed" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="feed">News Feed</Tabs.Tab>
              <Tabs.Tab value="wall">Your Wall</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="feed">
              <NewsFeed userId={member.uid} />
            </Tabs.Panel>
            <Tabs.Panel value="wall">
              <MemberPosts userId={member.uid} memberId={member.uid} emptyText="You have not posted yet. What you post appears here, newest first." />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }} order={3}>
          <NetworkColumn pendingRequests={pending.data} anchorCount={anchors.data?.count ?? member.anchorCount} />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
