import { Card, Group, Progress, RingProgress, Stack, Text, Title } from '@mantine/core';
import type { SharedCommunityMetrics } from '#contracts/metrics';
import { formatPercent, healthScore } from '../format.ts';

/** The Community Health Score and its three targets (spec §9). */
export function HealthScoreCard({ record }: { record: SharedCommunityMetrics }) {
  const { score, parts } = healthScore(record);
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        Community Health Score
      </Title>
      <Group align="center" gap="xl" wrap="wrap">
        <RingProgress
          size={120}
          thickness={12}
          sections={[{ value: score * 100, color: score >= 0.8 ? 'teal' : score >= 0.5 ? 'yellow' : 'red' }]}
          label={
            <Text ta="center" fw={700} fz="xl" data-testid="health-score">
              {formatPercent(score)}
            </Text>
          }
        />
        <Stack gap="sm" style={{ flex: 1, minWidth: 240 }}>
          {parts.map((part) => (
            <div key={part.key}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{part.label}</Text>
                <Text size="sm" fw={600}>
                  {formatPercent(part.actual)}{' '}
                  <Text span size="xs" c="dimmed">
                    (target {formatPercent(part.target)})
                  </Text>
                </Text>
              </Group>
              <Progress value={part.progress * 100} color={part.progress >= 1 ? 'teal' : 'blue'} size="sm" aria-label={`${part.label} progress`} />
            </div>
          ))}
          <Text size="xs" c="dimmed">
            The score is the average of how close each figure is to its target (each capped at 100%), so 100% means every target is met.
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
