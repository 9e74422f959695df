import { Alert, Anchor, Badge, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  MAX_SUSPENSION_DAYS,
  MODERATION_MESSAGES,
  type ModerationAction,
  moderationActionSchema,
  NOTE_TO_MEMBER_MAX_LENGTH,
  type QueuedReport,
} from '#contracts/moderation';
import { ACTION_REASON_MAX_LENGTH } from '#contracts/admin';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { LimitedTextarea } from '../../../components/limited-textarea.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatMoment, ACTION_LABELS, REASON_LABELS, TARGET_WORDS } from '../../moderation/index.ts';
import { useReportQueue, useResolveReport } from '../api/admin-api.ts';
import { ADMIN_UI, failureMessage } from '../admin-messages.ts';
import { profilePath } from '../../../lib/paths.ts';

/** The actions an admin may take on a report; a member report has no content to remove. */
export function actionsFor(targetType: QueuedReport['target']['type']): ModerationAction[] {
  return moderationActionSchema.options.filter((action) => action !== 'remove-content' || targetType !== 'member');
}

/** The actions that remove members, which ask for a confirmation first. */
const CONFIRMED: ReadonlySet<ModerationAction> = new Set(['remove-member', 'remove-member-and-tree']);

/** 'YYYY-MM-DD' of a day from today (local), for the suspension date's bounds. */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** What was reported, in context: the post; the comment with its post; the member; or that it is gone. */
function ReportedContent({ report }: { report: QueuedReport }) {
  const { content, target } = report;
  const gone = target.type === 'member' ? content.member === null : target.type === 'post' ? content.post === null : content.comment === null;
  if (gone) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        The content no longer exists.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {target.type !== 'member' && content.post && (
        <Card withBorder padding="xs" bg="var(--mantine-color-gray-0)">
          <Text size="xs" c="dimmed">
            {target.type === 'comment' ? 'On the post by' : 'Post by'} {content.post.authorName} · {formatMoment(content.post.createdAt)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={target.type === 'comment' ? 3 : undefined}>
            {content.post.content}
          </Text>
        </Card>
      )}
      {target.type === 'comment' && content.comment && (
        <Card withBorder padding="xs" ml={{ base: 'xs', sm: 'lg' }}>
          <Text size="xs" c="dimmed">
            Comment by {content.member?.displayName ?? 'a member'} · {formatMoment(content.comment.createdAt)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {content.comment.content}
          </Text>
        </Card>
      )}
      {content.member && (
        <Group gap="xs" wrap="wrap">
          <UserAvatar name={content.member.displayName} picture={content.member.profilePicture} size="sm" />
          <Text size="sm">
            {target.type === 'member' ? 'Reported member: ' : 'Author: '}
            <Anchor component={Link} to={profilePath(content.member.uid)} size="sm">
              {content.member.displayName}
            </Anchor>
          </Text>
          {content.member.isSuspended && (
            <Badge color="red" variant="light" size="sm">
              Suspended
            </Badge>
          )}
          {content.member.invitesDisabled && (
            <Badge color="gray" variant="light" size="sm">
              Invites disabled
            </Badge>
          )}
        </Group>
      )}
    </Stack>
  );
}

/**
 * The resolve form of one report: the action (Suspend needs its end date; Remove content only for
 * a post or a comment), the private reason (required) and the note the member sees (optional).
 * Removing a member, alone or with their invite tree, asks for a confirmation first.
 */
export function ResolveForm({ report }: { report: QueuedReport }) {
  const resolve = useResolveReport();
  const [action, setAction] = useState<ModerationAction | null>(null);
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const memberName = report.content.member?.displayName ?? 'this member';

  const reasonError = reason.trim() ? null : ADMIN_UI.reasonRequired;
  const tooLong = reason.length > ACTION_REASON_MAX_LENGTH || note.length > NOTE_TO_MEMBER_MAX_LENGTH;
  const untilError = action === 'suspend' && !until ? MODERATION_MESSAGES.untilRequired : null;
  const actionError = action ? null : 'Please choose an action';

  const send = () => {
    if (!action || resolve.isPending) return;
    const trimmedNote = note.trim();
    // The promise, not mutate's callbacks: a resolved report leaves the queue, and this form with it.
    void resolve
      .mutateAsync({
        reportId: report.reportId,
        action,
        reason: reason.trim(),
        ...(trimmedNote ? { noteToMember: trimmedNote } : {}),
        ...(action === 'suspend' ? { until } : {}),
      })
      .then(
        (result) =>
          notifications.show({
            color: 'teal',
            message:
              result.resolvedReports > 1
                ? `Report resolved: ${ACTION_LABELS[result.action]}. ${result.resolvedReports - 1} more on the same target resolved with it.`
                : `Report resolved: ${ACTION_LABELS[result.action]}.`,
          }),
        // Shown by the form (resolve.isError).
        () => undefined,
      )
      .finally(() => setConfirming(false));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (actionError || reasonError || untilError || tooLong) return;
    if (action && CONFIRMED.has(action)) setConfirming(true);
    else send();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Resolve this report">
      <Stack gap="sm">
        <Select
          label="Action"
          placeholder="Choose an action"
          data={actionsFor(report.target.type).map((value) => ({ value, label: ACTION_LABELS[value] }))}
          value={action}
          onChange={(value) => setAction(value as ModerationAction | null)}
          error={showErrors ? actionError : null}
          required
          allowDeselect={false}
        />
        {action === 'suspend' && (
          <TextInput
            type="date"
            label="Suspended until"
            description={`At most ${MAX_SUSPENSION_DAYS} days from today.`}
            value={until}
            min={dayFromToday(1)}
            max={dayFromToday(MAX_SUSPENSION_DAYS)}
            onChange={(event) => setUntil(event.currentTarget.value)}
            error={showErrors ? untilError : null}
            required
          />
        )}
        <LimitedTextarea
          label="Reason"
          description="Only admins see this (and the audit log)."
          value={reason}
          onChange={setReason}
          error={showErrors ? reasonError : null}
          max={ACTION_REASON_MAX_LENGTH}
          required
        />
        <LimitedTextarea
          label="Note to the member (optional)"
          description="The member sees this."
          value={note}
          onChange={setNote}
          max={NOTE_TO_MEMBER_MAX_LENGTH}
        />
        {resolve.isError && (
          <Alert color="red" role="alert" p="xs">
            {failureMessage('Failed to resolve the report', resolve.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={resolve.isPending} color={action && CONFIRMED.has(action) ? 'red' : undefined}>
            Resolve report
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={action === 'remove-member-and-tree' ? `Remove ${memberName} and their invite tree?` : `Remove ${memberName}?`}
        message={
          action === 'remove-member-and-tree'
            ? `This removes ${memberName} and every member they invited, directly or not. It cannot be undone.`
            : `This removes ${memberName}; the members they invited move to their inviter. It cannot be undone.`
        }
        confirmLabel={action === 'remove-member-and-tree' ? 'Remove member and tree' : 'Remove member'}
        busy={resolve.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}

function ReportCard({ report }: { report: QueuedReport }) {
  const about = TARGET_WORDS[report.target.type];
  const titleId = `report-${report.reportId}-title`;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId} data-testid="queued-report">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={3} size="h5" id={titleId}>
              {REASON_LABELS[report.reason]}: {about} reported by {report.reporter.displayName}
            </Title>
            <Text size="xs" c="dimmed">
              {formatMoment(report.createdAt)}
            </Text>
          </div>
          {report.openReportsOnTarget > 1 && (
            <Badge color="red" variant="light">
              {report.openReportsOnTarget} reports on this
            </Badge>
          )}
        </Group>
        {/* Side by side from md up: what was reported beside what to do about it. */}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="sm">
            {report.note && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <Text span c="dimmed" size="sm">
                  Reporter&apos;s note:{' '}
                </Text>
                {report.note}
              </Text>
            )}
            <ReportedContent report={report} />
          </Stack>
          <ResolveForm report={report} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** The admin panel's Reports tab: the open reports, oldest first, each with its resolve form. */
export function ReportsTab() {
  const queue = useReportQueue(true);
  const reports = queue.data?.pages.flatMap((page) => page.reports) ?? [];
  return (
    <Stack gap="md" component="section" aria-label="Open reports">
      <Text size="sm" c="dimmed">
        Oldest first. Resolving a report resolves every open report on the same content or member. The reporter learns the outcome, never your reason.
      </Text>
      {queue.isPending && <Loader size="sm" aria-label="Loading reports" />}
      {queue.isError && (
        <Alert color="red" role="alert">
          {failureMessage('Failed to load the reports', queue.error)}
        </Alert>
      )}
      {queue.isSuccess && reports.length === 0 && <Text>No open reports. All clear.</Text>}
      {reports.map((report) => (
        <ReportCard key={report.reportId} report={report} />
      ))}
      {queue.hasNextPage && (
        <Button variant="light" w="fit-content" onClick={() => void queue.fetchNextPage()} loading={queue.isFetchingNextPage}>
          Load more reports
        </Button>
      )}
    </Stack>
  );
}
