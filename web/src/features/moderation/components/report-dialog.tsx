import { Alert, Button, Group, Modal, Radio, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { REPORT_NOTE_MAX_LENGTH, type ReportReason, reportReasonSchema, type ReportTarget } from '#contracts/moderation';
import { isApiError } from '../../../lib/api-client.ts';
import { serverReason } from '../../../lib/server-reason.ts';
import { MODERATION_UI, useReportContent } from '../api/moderation.ts';
import { REASON_LABELS } from '../moderation-words.ts';
import { LimitedTextarea } from '../../../components/limited-textarea.tsx';

interface ReportDialogProps {
  opened: boolean;
  onClose: () => void;
  target: ReportTarget;
  /** What is reported, for the title: "post", "comment", or the member's name. */
  subject: string;
}

/**
 * Reports a post, a comment or a member: a reason (required), an optional note (500 characters
 * with a counter), Send. Success closes with 'Thanks — an admin will look at it.'; a repeat (409)
 * closes with the server's sentence; any other failure stays open with the server's reason.
 */
export function ReportDialog({ opened, onClose, target, subject }: ReportDialogProps) {
  const report = useReportContent();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const tooLong = note.length > REPORT_NOTE_MAX_LENGTH;

  const close = () => {
    if (report.isPending) return;
    setReason(null);
    setNote('');
    report.reset();
    onClose();
  };

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason || tooLong || report.isPending) return;
    const trimmed = note.trim();
    report.mutate(
      { target, reason, ...(trimmed ? { note: trimmed } : {}) },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: MODERATION_UI.reported });
          setReason(null);
          setNote('');
          report.reset();
          onClose();
        },
        onError: (error) => {
          if (isApiError(error, 'aborted')) {
            // Already reported: nothing more to do here.
            notifications.show({ color: 'blue', message: error.message });
            setReason(null);
            setNote('');
            report.reset();
            onClose();
          }
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={`Report ${subject}`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={send} noValidate aria-label={`Report ${subject}`}>
        <Stack gap="md">
          <Radio.Group label="Why are you reporting this?" value={reason} onChange={(value) => setReason(value as ReportReason)} withAsterisk>
            <Stack gap="xs" mt="xs">
              {reportReasonSchema.options.map((option) => (
                <Radio key={option} value={option} label={REASON_LABELS[option]} />
              ))}
            </Stack>
          </Radio.Group>
          <LimitedTextarea
            label="Note (optional)"
            description="Anything that helps an admin understand. Only admins read it."
            value={note}
            onChange={setNote}
            max={REPORT_NOTE_MAX_LENGTH}
            counterTestId="report-note-counter"
          />
          {report.isError && !isApiError(report.error, 'aborted') && (
            <Alert color="red" role="alert" p="xs">
              {serverReason(report.error) ?? MODERATION_UI.reportFailed}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!reason || tooLong} loading={report.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
