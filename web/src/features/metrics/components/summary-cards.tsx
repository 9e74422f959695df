import { Card, SimpleGrid, Text } from '@mantine/core';
import type { SharedCommunityMetrics } from '#contracts/metrics';
import { formatCount, formatPercent } from '../format.ts';

interface SummaryCard {
  title: string;
  value: string;
  detail: string;
}

function cardsOf(record: SharedCommunityMetrics): SummaryCard[] {
  const { basis, verifiedInPerson } = record;
  return [
    { title: 'Total Users (verified members)', value: formatCount(record.totalUsers), detail: `as of ${record.date}` },
    // Absent on the records from before it was counted: no card rather than an invented zero.
    ...(verifiedInPerson === undefined
      ? []
      : [
          {
            title: 'Verified in person',
            value: formatCount(verifiedInPerson),
            detail: `${formatPercent(record.totalUsers === 0 ? 0 : verifiedInPerson / record.totalUsers)} of members`,
          },
        ]),
    {
      title: 'Active Users (last 30 days)',
      value: formatCount(record.activeUsers),
      detail: `${formatPercent(record.totalUsers === 0 ? 0 : record.activeUsers / record.totalUsers)} of members`,
    },
    {
      title: 'Invite Acceptance',
      value: formatPercent(record.invitationAcceptanceRate),
      detail: `${formatCount(basis.invitesAccepted)} of ${formatCount(basis.invitedSignups)} invited sign-ups joined`,
    },
    {
      title: 'Platform Refugees',
      value: formatPercent(record.platformRefugeeRate),
      detail: `${formatCount(basis.refugees)} of ${formatCount(basis.establishedMembers)} members older than 30 days`,
    },
  ];
}

/** Spec Metrics page: the four cards, and Verified in person once the records count it, from the newest record. */
export function SummaryCards({ record }: { record: SharedCommunityMetrics }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: record.verifiedInPerson === undefined ? 4 : 5 }} spacing="md">
      {cardsOf(record).map((card) => (
        <Card key={card.title} withBorder padding="md" aria-label={card.title} role="group">
          <Text size="sm" c="dimmed">
            {card.title}
          </Text>
          <Text fw={700} fz={32} lh={1.2} data-testid="metric-value">
            {card.value}
          </Text>
          <Text size="xs" c="dimmed">
            {card.detail}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
