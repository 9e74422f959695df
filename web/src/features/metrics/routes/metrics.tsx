import { Alert, Button, Container, Grid, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { METRICS_MESSAGES, METRICS_RANGES, type MetricsRange } from '#contracts/metrics';
import { PageError } from '../../../components/page-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useStage } from '../../../lib/stage.ts';
import { useCalculateMetrics, useCommunityMetrics } from '../api/community-metrics.ts';
import { CommunityChampions } from '../components/community-champions.tsx';
import { HealthScoreCard } from '../components/health-score-card.tsx';
import { MetricDefinitions } from '../components/metric-definitions.tsx';
import { SummaryCards } from '../components/summary-cards.tsx';
import { TopCities } from '../components/top-cities.tsx';
import { UserGrowthChart } from '../components/user-growth-chart.tsx';

/** Spec §2 range toggle: the latest 24, 7 or 30 daily records. */
const RANGE_OPTIONS: { label: string; value: MetricsRange }[] = [
  { label: '24 Hours', value: 'day' },
  { label: '7 Days', value: 'week' },
  { label: '30 Days', value: 'month' },
];

/** Spec Metrics page: community health for every signed-in member. */
export default function MetricsRoute() {
  const [range, setRange] = useState<MetricsRange>('day');
  const metrics = useCommunityMetrics(range);
  const records = metrics.data?.records ?? [];
  const latest = records[0];
  return (
    <Container size="lg" py="md">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={1} size="h2">
          Community Metrics
        </Title>
        <SegmentedControl aria-label="Range" value={range} onChange={(value) => setRange(value as MetricsRange)} data={RANGE_OPTIONS} />
      </Group>
      <Stack gap="md">
        <CalculateButton />
        {metrics.isPending ? (
          <PageLoader label="Loading metrics" />
        ) : metrics.isError ? (
          <PageError title="We could not load the metrics" error={metrics.error} onRetry={() => void metrics.refetch()} />
        ) : !latest ? (
          <Alert color="gray">{METRICS_MESSAGES.empty}</Alert>
        ) : (
          <>
            <SummaryCards record={latest} />
            <UserGrowthChart records={records} />
            <Text size="xs" c="dimmed">
              Showing the latest {records.length} of up to {METRICS_RANGES[range]} daily records; the cards and lists use the newest ({latest.date}).
            </Text>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TopCities clusters={latest.geographicClusters} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <CommunityChampions inviters={latest.topInviters} />
              </Grid.Col>
            </Grid>
            <HealthScoreCard record={latest} />
          </>
        )}
        <MetricDefinitions />
      </Stack>
    </Container>
  );
}

/** The dev button (spec §2): locally and on dev only; the server refuses it on prod anyway. */
function CalculateButton() {
  const stage = useStage();
  const calculate = useCalculateMetrics();
  if (stage.data === undefined || stage.data === 'prod') return null;
  return (
    <Group gap="sm">
      <Button variant="light" onClick={() => calculate.mutate()} loading={calculate.isPending}>
        Calculate metrics now
      </Button>
      {calculate.isSuccess && (
        <Text size="sm" c="teal" role="status">
          {METRICS_MESSAGES.calculated}
        </Text>
      )}
      {calculate.isError && (
        <Text size="sm" c="red" role="alert">
          {METRICS_MESSAGES.calculateFailed}
        </Text>
      )}
    </Group>
  );
}
