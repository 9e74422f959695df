import { Alert, Button, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { VOUCH_MESSAGES } from '#contracts/vouching';
import { PageError } from '../../../components/page-error.tsx';
import { TITLE_STYLES } from '../../moderation/index.ts';
import { paths } from '../../../lib/paths.ts';
import { serverReason } from '../../../lib/server-reason.ts';
import { useMyVouches } from '../api/my-vouches.ts';
import { usePreviewVouchCode, useVouchFor, type VouchCodeInput } from '../api/vouch-codes.ts';
import { CameraScanner } from '../components/camera-scanner.tsx';
import { ShortCodeForm } from '../components/short-code-form.tsx';
import { VouchConfirmation } from '../components/vouch-confirmation.tsx';
import { nonceOfVouchLink } from '../vouch-link.ts';
import { VOUCHING_WORDS } from '../words.ts';

/** "Vouch for a member": a member verified in person scans or types the code of someone they met. */
export default function VouchRoute() {
  const mine = useMyVouches();
  return (
    <Container size="sm" py="xl" data-testid="vouch-page">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Vouch for a member
          </Title>
          <Text size="sm">Meet them in person. They open Get verified in the app and show you their code: scan it, or type its six characters.</Text>
        </div>
        {mine.isPending ? (
          <Center mih={120}>
            <Loader aria-label="Checking whether you can vouch" />
          </Center>
        ) : mine.isError ? (
          <PageError title={VOUCHING_WORDS.loadFailed} error={mine.error} onRetry={() => void mine.refetch()} />
        ) : mine.data.cannotVouchReason ? (
          <Alert color="orange" title="You cannot vouch right now" data-testid="cannot-vouch" styles={TITLE_STYLES}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{mine.data.cannotVouchReason}</Text>
              {mine.data.status.level !== 'verified' && (
                <Button component={Link} to={paths.verify} size="xs">
                  Get verified
                </Button>
              )}
            </Stack>
          </Alert>
        ) : (
          <VouchFlow />
        )}
      </Stack>
    </Container>
  );
}

type Mode = 'choose' | 'scan' | 'type';

function VouchFlow() {
  const location = useLocation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('choose');
  const [code, setCode] = useState<VouchCodeInput | null>(null);
  const preview = usePreviewVouchCode();
  const vouch = useVouchFor();

  const check = (input: VouchCodeInput) => {
    setCode(input);
    vouch.reset();
    preview.mutate(input);
  };
  const startOver = () => {
    setCode(null);
    preview.reset();
    vouch.reset();
    setMode('choose');
  };

  // Opened from the QR code's link by a phone's camera app: the nonce is in the fragment. It is
  // checked once, and the address loses it, so going back or reloading never shows a spent code.
  const linkNonce = nonceOfVouchLink(`${window.location.origin}${location.pathname}${location.hash}`);
  const checkedLink = useRef<string | null>(null);
  useEffect(() => {
    if (!linkNonce || checkedLink.current === linkNonce) return;
    checkedLink.current = linkNonce;
    check({ nonce: linkNonce });
    void navigate(paths.vouch, { replace: true });
  });

  if (vouch.isSuccess) return <Vouched name={vouch.data.subject.displayName} nowVerified={vouch.data.subjectVerified} onAgain={startOver} />;
  if (code) {
    if (preview.isPending || preview.isIdle) {
      return (
        <Center mih={120}>
          <Loader aria-label="Checking the code" />
        </Center>
      );
    }
    if (preview.isError) {
      return (
        <Stack gap="sm" align="flex-start">
          <Alert color="red" role="alert" w="100%" data-testid="vouch-refused">
            {serverReason(preview.error) ?? 'We could not check this code. Please try again.'}
          </Alert>
          <Button variant="default" onClick={startOver}>
            Scan or type another code
          </Button>
        </Stack>
      );
    }
    return (
      <Stack gap="sm">
        <VouchConfirmation preview={preview.data} onConfirm={() => vouch.mutate(code)} busy={vouch.isPending} error={vouch.error} />
        <Button variant="subtle" w="fit-content" onClick={startOver}>
          Cancel
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Button variant={mode === 'scan' ? 'light' : 'filled'} onClick={() => setMode('scan')} aria-pressed={mode === 'scan'}>
          {VOUCHING_WORDS.scan}
        </Button>
        <Button variant={mode === 'type' ? 'light' : 'default'} onClick={() => setMode('type')} aria-pressed={mode === 'type'}>
          {VOUCHING_WORDS.type}
        </Button>
      </Group>
      {mode === 'scan' && <CameraScanner onNonce={(nonce) => check({ nonce })} />}
      {mode === 'type' && <ShortCodeForm onCode={(typed) => check({ code: typed })} />}
    </Stack>
  );
}

function Vouched({ name, nowVerified, onAgain }: { name: string; nowVerified: boolean; onAgain: () => void }) {
  const messageRef = useRef<HTMLDivElement>(null);
  useEffect(() => messageRef.current?.focus(), []);
  return (
    <Stack gap="sm" align="flex-start">
      <Alert color="teal" role="status" w="100%" ref={messageRef} tabIndex={-1} data-testid="vouched">
        <Text size="sm" fw={600}>
          {VOUCH_MESSAGES.vouched(name)}
        </Text>
        {nowVerified && <Text size="sm">{name} is now verified in person.</Text>}
      </Alert>
      <Button variant="default" onClick={onAgain}>
        {VOUCHING_WORDS.startOver}
      </Button>
    </Stack>
  );
}
