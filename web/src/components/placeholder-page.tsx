import { Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../lib/paths.ts';

/** The releases that bring the screens not built yet. */
export type Release = 'Joining' | 'Social core' | 'Stewardship';

interface PlaceholderPageProps {
  title: string;
  children: ReactNode;
  backTo?: { to: string; label: string };
}

function PlaceholderPage({ title, children, backTo }: PlaceholderPageProps) {
  return (
    <Container size="sm" py="xl">
      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm">
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
          {backTo && (
            <Button component={Link} to={backTo.to} variant="light" w="fit-content">
              {backTo.label}
            </Button>
          )}
        </Stack>
      </Card>
    </Container>
  );
}

/** A screen of the spec that exists in the route table but is not built yet. Never pretends. */
export function NotBuiltYet({ title, release, children }: { title: string; release: Release; children?: ReactNode }) {
  return (
    <PlaceholderPage title={title}>
      <Text>This screen is not built yet; it arrives with the {release} release.</Text>
      {children}
    </PlaceholderPage>
  );
}

/** A page the product links to but has no screen for (spec: "linked only, screen not shown"). */
export function ComingSoon({ title }: { title: string }) {
  return (
    <PlaceholderPage title={`${title} - Coming Soon`} backTo={{ to: paths.home, label: 'Back to the home page' }}>
      <Text>This page is linked from Anchored but has no screen yet.</Text>
    </PlaceholderPage>
  );
}
