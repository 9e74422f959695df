import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

const PROMISES = [
  'No ads and no tracking: Anchored is funded by subscription, not by selling your attention.',
  'Verified real people: every member was invited, and vouched for, by someone already here.',
  'A chronological feed with no ranking algorithm: you see what your anchors post, newest first.',
  'Limited connections: at most 100 anchors, the people you actually trust.',
  'Limited invites: ten per member, five for people nearby and five for people farther away.',
  'Community moderation: members vouch for the people they invite.',
];

export default function WhyRoute() {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Why Anchored</Title>
        <Text>Anchored is an invite-only network for real-world communities: neighbours, friends, family and the groups you belong to offline.</Text>
        <List spacing="sm">
          {PROMISES.map((promise) => (
            <List.Item key={promise}>{promise}</List.Item>
          ))}
        </List>
        <Text>
          Members can report a post, a comment or a member; admins act on every report, from a warning to a removal, and each action is listed in the{' '}
          <Anchor component={Link} to="/moderation-log">
            moderation log
          </Anchor>{' '}
          (for members), without naming who reported whom.
        </Text>
      </Stack>
    </Container>
  );
}
