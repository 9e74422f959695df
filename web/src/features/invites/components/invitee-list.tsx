import { Anchor, Badge, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { INVITES_MESSAGES, type Invitee } from '#contracts/invites';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { profilePath } from '../../../lib/paths.ts';

const KIND_LABELS = { local: 'Local', distant: 'Distant', unrestricted: 'Unrestricted' } as const;

function day(iso: string): string {
  return formatDate(iso);
}

/** The people who used the member's code: pending ones (with the day their held invite lapses), then members. */
export function InviteeList({ invitees, shareLink }: { invitees: Invitee[]; shareLink: string }) {
  if (invitees.length === 0) {
    return (
      <EmptyState
        testId="no-invitees"
        message="Nobody has used your code yet."
        hint="Send your share link to someone you vouch for; they will show up here as soon as they sign up."
        extra={
          <CopyButton value={shareLink}>
            {({ copied, copy }) => (
              <Button size="xs" onClick={copy}>
                {copied ? INVITES_MESSAGES.copied : 'Copy the link to send'}
              </Button>
            )}
          </CopyButton>
        }
      />
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="People who used your code">
      {invitees.map((invitee) => (
        <Group key={invitee.uid} component="li" justify="space-between" wrap="wrap" gap="xs" data-testid="invitee" data-status={invitee.status}>
          {invitee.status === 'joined' ? (
            <Anchor component={Link} to={profilePath(invitee.uid)} fw={500}>
              {invitee.displayName}
            </Anchor>
          ) : (
            <Text fw={500}>{invitee.displayName}</Text>
          )}
          {invitee.status === 'joined' ? (
            <Group gap="xs">
              <Badge variant="light" color="teal">
                {KIND_LABELS[invitee.inviteType]}
              </Badge>
              <Text size="sm" c="dimmed">
                Joined {day(invitee.joinedAt)}
              </Text>
            </Group>
          ) : (
            <Group gap="xs">
              <Badge variant="light" color="yellow">
                Pending
              </Badge>
              <Text size="sm" c="dimmed">
                Lapses {day(invitee.lapsesAt)} unless they finish joining
              </Text>
            </Group>
          )}
        </Group>
      ))}
    </Stack>
  );
}
