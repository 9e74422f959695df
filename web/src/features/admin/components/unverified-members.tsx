import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type UnverifiedMember, VOUCHES_TO_VERIFY } from '#contracts/vouching';
import { LoadingRegion } from '../../../components/skeletons.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { profilePath } from '../../../lib/paths.ts';
import { useUnverifiedMembers } from '../api/verification-api.ts';
import { VerificationDialog } from './verification-dialog.tsx';

function vouchCountWords(count: number): string {
  return `${count} of ${VOUCHES_TO_VERIFY} vouches`;
}

/**
 * Members not yet verified in person, oldest joined first, with the vouches that count so far and
 * Verify in person (how a new community's first vouchers are verified).
 */
export function UnverifiedMembers() {
  const list = useUnverifiedMembers(true);
  const [verifying, setVerifying] = useState<UnverifiedMember | null>(null);
  const members = list.data?.pages.flatMap((page) => page.members) ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="unverified-title">
      <Title order={2} size="h4" id="unverified-title">
        Not yet verified in person
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Members who joined and have not been verified in person, oldest first, with their vouches so far.
      </Text>
      {list.isPending && (
        <LoadingRegion label="Loading members not yet verified">
          <Stack gap="xs">
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        </LoadingRegion>
      )}
      {list.isError && (
        <Alert color="red" role="alert">
          Failed to load the members not yet verified
        </Alert>
      )}
      {list.isSuccess && members.length === 0 && <Text size="sm">Every member is verified in person.</Text>}
      {members.length > 0 && (
        <Stack gap="xs" component="ul" aria-label="Members not yet verified in person" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {members.map((member) => (
            <Group key={member.uid} component="li" justify="space-between" wrap="nowrap" gap="sm" data-testid="unverified-row">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <UserAvatar name={member.displayName} picture={member.profilePicture} size="sm" />
                <div style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={profilePath(member.uid)} size="sm" fw={500}>
                    {member.displayName}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    Joined {formatDate(member.joinedAt)} · {vouchCountWords(member.vouchCount)}
                  </Text>
                </div>
              </Group>
              <Button
                size="xs"
                variant="light"
                style={{ flexShrink: 0 }}
                aria-label={`Verify in person: ${member.displayName}`}
                onClick={() => setVerifying(member)}
              >
                Verify in person
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {list.hasNextPage && (
        <Button variant="default" size="xs" mt="sm" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          Load more members
        </Button>
      )}
      {verifying && <VerificationDialog key={verifying.uid} member={verifying} action="verify" onClose={() => setVerifying(null)} />}
    </Card>
  );
}
