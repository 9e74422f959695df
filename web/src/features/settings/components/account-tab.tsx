import { Anchor, Button, Card, Code, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { SUPPORT_EMAIL } from '#contracts/settings';
import type { User } from '#contracts/user';
import { AccountControls } from './account-controls.tsx';
import { DataExportCard } from './data-export-card.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

export function AccountTab({ me }: { me: User }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <Stack gap="lg">
      <Table variant="vertical" withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={160}>Email</Table.Th>
            <Table.Td data-testid="account-email">{me.email}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Account ID</Table.Th>
            <Table.Td>
              <Code style={{ overflowWrap: 'anywhere' }} data-testid="account-id">
                {me.uid}
              </Code>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Support</Table.Th>
            <Table.Td>
              <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <AccountControls me={me} />
      <DataExportCard />

      <Card withBorder padding="lg" style={{ borderColor: 'var(--mantine-color-red-6)' }}>
        <Stack gap="sm">
          <Title order={2} size="h4" c="red">
            Danger zone
          </Title>
          <Text size="sm">
            Deleting your account removes your profile, pictures, posts, comments, likes and anchors for good. Members you invited keep their accounts.
          </Text>
          <div>
            <Button color="red" onClick={() => setDeleting(true)}>
              Delete Account
            </Button>
          </div>
        </Stack>
      </Card>
      <DeleteAccountDialog opened={deleting} onClose={() => setDeleting(false)} />
    </Stack>
  );
}
