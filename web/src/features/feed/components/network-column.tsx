import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { SAMPLE_GROUPS } from '../sample-groups.ts';

interface NetworkColumnProps {
  /** The member's real pending anchor requests (received); undefined while loading or failed. */
  pendingRequests: number | undefined;
  anchorCount: number;
}

/** The right column: sample groups (labelled as such) and the member's network. */
export function NetworkColumn({ pendingRequests, anchorCount }: NetworkColumnProps) {
  return (
    <Stack gap="md">
      <Card withBorder padding="md" component="section" aria-labelledby="your-network-title">
        <Title order={2} size="h5" id="your-network-title" mb="xs">
          Your Network
        </Title>
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm">Anchors</Text>
            <Text size="sm" fw={600}>
              {anchorCount} / 100
            </Text>
          </Group>
          <Group justify="space-between">
            <Anchor component={Link} to="/anchors?tab=pending" size="sm">
              Pending requests
            </Anchor>
            <Badge data-testid="pending-requests-count" color={pendingRequests ? 'orange' : 'gray'} variant="light">
              {pendingRequests ?? '…'}
            </Badge>
          </Group>
        </Stack>
      </Card>
      <Card withBorder padding="md" component="section" aria-labelledby="groups-title">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h5" id="groups-title">
            Groups
          </Title>
          <Badge size="xs" color="gray" variant="outline">
            Sample data
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" mb="xs">
          Groups are not built yet; these are examples of what they will look like.
        </Text>
        <Stack gap={6}>
          {SAMPLE_GROUPS.map((group) => (
            <Group key={group.id} gap="xs" wrap="nowrap">
              <Text aria-hidden>{group.icon}</Text>
              <div>
                <Text size="sm">{group.name}</Text>
                <Text size="xs" c="dimmed">
                  {group.memberCount} members
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}
