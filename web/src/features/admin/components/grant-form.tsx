import { Button, Card, Select, Stack, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { AdminMember } from '#contracts/admin';
import { useGrantSuperuser, useSearchMembers } from '../api/admin-api.ts';
import { ADMIN_UI, failureMessage } from '../admin-messages.ts';

function optionLabel(member: AdminMember): string {
  return `${member.displayName} (${member.email})`;
}

/**
 * Grant superuser status: a member select (searched on the server by name or email as the admin
 * types, so it works with any number of members) and a required reason.
 */
export function GrantForm() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [selected, setSelected] = useState<AdminMember | null>(null);
  const [reason, setReason] = useState('');
  const grant = useGrantSuperuser();
  // Once chosen, the search box shows the option's label: that is not a new query.
  const query = selected && debounced === optionLabel(selected) ? '' : debounced;
  const results = useSearchMembers(query);

  const candidates = (results.data?.members ?? []).filter((member) => !member.isSuperuser);
  const options = [...(selected && !candidates.some((member) => member.uid === selected.uid) ? [selected] : []), ...candidates];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!selected || !trimmed) return;
    grant.mutate(
      { userId: selected.uid, reason: trimmed },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: ADMIN_UI.granted });
          setSelected(null);
          setSearch('');
          setReason('');
        },
        onError: (error) => notifications.show({ color: 'red', message: failureMessage(ADMIN_UI.grantFailed, error) }),
      },
    );
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="grant-title">
      <Title order={2} size="h4" id="grant-title" mb="sm">
        Grant Superuser Status
      </Title>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Select
            label="Member"
            placeholder="Type a name or email"
            searchable
            clearable
            searchValue={search}
            onSearchChange={setSearch}
            data={options.map((member) => ({ value: member.uid, label: optionLabel(member) }))}
            // The server already matched by name or email prefix: show its answer as it is.
            filter={({ options: all }) => all}
            value={selected?.uid ?? null}
            onChange={(uid) => setSelected(options.find((member) => member.uid === uid) ?? null)}
            nothingFoundMessage={query.trim() ? (results.isFetching ? 'Searching…' : 'No members found') : 'Type to search'}
            required
          />
          <Textarea
            label="Reason"
            placeholder="Why this member should be a superuser"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            required
          />
          <Button type="submit" w="fit-content" disabled={!selected || !reason.trim()} loading={grant.isPending}>
            Grant Superuser Status
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
