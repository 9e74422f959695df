import { Box, Card, Group, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Content placeholders shaped like what is loading (skeletons instead of bare spinners,
 * and no '0 / 100' before the data arrives). Each is one status region named for what loads, so a
 * screen reader hears "Loading the feed" once, not a row of empty boxes. Kept out of page-loader.tsx:
 * that one is in the landing's JavaScript, these load with the signed-in screens only.
 */
export function LoadingRegion({ label, children, inline = false }: { label: string; children: ReactNode; inline?: boolean }) {
  return (
    <Box component={inline ? 'span' : 'div'} role="status" aria-label={label} aria-busy="true" display={inline ? 'inline-block' : undefined}>
      {children}
    </Box>
  );
}

/** A figure not known yet (a count, '… / 100'): a small bar where the text will be. */
export function ValueSkeleton({ label, width = 48, height = 14 }: { label: string; width?: number; height?: number }) {
  return (
    <LoadingRegion label={label} inline>
      <Skeleton height={height} width={width} radius="xl" />
    </LoadingRegion>
  );
}

/** Post cards: author line, two lines of text, the action bar. */
export function PostSkeletons({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <LoadingRegion label={label}>
      <Stack gap="md">
        {Array.from({ length: count }, (_, index) => (
          <Card key={index} withBorder padding="md">
            <Group gap="sm" wrap="nowrap" mb="md">
              <Skeleton height={40} circle />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton height={10} width="40%" radius="xl" />
                <Skeleton height={8} width="25%" radius="xl" />
              </Stack>
            </Group>
            <Skeleton height={8} radius="xl" mb={8} />
            <Skeleton height={8} width="80%" radius="xl" mb="md" />
            <Group gap="sm">
              <Skeleton height={22} width={64} radius="sm" />
              <Skeleton height={22} width={90} radius="sm" />
            </Group>
          </Card>
        ))}
      </Stack>
    </LoadingRegion>
  );
}

/** Rows of people or notifications: a picture and two lines each. */
export function RowSkeletons({ label, count = 3, bordered = false }: { label: string; count?: number; bordered?: boolean }) {
  return (
    <LoadingRegion label={label}>
      <Stack gap="sm">
        {Array.from({ length: count }, (_, index) => {
          const row = (
            <Group gap="sm" wrap="nowrap">
              <Skeleton height={38} circle />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton height={10} width={index % 2 ? '55%' : '70%'} radius="xl" />
                <Skeleton height={8} width="30%" radius="xl" />
              </Stack>
            </Group>
          );
          return bordered ? (
            <Card key={index} withBorder padding="sm">
              {row}
            </Card>
          ) : (
            <div key={index}>{row}</div>
          );
        })}
      </Stack>
    </LoadingRegion>
  );
}

/** Blocks of text or cards of a given height (a page's sections while its one read is on its way). */
export function BlockSkeletons({ label, heights }: { label: string; heights: readonly number[] }) {
  return (
    <LoadingRegion label={label}>
      <Stack gap="md">
        {heights.map((height, index) => (
          <Skeleton key={index} height={height} radius="md" />
        ))}
      </Stack>
    </LoadingRegion>
  );
}
