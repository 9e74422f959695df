import { Alert, Badge, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ADMIN_SEARCH_LIMIT, type AdminMember } from '#contracts/admin';
import { SearchForm } from '../../../components/search-form.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { useRemoveUser, useSearchMembers } from '../api/admin-api.ts';
import { ADMIN_UI, failureMessage, removalOutcome, type RemovalResult } from '../admin-messages.ts';
import { RemoveDialog } from './remove-dialog.tsx';
import { VerificationDialog, type VerificationAction } from './verification-dialog.tsx';

interface MemberRowProps {
  member: AdminMember;
  isSelf: boolean;
  onRemove: () => void;
  onVerification: (action: VerificationAction) => void;
}

function MemberRow({ member, isSelf, onRemove, onVerification }: MemberRowProps) {
  return (
    // On a phone the buttons go under the member.
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="member-row">
      <div style={{ minWidth: 0, flex: '1 1 200px' }}>
        <Group gap={6}>
          <Text size="sm" fw={500}>
            {member.displayName}
          </Text>
          {member.isSuperuser && (
            <Badge size="xs" variant="light">
              Superuser
            </Badge>
          )}
          {member.isAdmin && (
            <Badge size="xs" variant="light" color="grape">
              Admin
            </Badge>
          )}
          <VerifiedBadge verified={member.verifiedInPerson} />
        </Group>
        <Text size="xs" c="dimmed">
          {member.email}
          {member.location.city ? ` · ${member.location.city}, ${member.location.state}` : ''}
        </Text>
      </div>
      <Group gap="xs" justify="flex-end" style={{ flexShrink: 0 }}>
        {member.verifiedInPerson ? (
          <Button size="xs" variant="default" onClick={() => onVerification('revoke')} aria-label={`Revoke verification: ${member.displayName}`}>
            Revoke verification
          </Button>
        ) : (
          <Button size="xs" variant="light" onClick={() => onVerification('verify')} aria-label={`Verify in person: ${member.displayName}`}>
            Verify in person
          </Button>
        )}
        {/* An admin cannot remove themself (the server refuses too). */}
        {isSelf ? (
          <Badge variant="outline" color="gray">
            You
          </Badge>
        ) : (
          <Button size="xs" color="red" variant="light" onClick={onRemove} aria-label={`Remove ${member.displayName}`}>
            Remove
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** What the last removal said, with a way to follow (or carry on) one that did not finish yet. */
function RemovalReport({ result, retry }: { result: RemovalResult; retry: { run: () => void; busy: boolean; error: unknown } }) {
  const outcome = removalOutcome(result);
  return (
    <Alert color={outcome.color} role="status" title={outcome.headline}>
      {outcome.errors.length > 0 && (
        <List size="sm" mb="xs">
          {outcome.errors.map((error) => (
            <List.Item key={error}>{error}</List.Item>
          ))}
        </List>
      )}
      {outcome.continuing && (
        <Stack gap="xs">
          <Text size="sm">{outcome.continuing}</Text>
          <Button size="xs" variant="light" w="fit-content" onClick={retry.run} loading={retry.busy}>
            {outcome.askAgain}
          </Button>
        </Stack>
      )}
      {retry.error !== null && (
        <Text size="sm" c="red">
          {failureMessage(ADMIN_UI.removeFailed, retry.error)}
        </Text>
      )}
    </Alert>
  );
}

/** User management: search by name or email (first 20), each with Remove; never for oneself. */
export function UserManagement({ ownUserId }: { ownUserId: string }) {
  const [query, setQuery] = useState('');
  const search = useSearchMembers(query);
  const [removing, setRemoving] = useState<AdminMember | null>(null);
  const [verification, setVerification] = useState<{ member: AdminMember; action: VerificationAction } | null>(null);
  const [last, setLast] = useState<{ userId: string; reason: string; result: RemovalResult } | null>(null);
  // Asking again continues an unfinished removal and reports its progress; once it finished, the
  // server answers the final result (it keeps it for a day), and no second audit entry is written.
  const progress = useRemoveUser();

  const refreshProgress = () => {
    if (!last) return;
    progress.mutate({ userId: last.userId, reason: last.reason }, { onSuccess: (result) => setLast({ ...last, result }) });
  };

  const members = search.data?.members ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="user-management-title">
      <Title order={2} size="h4" id="user-management-title" mb="sm">
        User Management
      </Title>
      <SearchForm
        name="Find members by name or email"
        label="Search by name or email"
        placeholder="Start of a name or email"
        query={query}
        onSearch={setQuery}
        onRepeat={() => void search.refetch()}
        searching={search.isFetching}
      />
      <Stack gap="xs" mt="sm" aria-live="polite">
        {last && <RemovalReport result={last.result} retry={{ run: refreshProgress, busy: progress.isPending, error: progress.error }} />}
        {search.isLoading && <Loader size="sm" aria-label="Searching" />}
        {search.isError && (
          <Alert color="red" role="alert">
            {ADMIN_UI.searchFailed}
          </Alert>
        )}
        {search.data && members.length === 0 && <Text c="dimmed">No members found matching "{query}"</Text>}
        {members.length === ADMIN_SEARCH_LIMIT && (
          <Text size="xs" c="dimmed">
            Showing the first {ADMIN_SEARCH_LIMIT} matches.
          </Text>
        )}
        {members.map((member) => (
          <MemberRow
            key={member.uid}
            member={member}
            isSelf={member.uid === ownUserId}
            onRemove={() => setRemoving(member)}
            onVerification={(action) => setVerification({ member, action })}
          />
        ))}
      </Stack>
      {verification && (
        <VerificationDialog
          key={`${verification.member.uid}-${verification.action}`}
          member={verification.member}
          action={verification.action}
          onClose={() => setVerification(null)}
        />
      )}
      {removing && (
        <RemoveDialog
          key={removing.uid}
          member={removing}
          onClose={() => setRemoving(null)}
          onRemoved={(result, reason) => {
            progress.reset();
            setLast({ userId: removing.uid, reason, result });
            setRemoving(null);
          }}
        />
      )}
    </Card>
  );
}
