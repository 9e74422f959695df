import { Alert, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { VOUCHES_TO_VERIFY, type Vouch } from '#contracts/vouching';
import { LoadingRegion } from '../../../components/skeletons.tsx';
import { VERIFIED_IN_PERSON, VerifiedBadge } from '../../../components/verified-badge.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { verificationSentence } from '../../../lib/verification-words.ts';
import { useMyVouches } from '../api/my-vouches.ts';
import { VOUCHING_WORDS } from '../words.ts';

function CountingVouches({ vouches }: { vouches: Vouch[] }) {
  if (vouches.length === 0) return <Text size="sm">Nobody has vouched for you yet.</Text>;
  return (
    <List size="sm" spacing={4} data-testid="counting-vouches">
      {vouches.map((vouch) => (
        <List.Item key={vouch.voucher.uid}>
          {vouch.voucher.displayName} vouched on {formatDate(vouch.vouchedAt)}
          {vouch.byInviter ? ' (your inviter)' : ''}, until {formatDate(vouch.lapsesAt)}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * Where the member stands: verified or not, the vouches that count. It is read again when a vouch
 * or a change of verification is pushed, and says so when the member became verified here.
 */
export function VerificationStatusCard() {
  const mine = useMyVouches();
  const level = mine.data?.status.level;
  // The level when this page first knew it, so a change while it is open can be told apart.
  const [levelOnOpen, setLevelOnOpen] = useState<string | null>(null);
  if (level && levelOnOpen === null) setLevelOnOpen(level);
  const becameVerified = levelOnOpen === 'pending' && level === 'verified';

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="verification-status-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="verification-status-title">
          Your verification
        </Title>
        {mine.isPending ? (
          <LoadingRegion label="Loading your verification">
            <Skeleton height={14} width="70%" />
          </LoadingRegion>
        ) : mine.isError ? (
          <Alert color="red" role="alert" title={VOUCHING_WORDS.loadFailed}>
            <Button variant="light" color="red" size="xs" onClick={() => void mine.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <>
            {becameVerified && (
              <Alert color="teal" title={VOUCHING_WORDS.becameVerified} data-testid="became-verified">
                Members now see the “{VERIFIED_IN_PERSON}” badge on your profile, posts and comments.
              </Alert>
            )}
            <Group gap="xs" role="status" data-testid="verification-status" data-level={mine.data.status.level}>
              {/* The sentence says it in words; the badge is the same mark members see beside the name. */}
              <span aria-hidden="true">
                <VerifiedBadge verified={mine.data.status.level === 'verified'} size={20} />
              </span>
              <Text size="sm">{verificationSentence(mine.data.status, VOUCHES_TO_VERIFY)}</Text>
            </Group>
            <CountingVouches vouches={mine.data.received.filter((vouch) => vouch.state === 'counting')} />
          </>
        )}
      </Stack>
    </Card>
  );
}
