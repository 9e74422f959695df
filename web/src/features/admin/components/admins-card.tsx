import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { AdminRole } from '#contracts/admin';
import { useRevokeAdmin } from '../api/admin-api.ts';
import { ADMIN_UI, failureMessage } from '../admin-messages.ts';
import { ReasonPrompt } from './reason-prompt.tsx';
import { formatDate } from '../../../lib/dates.ts';

interface AdminsCardProps {
  admins: AdminRole[] | undefined;
  isLoading: boolean;
  isError: boolean;
}

/**
 * Current admins, each with since when (when granted with Grant Admin) and Revoke (asks a reason;
 * nothing happens if it is empty). The founder has no Revoke: the server refuses it anyway.
 */
export function AdminsCard({ admins, isLoading, isError }: AdminsCardProps) {
  const revoke = useRevokeAdmin();
  const [revoking, setRevoking] = useState<AdminRole | null>(null);

  const confirm = (admin: AdminRole, reason: string) =>
    revoke.mutate(
      { userId: admin.uid, reason },
      {
        onSuccess: ({ changed }) =>
          notifications.show(changed ? { color: 'teal', message: ADMIN_UI.adminRevoked } : { color: 'blue', message: ADMIN_UI.notAdmin }),
        onError: (error) => notifications.show({ color: 'red', message: failureMessage(ADMIN_UI.adminRevokeFailed, error) }),
      },
    );

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="admins-title">
      <Title order={2} size="h4" id="admins-title" mb="sm">
        Current Admins
      </Title>
      {isLoading && <Loader size="sm" aria-label="Loading admins" />}
      {isError && (
        <Alert color="red" role="alert">
          Failed to load admins
        </Alert>
      )}
      {admins?.length === 0 && <Text c="dimmed">No admins.</Text>}
      <Stack gap="xs">
        {admins?.map((admin) => (
          <Group key={admin.uid} justify="space-between" wrap="nowrap" data-testid="admin-row">
            <div style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={500} truncate>
                  {admin.displayName}
                </Text>
                {admin.isFounder && (
                  <Badge size="xs" variant="light">
                    Founder
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" truncate>
                {admin.email}
                {admin.adminSince ? ` · admin since ${formatDate(admin.adminSince)}` : ''}
              </Text>
            </div>
            {!admin.isFounder && (
              <Button
                size="xs"
                variant="light"
                color="red"
                aria-label={`Revoke admin: ${admin.displayName}`}
                // Never squeezed by a long name or email on a phone: the text truncates instead.
                style={{ flexShrink: 0 }}
                loading={revoke.isPending && revoke.variables.userId === admin.uid}
                onClick={() => setRevoking(admin)}
              >
                Revoke
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      <ReasonPrompt
        opened={revoking !== null}
        title="Revoke admin"
        label={`Why are you revoking ${revoking?.displayName ?? 'this member'}'s admin role?`}
        confirmLabel="Revoke"
        onClose={() => setRevoking(null)}
        onConfirm={(reason) => {
          if (revoking) confirm(revoking, reason);
        }}
      />
    </Card>
  );
}
