import { Alert, Badge, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ModerationLogEntry, OwnReport } from '#contracts/moderation';
import { formatMoment, useModerationLog, useMyReports } from '../api/moderation.ts';
import { OUTCOME_WORDS, ownReportStatus, REASON_LABELS, TARGET_LABELS, TARGET_WORDS } from '../moderation-words.ts';

/** One log line's action in words; a removed member is named, no one else ever is. */
export function logEntryText(entry: ModerationLogEntry): string {
  const removal = entry.action === 'remove-member' || entry.action === 'remove-member-and-tree';
  if (removal && entry.memberName) {
    return entry.action === 'remove-member' ? `${entry.memberName} was removed` : `${entry.memberName} and the members they invited were removed`;
  }
  return OUTCOME_WORDS[entry.action];
}

function LogEntries() {
  const log = useModerationLog();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="log-title">
      <Title order={2} size="h4" id="log-title">
        Community moderation log
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Every action the admins took on a report, newest first. Reporters and authors are never named; a removed member is.
      </Text>
      {log.isPending && <Loader size="sm" aria-label="Loading the moderation log" />}
      {log.isError && (
        <Alert color="red" role="alert" p="xs">
          The moderation log could not be loaded. Please try again.
        </Alert>
      )}
      {log.isSuccess && entries.length === 0 && <Text size="sm">Nothing yet: no report has needed an action.</Text>}
      {entries.length > 0 && (
        <Stack gap={0} component="ul" aria-label="Moderation actions" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {entries.map((entry) => (
            <li key={entry.entryId} data-testid="moderation-log-entry" style={{ borderTop: '1px solid var(--mantine-color-gray-3)', padding: '8px 0' }}>
              <Text size="sm" fw={500}>
                {logEntryText(entry)}
              </Text>
              <Text size="xs" c="dimmed">
                {TARGET_LABELS[entry.targetType]} · reported for {REASON_LABELS[entry.reason].toLowerCase()} · {formatMoment(entry.at)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      {log.hasNextPage && (
        <Button variant="light" mt="sm" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </Card>
  );
}

function OwnReportLine({ report }: { report: OwnReport }) {
  return (
    <Group component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="sm" data-testid="own-report">
      <div style={{ minWidth: 0 }}>
        <Text size="sm">
          You reported {TARGET_WORDS[report.targetType]} ({REASON_LABELS[report.reason]})
        </Text>
        <Text size="xs" c="dimmed">
          {formatMoment(report.createdAt)}
        </Text>
        <Text size="sm">{ownReportStatus(report)}</Text>
      </div>
      <Badge variant="light" color={report.status === 'open' ? 'blue' : 'teal'} style={{ flexShrink: 0 }}>
        {report.status === 'open' ? 'Open' : 'Resolved'}
      </Badge>
    </Group>
  );
}

function YourReports() {
  const reports = useMyReports();
  const list = reports.data?.reports ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="your-reports-title">
      <Title order={2} size="h4" id="your-reports-title">
        Your reports
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        What you reported and what came of it. Only you see this list.
      </Text>
      {reports.isPending && <Loader size="sm" aria-label="Loading your reports" />}
      {reports.isError && (
        <Alert color="red" role="alert" p="xs">
          Your reports could not be loaded. Please try again.
        </Alert>
      )}
      {reports.isSuccess && list.length === 0 && (
        <Text size="sm">You have not reported anything. Use the “…” menu on a post, a comment or a profile to report it.</Text>
      )}
      {list.length > 0 && (
        <Stack gap="sm" component="ul" aria-label="Your reports" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.map((report) => (
            <OwnReportLine key={report.reportId} report={report} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** /moderation-log: the community's moderation log and the member's own reports. */
export default function ModerationLogRoute() {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Moderation log
          </Title>
          <Text c="dimmed" size="sm">
            Anchored is moderated in the open: members report what breaks the community&apos;s trust, admins act, and every action is listed here.
          </Text>
        </div>
        <YourReports />
        <LogEntries />
      </Stack>
    </Container>
  );
}
