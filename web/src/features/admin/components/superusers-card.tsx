import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { AdminMember } from '#contracts/admin';
import { useRevokeSuperuser } from '../api/admin-api.ts';
import { ADMIN_UI, failureMessage } from '../admin-messages.ts';
import { ReasonPrompt } from './reason-prompt.tsx';

interface SuperusersCardProps {
  superusers: AdminMember[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** The founder's uid (from the overview's admins), when known: their row has no Revoke. */
  founderUid?: string | undefined;
}

/**
 * Current superusers, each with Revoke (asks a reason; nothing happens if it is empty). The
 * founder has no Revoke: the server refuses it anyway (the founding member stays a superuser).
 */
export function SuperusersCard({ superusers, isLoading, isError, founderUid }: SuperusersCardProps) {
  const revoke = useRevokeSuperuser();
  const [revoking, setRevoking] = useState<AdminMember | null>(null);

  const confirm = (member: AdminMember, reason: string) =>
    revoke.mutate(
      { userId: member.uid, reason },
      {
        onSuccess: ({ changed }) =>
          notifications.show(changed ? { color: 'teal', message: ADMIN_UI.revoked } : { color: 'blue', message: ADMIN_UI.notSuperuser }),
        onError: (error) => notifications.show({ color: 'red', message: failureMessage(ADMIN_UI.revokeFailed, error) }),
      },
    );

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="superusers-title">
      <Title order={2} size="h4" id="superusers-title" mb="sm">
        Current Superusers
      </Title>
      {isLoading && <Loader size="sm" aria-label="Loading superusers" />}
      {isError && (
        <Alert color="red" role="alert">
          Failed to load superusers
        </Alert>
      )}
      {superusers?.length === 0 && <Text c="dimmed">No superusers yet.</Text>}
      <Stack gap="xs">
        {superusers?.map((member) => (
          <Group key={member.uid} justify="space-between" wrap="nowrap" data-testid="superuser-row">
            <div>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={500}>
                  {member.displayName}
                </Text>
                {member.uid === founderUid && (
                  <Badge size="xs" variant="light">
                    Founder
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {member.email}
                {member.location.city ? ` · ${member.location.city}, ${member.location.state}` : ''}
              </Text>
            </div>
            {member.uid !== founderUid && (
              <Button
                size="xs"
                variant="light"
                color="red"
                aria-label={`Revoke superuser status: ${member.displayName}`}
                // Never squeezed by a long email on a phone.
                style={{ flexShrink: 0 }}
                loading={revoke.isPending && revoke.variables.userId === member.uid}
                onClick={() => setRevoking(member)}
              >
                Revoke
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      <ReasonPrompt
        opened={revoking !== null}
        title="Revoke superuser status"
        label={`Why are you revoking ${revoking?.displayName ?? 'this member'}'s superuser status?`}
        confirmLabel="Revoke"
        onClose={() => setRevoking(null)}
        onConfirm={(reason) => {
          if (revoking) confirm(revoking, reason);
        }}
      />
    </Card>
  );
}
