import { Card, List, Title } from '@mantine/core';
import { MAX_ANCHORS } from '#contracts/anchors';
import { ANCHOR_PLACES_EXPLAINED } from '../../../lib/place-words.ts';

/** The Anchor Tips box: the rules of anchoring (spec §5, §9). */
export function AnchorTips() {
  return (
    <Card withBorder padding="md" component="aside" aria-labelledby="anchor-tips-title" bg="var(--mantine-color-blue-light)">
      <Title order={2} size="h5" id="anchor-tips-title" mb="xs">
        Anchor Tips
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>You can have up to {MAX_ANCHORS} anchors; so can everyone you anchor with.</List.Item>
        <List.Item>Anchors are people you trust in real life: send requests to people you know.</List.Item>
        <List.Item>A request becomes an anchor only when the other member accepts it.</List.Item>
        <List.Item>{ANCHOR_PLACES_EXPLAINED}</List.Item>
        <List.Item>Your anchors see your Anchors Only posts, and you see theirs.</List.Item>
        <List.Item>You can cancel a request you sent, or remove an anchor at any time.</List.Item>
      </List>
    </Card>
  );
}
