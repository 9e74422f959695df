import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { failureMessage } from '../admin-messages.ts';
import { ReasonPrompt } from './reason-prompt.tsx';

/** One member holding the role, as the card lists them. */
export interface RoleHolder {
  uid: string;
  displayName: string;
  email: string;
  isFounder: boolean;
  /** After the email on the second line, e.g. " · admin since 3 Nov 2026"; empty for nothing. */
  detail: string;
}

/** What the card says, for one role. */
export interface RoleHoldersWords {
  title: string;
  titleId: string;
  loading: string;
  loadFailed: string;
  empty: string;
  rowTestId: string;
  revokeLabel: (displayName: string) => string;
  promptTitle: string;
  promptLabel: (displayName: string) => string;
  revoked: string;
  notHolding: string;
  revokeFailed: string;
}

type RevokeMutation = UseMutationResult<{ changed: boolean }, Error, { userId: string; reason: string }>;

interface RoleHoldersCardProps {
  holders: RoleHolder[] | undefined;
  isLoading: boolean;
  isError: boolean;
  revoke: RevokeMutation;
  words: RoleHoldersWords;
  /**
   * Cut a long name or email to one line (the admins card); otherwise it wraps and is read whole
   * (the superusers card, whose place follows the email).
   */
  truncate?: boolean;
}

/**
 * The members holding a role (the admins, the superusers), each with Revoke (asks a reason; nothing
 * happens if it is empty). The founder has no Revoke: the server refuses it anyway.
 */
export function RoleHoldersCard({ holders, isLoading, isError, revoke, words, truncate = false }: RoleHoldersCardProps) {
  const [revoking, setRevoking] = useState<RoleHolder | null>(null);

  const confirm = (holder: RoleHolder, reason: string) =>
    revoke.mutate(
      { userId: holder.uid, reason },
      {
        onSuccess: ({ changed }) => notifications.show(changed ? { color: 'teal', message: words.revoked } : { color: 'blue', message: words.notHolding }),
        onError: (error) => notifications.show({ color: 'red', message: failureMessage(words.revokeFailed, error) }),
      },
    );

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={words.titleId}>
      <Title order={2} size="h4" id={words.titleId} mb="sm">
        {words.title}
      </Title>
      {isLoading && <Loader size="sm" aria-label={words.loading} />}
      {isError && (
        <Alert color="red" role="alert">
          {words.loadFailed}
        </Alert>
      )}
      {holders?.length === 0 && <Text c="dimmed">{words.empty}</Text>}
      <Stack gap="xs">
        {holders?.map((holder) => (
          <Group key={holder.uid} justify="space-between" wrap="nowrap" data-testid={words.rowTestId}>
            <div style={truncate ? { minWidth: 0 } : undefined}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={500} truncate={truncate}>
                  {holder.displayName}
                </Text>
                {holder.isFounder && (
                  <Badge size="xs" variant="light">
                    Founder
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" truncate={truncate}>
                {holder.email}
                {holder.detail}
              </Text>
            </div>
            {!holder.isFounder && (
              <Button
                size="xs"
                variant="light"
                color="red"
                aria-label={words.revokeLabel(holder.displayName)}
                // Never squeezed by a long name or email on a phone: the text truncates or wraps instead.
                style={{ flexShrink: 0 }}
                loading={revoke.isPending && revoke.variables.userId === holder.uid}
                onClick={() => setRevoking(holder)}
              >
                Revoke
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      <ReasonPrompt
        opened={revoking !== null}
        title={words.promptTitle}
        label={words.promptLabel(revoking?.displayName ?? 'this member')}
        confirmLabel="Revoke"
        onClose={() => setRevoking(null)}
        onConfirm={(reason) => {
          if (revoking) confirm(revoking, reason);
        }}
      />
    </Card>
  );
}
