import { Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { VOUCH_MESSAGES, VOUCHES_TO_VERIFY, type Vouch } from '#contracts/vouching';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { LoadingRegion } from '../../../components/skeletons.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { paths, profilePath } from '../../../lib/paths.ts';
import { serverReason } from '../../../lib/server-reason.ts';
import { verificationSentence, VOUCH_STATE_LABELS } from '../../../lib/verification-words.ts';
import { useMyVouches, useWithdrawVouch } from '../../vouching/index.ts';

type Party = Vouch['voucher'];

function PartyName({ party }: { party: Party }) {
  // A former member has no profile left to open.
  if (party.removed)
    return (
      <Text fw={500} size="sm">
        {party.displayName}
      </Text>
    );
  return (
    <Anchor component={Link} to={profilePath(party.uid)} fw={500} size="sm">
      {party.displayName}
    </Anchor>
  );
}

/** One vouch: the other member, when, until when, its state; Withdraw on a given one that still counts. */
function VouchRow({ vouch, side, onWithdraw }: { vouch: Vouch; side: 'received' | 'given'; onWithdraw?: (vouch: Vouch) => void }) {
  const other = side === 'received' ? vouch.voucher : vouch.subject;
  return (
    // On a phone the state and Withdraw go under the member rather than squeeze their name.
    <Group component="li" justify="space-between" wrap="wrap" gap="xs" data-testid={`vouch-${side}`}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 220px' }}>
        <UserAvatar name={other.displayName} picture={other.profilePicture} />
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <PartyName party={other} />
            <VerifiedBadge verified={other.verifiedInPerson} size={14} />
          </Group>
          <Text size="xs" c="dimmed">
            {formatDate(vouch.vouchedAt)} to {formatDate(vouch.lapsesAt)}
            {side === 'received' && vouch.byInviter ? ' · your inviter' : ''}
          </Text>
        </div>
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        <Badge size="sm" variant={vouch.state === 'counting' ? 'light' : 'outline'} color={vouch.state === 'counting' ? 'teal' : 'gray'}>
          {VOUCH_STATE_LABELS[vouch.state]}
        </Badge>
        {onWithdraw && vouch.state === 'counting' && (
          <Button size="xs" variant="default" aria-label={`Withdraw your vouch for ${other.displayName}`} onClick={() => onWithdraw(vouch)}>
            Withdraw
          </Button>
        )}
      </Group>
    </Group>
  );
}

function VouchList({
  title,
  id,
  empty,
  vouches,
  side,
  onWithdraw,
}: {
  title: string;
  id: string;
  empty: string;
  vouches: Vouch[];
  side: 'received' | 'given';
  onWithdraw?: (vouch: Vouch) => void;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {vouches.length === 0 ? (
        <Text size="sm">{empty}</Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label={title} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {vouches.map((vouch) => (
            <VouchRow key={`${vouch.voucher.uid}-${vouch.subject.uid}`} vouch={vouch} side={side} onWithdraw={onWithdraw} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

/**
 * Settings › Vouches: the member's verification, the vouches they received and gave (with
 * Withdraw, after a confirmation), and how many they may still give this month or why they may not.
 * Who vouched for whom is seen only here, by the two members (and by admins).
 */
export function VouchesTab() {
  const mine = useMyVouches();
  const withdraw = useWithdrawVouch();
  const [withdrawing, setWithdrawing] = useState<Vouch | null>(null);

  if (mine.isPending) {
    return (
      <LoadingRegion label="Loading your vouches">
        <Stack gap="sm">
          <Skeleton height={14} width="60%" />
          <Skeleton height={60} />
          <Skeleton height={60} />
        </Stack>
      </LoadingRegion>
    );
  }
  if (mine.isError) {
    return (
      <Alert color="red" role="alert" title="Your vouches could not be loaded.">
        <Button variant="light" color="red" size="xs" onClick={() => void mine.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { status, received, given, vouchesLeftThisMonth, cannotVouchReason } = mine.data;
  const confirmWithdraw = () => {
    if (!withdrawing) return;
    const name = withdrawing.subject.displayName;
    withdraw.mutate(withdrawing.subject.uid, {
      onSuccess: () => notifications.show({ color: 'teal', message: VOUCH_MESSAGES.withdrawn }),
      onError: (error) =>
        notifications.show({ color: 'red', message: serverReason(error) ?? `Your vouch for ${name} could not be withdrawn. Please try again.` }),
      onSettled: () => setWithdrawing(null),
    });
  };
  return (
    <Stack gap="md">
      <Card withBorder padding="md" component="section" aria-labelledby="my-verification-title">
        <Stack gap="xs">
          <Title order={2} size="h4" id="my-verification-title">
            Your verification
          </Title>
          <Text size="sm" data-testid="my-verification">
            {verificationSentence(status, VOUCHES_TO_VERIFY)}
          </Text>
          {status.level !== 'verified' && (
            <Anchor component={Link} to={paths.verify} size="sm" w="fit-content">
              Get verified
            </Anchor>
          )}
          <Text size="sm" data-testid="vouches-left">
            {cannotVouchReason ?? `Vouches left this month: ${vouchesLeftThisMonth}`}
          </Text>
        </Stack>
      </Card>
      <VouchList title="Vouches you received" id="vouches-received-title" empty="Nobody has vouched for you yet." vouches={received} side="received" />
      <VouchList
        title="Vouches you gave"
        id="vouches-given-title"
        empty="You have not vouched for anyone yet."
        vouches={given}
        side="given"
        onWithdraw={setWithdrawing}
      />
      <ConfirmModal
        opened={withdrawing !== null}
        title={`Withdraw your vouch for ${withdrawing?.subject.displayName ?? ''}?`}
        message="It stops counting at once, and their verification is checked again: they may no longer be verified in person."
        confirmLabel="Withdraw"
        busy={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onCancel={() => setWithdrawing(null)}
      />
    </Stack>
  );
}
