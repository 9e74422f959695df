import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { CallableOutput } from '#contracts/callables';
import { SearchForm } from '../../../components/search-form.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { ANCHOR_UI_MESSAGES, searchResultAction, sendRequestFailureMessage } from '../../../lib/anchor-actions.ts';
import { useSendAnchorRequest } from '../../../lib/anchor-requests.ts';
import { useSuspension } from '../../../lib/standing.ts';
import { useSearchUsers } from '../api/anchor-lists.ts';

type SearchResult = CallableOutput<'searchUsers'>['users'][number];

function ResultRow({ user }: { user: SearchResult }) {
  const send = useSendAnchorRequest(user.uid);
  // Optimistic: from the click on, the row reads 'Request pending' (and offers no second click);
  // a failure brings Add Anchor back with the reason.
  const relationship = send.isPending || send.isSuccess ? 'pending' : user.relationship;
  const action = searchResultAction(relationship);
  // A suspended member cannot anchor (the server refuses it too, with the same sentence).
  const suspension = useSuspension();
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="search-result">
      <Group gap="sm" wrap="nowrap">
        <UserAvatar name={user.displayName} picture={user.profilePicture} size="sm" />
        <Text size="sm" component={Link} to={`/profile/${encodeURIComponent(user.uid)}`}>
          {user.displayName}
        </Text>
      </Group>
      {action.kind === 'add' ? (
        <Button
          size="xs"
          aria-label={`Add Anchor: ${user.displayName}`}
          disabled={suspension.suspended}
          title={suspension.reason ?? undefined}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: () => notifications.show({ color: 'teal', message: ANCHOR_UI_MESSAGES.requestSent }),
              onError: (error) => notifications.show({ color: 'red', message: sendRequestFailureMessage(error) }),
            })
          }
        >
          {action.label}
        </Button>
      ) : (
        // Never squeezed by a long name on a phone ('REQUEST PENDI…').
        <Badge variant="light" color={relationship === 'anchored' ? 'teal' : 'gray'} style={{ flexShrink: 0, overflow: 'visible' }}>
          {action.label}
        </Badge>
      )}
    </Group>
  );
}

/** Find New Anchors: search members by name (non-empty), then Add Anchor. */
export function FindAnchors() {
  const [query, setQuery] = useState('');
  const search = useSearchUsers(query);
  const users = search.data?.users ?? [];

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="find-anchors-title">
      <Title order={2} size="h4" id="find-anchors-title" mb="sm">
        Find New Anchors
      </Title>
      <SearchForm
        name="Find members by name"
        label="Search by name"
        placeholder="Start of a name"
        query={query}
        onSearch={setQuery}
        onRepeat={() => void search.refetch()}
        searching={search.isFetching}
      />
      <Stack gap="xs" mt="sm" aria-live="polite">
        {search.isLoading && <Loader size="sm" aria-label="Searching" />}
        {search.isError && (
          <Alert color="red" role="alert">
            {ANCHOR_UI_MESSAGES.searchFailed}
          </Alert>
        )}
        {search.data && users.length === 0 && <Text c="dimmed">No users found matching "{query}"</Text>}
        {users.map((user) => (
          <ResultRow key={user.uid} user={user} />
        ))}
      </Stack>
    </Card>
  );
}
