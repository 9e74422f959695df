import { Alert, Button, Card, Center, Loader, Progress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { VOUCH_CODE_SECONDS, vouchLinkOf } from '#contracts/vouching';
import { serverReason } from '../../../lib/server-reason.ts';
import { type ShownCode, useSecondsLeft, useVouchCodeRotation } from '../api/vouch-code-rotation.ts';
import { VOUCHING_WORDS } from '../words.ts';
import { VouchQrCode } from './vouch-qr-code.tsx';

/** The code on screen: QR, six characters, how long it is good. */
function ShownVouchCode({ code }: { code: ShownCode }) {
  const secondsLeft = useSecondsLeft(code.endsAt);
  const link = vouchLinkOf(window.location.origin, code.nonce);
  return (
    <Stack gap="sm" align="center">
      <VouchQrCode link={link} label="Your vouch code as a QR code" />
      <Text
        component="p"
        data-testid="vouch-code"
        ff="monospace"
        fw={700}
        fz={{ base: 36, sm: 44 }}
        lh={1.1}
        m={0}
        style={{ letterSpacing: '0.25em', paddingLeft: '0.25em' }}
        aria-label={`Code: ${code.code.split('').join(' ')}`}
      >
        {code.code}
      </Text>
      {/* Read by sight: a screen reader is not told every second (the region below speaks on a change). */}
      <Stack gap={4} w="100%" maw={280}>
        <Progress value={(secondsLeft / VOUCH_CODE_SECONDS) * 100} size="sm" aria-hidden="true" transitionDuration={900} />
        <Text size="sm" c="dimmed" ta="center" data-testid="vouch-code-countdown">
          A new code in {secondsLeft} s
        </Text>
      </Stack>
    </Stack>
  );
}

/**
 * The member's vouch code, for a member verified in person to scan (or type) while they meet. A
 * new code each minute; after ten it stops and offers a new one. `latestVouchAt` is when the
 * member's newest vouch was given (undefined until known): when a vouch arrives, the code on
 * screen was most likely the one just spent, so a fresh one shows at once for the next voucher.
 */
export function VouchCodeCard({ latestVouchAt }: { latestVouchAt: string | null | undefined }) {
  const { rotation, showNewCodes } = useVouchCodeRotation();
  const [knownVouchAt, setKnownVouchAt] = useState(latestVouchAt);
  if (latestVouchAt !== knownVouchAt) {
    setKnownVouchAt(latestVouchAt);
    if (knownVouchAt !== undefined && latestVouchAt !== undefined) showNewCodes();
  }
  const announcement = rotation.state === 'showing' ? `Code ${rotation.number} is showing.` : rotation.state === 'paused' ? VOUCHING_WORDS.codesPaused : '';
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="vouch-code-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="vouch-code-title">
          Your code
        </Title>
        <Text size="sm">Show it to a member verified in person who met you today: they scan it with their phone, or type the six characters.</Text>
        <VisuallyHidden aria-live="polite" data-testid="vouch-code-announcement">
          {announcement}
        </VisuallyHidden>
        {rotation.state === 'loading' && (
          <Center mih={200}>
            <Loader aria-label="Making your code" />
          </Center>
        )}
        {rotation.state === 'showing' && <ShownVouchCode code={rotation.code} />}
        {rotation.state === 'paused' && (
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{VOUCHING_WORDS.codesPaused}</Text>
            <Button onClick={showNewCodes}>{VOUCHING_WORDS.showNewCode}</Button>
          </Stack>
        )}
        {rotation.state === 'failed' && (
          <Alert color="red" role="alert" title={VOUCHING_WORDS.codeFailed}>
            <Stack gap="xs">
              <Text size="sm">{serverReason(rotation.error) ?? 'Please try again.'}</Text>
              <Button variant="light" color="red" size="xs" w="fit-content" onClick={showNewCodes}>
                {VOUCHING_WORDS.showNewCode}
              </Button>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
