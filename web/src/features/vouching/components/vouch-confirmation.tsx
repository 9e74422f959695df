import { Alert, Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { VOUCH_MESSAGES, VOUCH_MONTHS, vouchStatementOf } from '#contracts/vouching';
import type { CallableOutput } from '#contracts/callables';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { serverReason } from '../../../lib/server-reason.ts';
import { useSecondsLeft } from '../api/vouch-code-rotation.ts';
import { VOUCHING_WORDS } from '../words.ts';

interface VouchConfirmationProps {
  preview: CallableOutput<'previewVouchCode'>;
  onConfirm: () => void;
  busy: boolean;
  /** Why vouchFor refused, as the server said it. */
  error: unknown;
}

/**
 * Who the code names, for the voucher to check against the person in front of them, and the
 * statement they confirm. The code's minute covers both, so what is left of it is shown.
 */
export function VouchConfirmation({ preview, onConfirm, busy, error }: VouchConfirmationProps) {
  const { subject } = preview;
  const [ticked, setTicked] = useState(false);
  const secondsLeft = useSecondsLeft(Date.parse(preview.validUntil));
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen reader users land on who the code names, not at the top of the page.
  useEffect(() => headingRef.current?.focus(), []);
  const expired = secondsLeft === 0;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="vouch-preview-title" data-testid="vouch-preview">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <UserAvatar name={subject.displayName} picture={subject.profilePicture} size={72} radius="xl" />
          <div>
            <Title order={2} size="h3" id="vouch-preview-title" ref={headingRef} tabIndex={-1}>
              {subject.displayName}
            </Title>
            <Text size="sm" c="dimmed">
              Is this the person in front of you?
            </Text>
          </div>
        </Group>
        <Text size="sm" data-testid="vouch-code-time-left">
          {expired ? VOUCH_MESSAGES.codeExpired : `This code is good for ${secondsLeft} more seconds.`}
        </Text>
        {preview.renews && (
          <Text size="sm">
            You already vouch for {subject.displayName}: vouching again renews it for {VOUCH_MONTHS} months.
          </Text>
        )}
        <Checkbox
          label={vouchStatementOf(subject.displayName)}
          checked={ticked}
          onChange={(event) => setTicked(event.currentTarget.checked)}
          disabled={expired}
        />
        {error !== null && (
          <Alert color="red" role="alert" data-testid="vouch-refused">
            {serverReason(error) ?? 'We could not record your vouch. Please try again.'}
          </Alert>
        )}
        <Button onClick={onConfirm} disabled={!ticked || expired} loading={busy} w="fit-content">
          {VOUCHING_WORDS.vouch}
        </Button>
      </Stack>
    </Card>
  );
}
