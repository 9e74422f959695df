import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { SHOWN_TOP_INVITERS, type SharedTopInviter } from '#contracts/metrics';
import { formatCount, formatPercent } from '../format.ts';

/** Community Champions: the top inviters, anonymous on purpose (no names, no ids on the page). */
export function CommunityChampions({ inviters }: { inviters: readonly SharedTopInviter[] }) {
  const shown = inviters.slice(0, SHOWN_TOP_INVITERS);
  return (
    <Card withBorder padding="md" h="100%">
      <Title order={2} size="h4" mb="sm">
        Community Champions
      </Title>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          No invite has been accepted yet.
        </Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Community champions">
          {shown.map((inviter, index) => (
            <Group key={index} component="li" justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600}>
                Champion {index + 1}
              </Text>
              {/* On a phone the figures wrap under each other rather than clip ('100% ACCE…'). */}
              <Group gap="xs" wrap="wrap" justify="flex-end">
                <Text size="sm">
                  {formatCount(inviter.inviteCount)} {inviter.inviteCount === 1 ? 'invite' : 'invites'} accepted
                </Text>
                <Badge variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
                  {formatPercent(inviter.acceptanceRate)} acceptance
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
