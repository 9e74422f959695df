import { Alert, Card, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import type { PlatformStats } from '#contracts/admin';

const FIGURES: { key: keyof PlatformStats; label: string }[] = [
  { key: 'totalUsers', label: 'Total users' },
  { key: 'superusers', label: 'Superusers' },
  { key: 'distinctCities', label: 'Cities' },
  { key: 'verifiedInPerson', label: 'Verified in person' },
  { key: 'notYetVerified', label: 'Not yet verified' },
];

/** Platform stats: total users (member records), superusers, distinct cities, and members verified in person or not yet. */
export function PlatformStatsCard({ stats, isLoading, isError }: { stats: PlatformStats | undefined; isLoading: boolean; isError: boolean }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="stats-title">
      <Title order={2} size="h4" id="stats-title" mb="sm">
        Platform Stats
      </Title>
      {isLoading && <Loader size="sm" aria-label="Loading stats" />}
      {isError && (
        <Alert color="red" role="alert">
          Failed to load platform stats
        </Alert>
      )}
      {stats && (
        <SimpleGrid cols={3} spacing="xs">
          {FIGURES.map(({ key, label }) => (
            <div key={key} data-testid={`stat-${key}`}>
              <Text size="xl" fw={700}>
                {stats[key]}
              </Text>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
