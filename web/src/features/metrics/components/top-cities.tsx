import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { SHOWN_TOP_CITIES } from '#contracts/metrics';
import { formatCount, topCities } from '../format.ts';

/** Top Cities: members with a completed profile, by "City, State". */
export function TopCities({ clusters }: { clusters: Record<string, number> }) {
  const cities = topCities(clusters, SHOWN_TOP_CITIES);
  const largest = cities[0]?.members ?? 0;
  return (
    <Card withBorder padding="md" h="100%">
      <Title order={2} size="h4" mb="sm">
        Top Cities
      </Title>
      {cities.length === 0 ? (
        <Text size="sm" c="dimmed">
          No member has completed a profile with a city yet.
        </Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Top cities">
          {cities.map(({ city, members }) => (
            <li key={city}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{city}</Text>
                <Text size="sm" fw={600}>
                  {formatCount(members)}
                </Text>
              </Group>
              <Progress value={largest === 0 ? 0 : (members / largest) * 100} size="sm" aria-hidden />
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
