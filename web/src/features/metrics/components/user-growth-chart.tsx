import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Text, Title } from '@mantine/core';
import type { SharedCommunityMetrics } from '#contracts/metrics';
import { formatCount } from '../format.ts';

/** User Growth: verified and active members per daily record, oldest on the left. */
export function UserGrowthChart({ records }: { records: readonly SharedCommunityMetrics[] }) {
  const data = [...records].reverse().map((record) => ({
    day: record.date.slice(5),
    'Verified members': record.totalUsers,
    'Active (30 days)': record.activeUsers,
  }));
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb={4}>
        User Growth
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        One bar pair per daily record ({records.length} shown).
      </Text>
      <BarChart
        h={260}
        data={data}
        dataKey="day"
        series={[
          { name: 'Verified members', color: 'blue.6' },
          { name: 'Active (30 days)', color: 'teal.6' },
        ]}
        valueFormatter={formatCount}
        // Member counts are whole: no 0.5 ticks (which the K/M formatter would round into duplicates).
        yAxisProps={{ allowDecimals: false }}
        maxBarWidth={40}
        withLegend
        tickLine="y"
        aria-label="User growth chart"
        data-testid="user-growth-chart"
      />
    </Card>
  );
}
