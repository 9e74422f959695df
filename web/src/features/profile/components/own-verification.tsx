import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { VERIFICATION_RULE, VOUCHES_TO_VERIFY } from '#contracts/vouching';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { paths } from '../../../lib/paths.ts';
import { verificationSentence } from '../../../lib/verification-words.ts';
import { useMyVouches } from '../../vouching/index.ts';

/**
 * The badge on one's own profile: their own vouches answer it (read again when a vouch or a change
 * of verification is pushed, so it shows without a reload), the profile's copy until they do.
 */
export function OwnVerifiedBadge({ fromProfile }: { fromProfile: boolean }) {
  const level = useMyVouches().data?.status.level;
  return <VerifiedBadge verified={level ? level === 'verified' : fromProfile} withLabel />;
}

/**
 * On one's own profile: while pending, the "Get verified" card (the rule in one sentence, the
 * vouches that count so far, the way to /verify); once verified, since when and until when.
 */
export function OwnVerification() {
  const mine = useMyVouches();
  if (!mine.data) return null;
  const { status } = mine.data;
  if (status.level === 'verified') {
    return (
      <Text size="sm" c="dimmed" data-testid="own-verification">
        {verificationSentence(status, VOUCHES_TO_VERIFY)}
      </Text>
    );
  }
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="get-verified-title" data-testid="get-verified-card">
      <Stack gap="xs">
        <Title order={2} size="h4" id="get-verified-title">
          Get verified
        </Title>
        <Text size="sm">{VERIFICATION_RULE}</Text>
        <Text size="sm" fw={500} data-testid="own-verification">
          {verificationSentence(status, VOUCHES_TO_VERIFY)}
        </Text>
        <Group>
          <Button component={Link} to={paths.verify} variant="light">
            Get verified
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
