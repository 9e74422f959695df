import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { DATA_EXPORT_LINK_MINUTES, DATA_EXPORT_MESSAGES, type DataExport } from '#contracts/exports';
import { formatDateTime as when } from '../../../lib/dates.ts';
import { useDataExport, useRequestDataExport } from '../api/data-export.ts';

function sizeOf(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Settings › Account › Download my data: ask for a zip, wait for it, download it through a link that expires. */
export function DataExportCard() {
  const state = useDataExport();
  const request = useRequestDataExport();
  const current: DataExport | undefined = state.data;
  const mayRequest = current !== undefined && (current.status === 'none' || current.status === 'failed');

  return (
    <Card withBorder padding="lg" data-testid="data-export">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Download my data
        </Title>
        <Text size="sm">
          A zip of your profile, posts, comments, likes, anchors, invites and pictures. We prepare it in the background; the download link works for{' '}
          {DATA_EXPORT_LINK_MINUTES} minutes at a time.
        </Text>
        {state.isPending && <Loader size="sm" aria-label="Loading your data export" />}
        {state.isError && (
          <Alert color="red" variant="light">
            {DATA_EXPORT_MESSAGES.loadFailed}
          </Alert>
        )}
        {current?.status === 'building' && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{DATA_EXPORT_MESSAGES.building}</Text>
          </Group>
        )}
        {current?.status === 'failed' && (
          <Alert color="red" variant="light">
            {DATA_EXPORT_MESSAGES.failed}
          </Alert>
        )}
        {current?.status === 'ready' && current.downloadUrl && (
          <Stack gap={4} role="status">
            <Text size="sm" fw={600}>
              {DATA_EXPORT_MESSAGES.ready}
            </Text>
            <div>
              <Button component="a" href={current.downloadUrl} download="anchored-data.zip" data-testid="data-export-download">
                Download my data{current.sizeBytes !== null && ` (${sizeOf(current.sizeBytes)})`}
              </Button>
            </div>
            <Text size="xs" c="dimmed">
              Prepared {current.readyAt && when(current.readyAt)}
              {current.fileExpiresAt && `; kept until ${when(current.fileExpiresAt)}`}
              {current.nextExportAt && `. You can ask for a new one after ${when(current.nextExportAt)}.`}
            </Text>
          </Stack>
        )}
        {request.isError && (
          <Alert color="red" variant="light">
            {request.error.message || DATA_EXPORT_MESSAGES.requestFailed}
          </Alert>
        )}
        {mayRequest && (
          <div>
            <Button variant="light" loading={request.isPending} onClick={() => request.mutate()}>
              {current.status === 'failed' ? 'Try again' : 'Request my data'}
            </Button>
          </div>
        )}
      </Stack>
    </Card>
  );
}
