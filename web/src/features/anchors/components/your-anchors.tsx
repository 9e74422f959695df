import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type Anchor, MAX_ANCHORS } from '#contracts/anchors';
import type { CallableOutput } from '#contracts/callables';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { RowSkeletons, ValueSkeleton } from '../../../components/skeletons.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { serverReason } from '../../../lib/server-reason.ts';
import { ANCHOR_UI_MESSAGES } from '../anchor-actions.ts';
import { useAnchorList, useAnchorRequests } from '../api/anchor-requests.ts';
import { useSuspension } from '../../moderation/index.ts';
import { useAcceptRequest, useRemoveAnchor, useRemoveRequest } from '../api/anchor-lists.ts';
import { AnchorCard } from './anchor-card.tsx';
import { paths, FIND_ANCHORS_PATH } from '../../../lib/paths.ts';

function failed(title: string, error: unknown) {
  notifications.show({ color: 'red', title, message: serverReason(error) ?? 'Please try again.' });
}

type AnchorRequest = CallableOutput<'listAnchorRequests'>['received'][number];

interface RequestSectionProps {
  title: string;
  testId: string;
  requests: readonly AnchorRequest[];
  actions: (request: AnchorRequest) => ReactNode;
}

/** One list of pending requests (received or sent): who, and what the member can do about it. */
function RequestSection({ title, testId, requests, actions }: RequestSectionProps) {
  const titleId = useId();
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId} mb="xs">
        {title}
      </Title>
      <Stack gap="xs">
        {requests.map((request) => (
          <Group key={request.uid} justify="space-between" wrap="nowrap" data-testid={testId}>
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <UserAvatar name={request.displayName} picture={request.profilePicture} size="sm" />
              <Text size="sm">{request.displayName}</Text>
              <VerifiedBadge verified={request.verifiedInPerson} size={14} />
            </Group>
            {/* The buttons keep their width on a phone; a long name wraps instead ('Cance' at 390 px). */}
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              {actions(request)}
            </Group>
          </Group>
        ))}
      </Stack>
    </section>
  );
}

/** Your Anchors: 'count / 100 anchors', tabs Anchors (n) and Pending (received + sent). */
export function YourAnchors() {
  const list = useAnchorList();
  const requests = useAnchorRequests();
  const remove = useRemoveAnchor();
  const accept = useAcceptRequest();
  // A suspended member cannot anchor (the server refuses it too, with the same sentence).
  const suspension = useSuspension();
  const removeRequest = useRemoveRequest();
  const [confirming, setConfirming] = useState<Anchor | null>(null);
  const [searchParams] = useSearchParams();

  const anchors = list.data?.anchors ?? [];
  // undefined until the list answers: a skeleton, never a '0 / 100' that may not be true.
  const count = list.data?.count;
  const received = requests.data?.received ?? [];
  const sent = requests.data?.sent ?? [];

  const confirmRemove = () => {
    if (!confirming) return;
    const anchor = confirming;
    setConfirming(null);
    remove.mutate(anchor.uid, { onError: (error) => failed(ANCHOR_UI_MESSAGES.removeFailed, error) });
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="your-anchors-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="your-anchors-title">
          Your Anchors
        </Title>
        {count === undefined ? (
          <ValueSkeleton label="Loading your anchor count" width={120} height={26} />
        ) : (
          <Badge size="lg" variant="light" data-testid="anchor-count">
            {count} / {list.data?.max ?? MAX_ANCHORS} anchors
          </Badge>
        )}
      </Group>
      {/* /anchors?tab=pending (the dashboard's 'Pending requests') opens the Pending tab. */}
      <Tabs defaultValue={searchParams.get('tab') === 'pending' ? 'pending' : 'anchors'}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="anchors">{count === undefined ? 'Anchors' : `Anchors (${count})`}</Tabs.Tab>
          <Tabs.Tab
            value="pending"
            // Everything the tab holds: requests received and sent.
            rightSection={
              received.length + sent.length ? (
                <Badge size="xs" color="orange" data-testid="pending-tab-count">
                  {received.length + sent.length}
                </Badge>
              ) : null
            }
          >
            Pending
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="anchors">
          {list.isPending && <RowSkeletons label="Loading your anchors" count={4} bordered />}
          {list.isError && (
            <Alert color="red" role="alert">
              Your anchors could not be loaded.
            </Alert>
          )}
          {list.data && anchors.length === 0 && (
            <EmptyState
              testId="no-anchors"
              message={ANCHOR_UI_MESSAGES.noAnchors}
              hint="Search for people you know by name, or invite someone you vouch for."
              steps={[
                { label: 'Find anchors', to: FIND_ANCHORS_PATH },
                { label: 'Invite someone', to: paths.invites },
              ]}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {anchors.map((anchor) => (
              <AnchorCard key={anchor.uid} anchor={anchor} onRemove={setConfirming} />
            ))}
          </SimpleGrid>
        </Tabs.Panel>

        <Tabs.Panel value="pending">
          {requests.isPending && <RowSkeletons label="Loading your requests" count={2} />}
          {requests.isError && (
            <Alert color="red" role="alert">
              Your requests could not be loaded.
            </Alert>
          )}
          {requests.data && received.length === 0 && sent.length === 0 && (
            <EmptyState
              testId="no-pending"
              message={ANCHOR_UI_MESSAGES.noPending}
              hint="Requests you send and receive wait here until they are answered."
              steps={[{ label: 'Find anchors', to: FIND_ANCHORS_PATH }]}
            />
          )}
          <Stack gap="md">
            <RequestSection
              title="Received Requests"
              testId="received-request"
              requests={received}
              actions={(request) => (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    aria-label={`Accept ${request.displayName}`}
                    disabled={suspension.suspended}
                    title={suspension.reason ?? undefined}
                    onClick={() => accept.mutate(request.uid, { onError: (error) => failed(ANCHOR_UI_MESSAGES.acceptFailed, error) })}
                  >
                    Accept
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Reject ${request.displayName}`}
                    onClick={() => removeRequest.mutate(request.uid, { onError: (error) => failed(ANCHOR_UI_MESSAGES.rejectFailed, error) })}
                  >
                    Reject
                  </Button>
                </Group>
              )}
            />
            <RequestSection
              title="Sent Requests"
              testId="sent-request"
              requests={sent}
              actions={(request) => (
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Cancel request to ${request.displayName}`}
                  onClick={() => removeRequest.mutate(request.uid, { onError: (error) => failed(ANCHOR_UI_MESSAGES.rejectFailed, error) })}
                >
                  Cancel
                </Button>
              )}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <ConfirmModal
        opened={confirming !== null}
        title="Remove anchor"
        message={ANCHOR_UI_MESSAGES.removeQuestion}
        confirmLabel="Remove"
        onConfirm={confirmRemove}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
