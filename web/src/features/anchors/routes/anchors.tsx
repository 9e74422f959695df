import { Container, Grid, Stack, Title } from '@mantine/core';
import { useAnchorsLive } from '../api/anchor-requests.ts';
import { AnchorTips } from '../components/anchor-tips.tsx';
import { FindAnchors } from '../components/find-anchors.tsx';
import { YourAnchors } from '../components/your-anchors.tsx';

/** Spec Anchors page: Your Anchors (with Pending), Find New Anchors, Anchor Tips. */
export default function AnchorsRoute() {
  // The lists, the pending requests and the searches' buttons follow anchors.changed.
  useAnchorsLive();
  return (
    <Container size="lg" py="md">
      <Title order={1} size="h2" mb="md">
        Manage Your Anchors
      </Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <YourAnchors />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <FindAnchors />
            <AnchorTips />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
