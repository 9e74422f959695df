import { Button, Card, Select, Stack, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import type { AdminMember } from '#contracts/admin';
import { useGrantAdmin, useGrantSuperuser, useSearchMembers } from '../api/admin-api.ts';
import { ADMIN_UI, failureMessage } from '../admin-messages.ts';

function optionLabel(member: AdminMember): string {
  return `${member.displayName} (${member.email})`;
}

/** What each form grants: its title, its reason's hint, who is already one, and its messages. */
const ROLES = {
  superuser: {
    title: 'Grant Superuser Status',
    reasonHint: 'Why this member should be a superuser',
    holds: (member: AdminMember) => member.isSuperuser,
    // A repeat (another admin first, a second tab) is a success that changed nothing.
    granted: (changed: boolean) => (changed ? { color: 'teal', message: ADMIN_UI.granted } : { color: 'blue', message: ADMIN_UI.alreadySuperuser }),
    failed: ADMIN_UI.grantFailed,
  },
  admin: {
    title: 'Grant Admin',
    reasonHint: 'Why this member should be an admin',
    holds: (member: AdminMember) => member.isAdmin,
    // A repeat (a double click, another admin first) is a success that changed nothing.
    granted: (changed: boolean) => (changed ? { color: 'teal', message: ADMIN_UI.adminGranted } : { color: 'blue', message: ADMIN_UI.alreadyAdmin }),
    failed: ADMIN_UI.adminGrantFailed,
  },
} as const;

/**
 * Grant superuser status or the admin role: a member select (searched on the server by name or
 * email as the admin types, so it works with any number of members) and a required reason. After
 * a grant the form is empty again.
 */
export function GrantForm({ role = 'superuser' }: { role?: keyof typeof ROLES }) {
  const copy = ROLES[role];
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [selected, setSelected] = useState<AdminMember | null>(null);
  const [reason, setReason] = useState('');
  const grantSuperuser = useGrantSuperuser();
  const grantAdmin = useGrantAdmin();
  const grant = role === 'admin' ? grantAdmin : grantSuperuser;
  const inFlight = useRef(false);
  // Once chosen, the search box shows the option's label: that is not a new query.
  const query = selected && debounced === optionLabel(selected) ? '' : debounced;
  const results = useSearchMembers(query);

  const candidates = (results.data?.members ?? []).filter((member) => !copy.holds(member));
  const options = [...(selected && !candidates.some((member) => member.uid === selected.uid) ? [selected] : []), ...candidates];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    // Single flight: a double click's second submit arrives before the button shows it is busy.
    if (!selected || !trimmed || inFlight.current) return;
    inFlight.current = true;
    grant.mutate(
      { userId: selected.uid, reason: trimmed },
      {
        onSuccess: (result) => {
          notifications.show(copy.granted(result.changed));
          setSelected(null);
          setSearch('');
          setReason('');
        },
        onError: (error) => notifications.show({ color: 'red', message: failureMessage(copy.failed, error) }),
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`grant-${role}-title`}>
      <Title order={2} size="h4" id={`grant-${role}-title`} mb="sm">
        {copy.title}
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
            placeholder={copy.reasonHint}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            required
          />
          <Button type="submit" w="fit-content" disabled={!selected || !reason.trim()} loading={grant.isPending}>
            {copy.title}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
