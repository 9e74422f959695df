import { Alert, Card, Loader, Table, Text, Title } from '@mantine/core';
import type { CallableOutput } from '#contracts/callables';
import { auditActionLabel } from '../admin-messages.ts';
import { formatDateTime } from '../../../lib/dates.ts';

type AuditEntries = CallableOutput<'listAuditLog'>['entries'];

/** The audit log: who did what to whom, why and when, newest first. */
export function AuditLogTable({ entries, isLoading, isError }: { entries: AuditEntries | undefined; isLoading: boolean; isError: boolean }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="audit-title">
      <Title order={2} size="h4" id="audit-title" mb="sm">
        Audit Log
      </Title>
      {isLoading && <Loader size="sm" aria-label="Loading the audit log" />}
      {isError && (
        <Alert color="red" role="alert">
          Failed to load the audit log
        </Alert>
      )}
      {entries?.length === 0 && <Text c="dimmed">No admin actions yet.</Text>}
      {entries && entries.length > 0 && (
        <>
          {/* The table is wider than a phone: say it scrolls (and show the scrollbar) instead of clipping silently. */}
          <Text size="xs" c="dimmed" hiddenFrom="sm" mb={4} data-testid="audit-scroll-hint">
            Scroll sideways to see every column →
          </Text>
          {/* Focusable, so a keyboard can scroll it too. */}
          <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-label="Audit log table">
            <Table striped aria-labelledby="audit-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Admin</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Member</Table.Th>
                  <Table.Th>Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => (
                  <Table.Tr key={entry.entryId} data-testid="audit-entry">
                    <Table.Td>
                      <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                    </Table.Td>
                    <Table.Td>{entry.actorName}</Table.Td>
                    <Table.Td>
                      {auditActionLabel(entry.action)}
                      {entry.outcome && (
                        <Text size="xs" c="dimmed">
                          {entry.outcome}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{entry.targetName}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Card>
  );
}
