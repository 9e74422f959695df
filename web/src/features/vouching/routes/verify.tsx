import { Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { VERIFICATION_RULE } from '#contracts/vouching';
import { paths } from '../../../lib/paths.ts';
import { useMyVouches } from '../api/my-vouches.ts';
import { VerificationStatusCard } from '../components/verification-status-card.tsx';
import { VouchCodeCard } from '../components/vouch-code-card.tsx';

/** "Get verified": the member's vouch code to show someone who met them, and where they stand. */
export default function VerifyRoute() {
  const mine = useMyVouches();
  return (
    <Container size="md" py="xl" data-testid="verify-page">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Get verified
          </Title>
          <Text size="sm" data-testid="verification-rule">
            {VERIFICATION_RULE}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <VouchCodeCard latestVouchAt={mine.isSuccess ? (mine.data.received[0]?.vouchedAt ?? null) : undefined} />
          <Stack gap="lg">
            <VerificationStatusCard />
            {mine.data?.status.level === 'verified' && (
              <Text size="sm">
                Meeting someone who is not verified yet?{' '}
                <Anchor component={Link} to={paths.vouch}>
                  Vouch for them
                </Anchor>
              </Text>
            )}
          </Stack>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
