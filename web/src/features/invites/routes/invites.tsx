import { Alert, Button, Card, Code, Container, CopyButton, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { INVITES_MESSAGES, RESERVATION_DAYS, shareLinkOf, type MyInvites } from '#contracts/invites';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { NoticesCard, TITLE_STYLES, useStanding } from '../../moderation/index.ts';
import { PageError } from '../../../components/page-error.tsx';
import { INVITES_EXPLAINED } from '../../../lib/place-words.ts';
import { useMyInvites, useReplaceInviteCode } from '../api/my-invites.ts';
import { InviteeList } from '../components/invitee-list.tsx';
import { InvitesSkeleton } from '../components/invites-skeleton.tsx';

export default function InvitesRoute() {
  const invites = useMyInvites();
  if (invites.isPending) return <InvitesLoading />;
  if (invites.isError) return <PageError title={INVITES_MESSAGES.loadFailed} error={invites.error} onRetry={() => void invites.refetch()} />;
  return <Invites invites={invites.data} />;
}

/** The page's heading and what invites are, at once; the code, counts and invitees as skeletons until they arrive. */
function InvitesHeader() {
  return (
    <div>
      <Title order={1} size="h2">
        Your Invites
      </Title>
      <Text c="dimmed" size="sm">
        Invite people you vouch for: {INVITES_EXPLAINED}. When someone signs up with your code, one invite is held for them for {RESERVATION_DAYS} days while
        they finish joining.
      </Text>
    </div>
  );
}

function InvitesLoading() {
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <InvitesHeader />
        <InvitesSkeleton />
      </Stack>
    </Container>
  );
}

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code data-testid={testId} style={{ overflowWrap: 'anywhere', flex: 1 }} fz="sm">
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant={copied ? 'filled' : 'light'} onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
              {copied ? INVITES_MESSAGES.copied : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

function Counts({ invites }: { invites: MyInvites }) {
  const cells = invites.unlimited
    ? [{ label: 'Invites', value: 'Unlimited' }]
    : [
        { label: 'Local', value: `${invites.local.used} / ${invites.local.limit}` },
        { label: 'Distant', value: `${invites.distant.used} / ${invites.distant.limit}` },
        { label: 'Left', value: String(invites.invitesLeft ?? 0) },
      ];
  return (
    <SimpleGrid cols={{ base: 2, sm: invites.unlimited ? 2 : 4 }} spacing="sm">
      {[...cells, { label: 'Pending', value: String(invites.pending) }].map(({ label, value }) => (
        <Card key={label} withBorder padding="sm" data-testid={`invites-${label.toLowerCase()}`}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="lg">
            {value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/**
 * Inviters are held accountable: they are told here when someone they invited was
 * suspended or removed, and why their own invites were disabled.
 */
const INVITE_NOTICES = ['invitee-suspended', 'invitee-removed', 'invites-disabled'] as const;

function Invites({ invites }: { invites: MyInvites }) {
  const replace = useReplaceInviteCode();
  const invitesDisabled = useStanding().data?.standing.invitesDisabled === true;
  const [confirming, setConfirming] = useState(false);
  const shareLink = shareLinkOf(window.location.origin, invites.inviteCode);
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <InvitesHeader />
        {invitesDisabled && (
          <Alert color="orange" role="alert" title="Invites disabled" data-testid="invites-disabled" styles={TITLE_STYLES}>
            Your invites are disabled: your code admits nobody.
          </Alert>
        )}
        <NoticesCard kinds={INVITE_NOTICES} title="About your invites" mb={0} />
        <Card withBorder padding="md">
          <Stack gap="md">
            <CopyField label="Invite code" value={invites.inviteCode} testId="invite-code" />
            <CopyField label="Share link" value={shareLink} testId="share-link" />
            <Counts invites={invites} />
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            People who used your code
          </Title>
          <InviteeList invitees={invites.invitees} shareLink={shareLink} />
        </Card>
        <Card withBorder padding="md">
          <Stack gap="xs">
            <Title order={2} size="h4">
              Code leaked?
            </Title>
            <Text size="sm" c="dimmed">
              Replace it: the old code stops admitting anyone. People who already signed up with it keep their place.
            </Text>
            {replace.isSuccess && (
              <Alert color="teal" role="status">
                {INVITES_MESSAGES.codeReplaced}
              </Alert>
            )}
            {replace.isError && (
              <Alert color="red" role="alert">
                {INVITES_MESSAGES.replaceFailed}
              </Alert>
            )}
            <Button variant="default" w="fit-content" onClick={() => setConfirming(true)}>
              Replace code
            </Button>
          </Stack>
        </Card>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title="Replace your invite code?"
        message={`${invites.inviteCode} will stop working for new sign-ups. Invites already held for people who used it stand.`}
        confirmLabel="Replace code"
        busy={replace.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => replace.mutate(invites.inviteCode, { onSettled: () => setConfirming(false) })}
      />
    </Container>
  );
}
