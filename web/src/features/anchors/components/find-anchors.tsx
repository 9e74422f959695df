import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { CallableOutput } from '#contracts/callables';
import { SearchForm } from '../../../components/search-form.tsx';
import { RowSkeletons } from '../../../components/skeletons.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { ANCHOR_UI_MESSAGES, searchResultAction, sendRequestFailureMessage } from '../anchor-actions.ts';
import { useSendAnchorRequest } from '../api/anchor-requests.ts';
import { useSuspension } from '../../moderation/index.ts';
import { useSearchUsers } from '../api/anchor-lists.ts';
import { profilePath, FIND_ANCHORS_PARAM } from '../../../lib/paths.ts';

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
        <Text size="sm" component={Link} to={profilePath(user.uid)}>
          {user.displayName}
        </Text>
        <VerifiedBadge verified={user.verifiedInPerson} size={14} />
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
  const input = useRef<HTMLInputElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const find = searchParams.has(FIND_ANCHORS_PARAM);

  // The empty feed's and the empty lists' "Find anchors" land here: focus the search box once, then
  // drop the flag so a reload or Back does not jump to it again.
  useEffect(() => {
    if (!find) return;
    input.current?.scrollIntoView?.({ block: 'center' });
    input.current?.focus();
    setSearchParams(
      (params) => {
        params.delete(FIND_ANCHORS_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [find, setSearchParams]);

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
        inputRef={input}
      />
      <Stack gap="xs" mt="sm" aria-live="polite">
        {search.isLoading && <RowSkeletons label="Searching" count={2} />}
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
