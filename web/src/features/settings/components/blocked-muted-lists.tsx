import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { ListedMember } from '#contracts/moderation';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { serverReason } from '../../../lib/server-reason.ts';
import { formatDay, MODERATION_UI, useBlockedList, useMemberAction, useMutedList } from '../../moderation/index.ts';
import { profilePath } from '../../../lib/paths.ts';

interface ListProps {
  title: string;
  explanation: string;
  empty: string;
  query: UseQueryResult<{ members: ListedMember[] }>;
  action: { label: 'Unblock' | 'Unmute'; name: 'unblockMember' | 'unmuteMember'; done: (name: string) => string; failed: string };
  /** A blocked member's profile is hidden from the blocker too, so only muted members are linked. */
  linkProfiles: boolean;
}

function MemberList({ title, explanation, empty, query, action, linkProfiles }: ListProps) {
  const undo = useMemberAction(action.name);
  const id = `${action.name}-title`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {explanation}
      </Text>
      {query.isPending && <Loader size="sm" aria-label={`Loading ${title.toLowerCase()}`} />}
      {query.isError && (
        <Alert color="red" role="alert" p="xs">
          {title} could not be loaded. Please try again.
        </Alert>
      )}
      {query.data && query.data.members.length === 0 && <Text size="sm">{empty}</Text>}
      {query.data && query.data.members.length > 0 && (
        <Stack gap="sm" component="ul" aria-label={title} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {query.data.members.map((member) => (
            <Group key={member.uid} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
                <UserAvatar name={member.displayName} picture={member.profilePicture} />
                <div style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    {linkProfiles ? (
                      <Anchor component={Link} to={profilePath(member.uid)} fw={500} size="sm">
                        {member.displayName}
                      </Anchor>
                    ) : (
                      <Text fw={500} size="sm">
                        {member.displayName}
                      </Text>
                    )}
                    <VerifiedBadge verified={member.verifiedInPerson} size={14} />
                  </Group>
                  <Text size="xs" c="dimmed">
                    Since {formatDay(member.since)}
                  </Text>
                </div>
              </Group>
              <Button
                variant="default"
                size="xs"
                style={{ flexShrink: 0 }}
                aria-label={`${action.label} ${member.displayName}`}
                loading={undo.isPending && undo.variables === member.uid}
                // The promise, not mutate's callbacks: the row is gone once the list is read again.
                onClick={() =>
                  void undo.mutateAsync(member.uid).then(
                    () => notifications.show({ color: 'teal', message: action.done(member.displayName) }),
                    (error: unknown) => notifications.show({ color: 'red', message: serverReason(error) ?? action.failed }),
                  )
                }
              >
                {action.label}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** Settings › Privacy: the members the caller blocked and muted, with Unblock and Unmute. */
export function BlockedMutedLists() {
  const blocked = useBlockedList();
  const muted = useMutedList();
  return (
    <Stack gap="md">
      <MemberList
        title="Blocked members"
        explanation="You and they cannot see each other's posts, comments or profile, nor send each other anchor requests."
        empty={MODERATION_UI.noBlocked}
        query={blocked}
        action={{ label: 'Unblock', name: 'unblockMember', done: MODERATION_UI.unblocked, failed: MODERATION_UI.unblockFailed }}
        linkProfiles={false}
      />
      <MemberList
        title="Muted members"
        explanation="Their posts and comments stay out of your feed and threads. They are not told."
        empty={MODERATION_UI.noMuted}
        query={muted}
        action={{ label: 'Unmute', name: 'unmuteMember', done: MODERATION_UI.unmuted, failed: MODERATION_UI.unmuteFailed }}
        linkProfiles
      />
    </Stack>
  );
}
