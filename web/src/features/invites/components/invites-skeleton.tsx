import { Card, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { LoadingRegion } from '../../../components/skeletons.tsx';

/** A copy field's shape: its label, then the value and its Copy button. */
function FieldSkeleton() {
  return (
    <Stack gap={6}>
      <Skeleton height={10} width={80} radius="xl" />
      <Group gap="xs" wrap="nowrap">
        <Skeleton height={28} style={{ flex: 1 }} radius="sm" />
        <Skeleton height={28} width={56} radius="sm" />
      </Group>
    </Stack>
  );
}

/** The Invites page's cards (code, link, counts; the people who used it) while getMyInvites answers. */
export function InvitesSkeleton() {
  return (
    <LoadingRegion label="Loading your invites">
      <Stack gap="lg">
        <Card withBorder padding="md">
          <Stack gap="md">
            <FieldSkeleton />
            <FieldSkeleton />
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              {[0, 1, 2, 3].map((index) => (
                <Skeleton key={index} height={62} radius="md" />
              ))}
            </SimpleGrid>
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Skeleton height={16} width="45%" radius="xl" mb="md" />
          <Skeleton height={10} width="70%" radius="xl" mb={8} />
          <Skeleton height={10} width="55%" radius="xl" />
        </Card>
      </Stack>
    </LoadingRegion>
  );
}
