import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { textLimitState } from '../../../lib/text-limit.ts';

interface InlineEditorProps {
  label: string;
  initial: string;
  max: number;
  tooLongMessage: string;
  failedMessage: string;
  saving: boolean;
  failed: boolean;
  onSave: (content: string) => void;
  onCancel: () => void;
}

/** Edits a post or comment in place, with the same limits as writing it (counter, required after trimming). */
export function InlineEditor({ label, initial, max, tooLongMessage, failedMessage, saving, failed, onSave, onCancel }: InlineEditorProps) {
  const [content, setContent] = useState(initial);
  const limit = textLimitState(content, max);
  const unchanged = content.trim() === initial.trim();
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (limit.canSubmit && !saving) onSave(content.trim());
      }}
    >
      <Stack gap={4}>
        <Textarea
          aria-label={label}
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
          readOnly={saving}
          autosize
          minRows={1}
          error={limit.tooLong ? tooLongMessage : undefined}
          data-autofocus
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="xs" c={limit.remaining < 0 ? 'red' : 'dimmed'} aria-live="polite">
            {limit.length} / {max}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button size="xs" type="submit" disabled={!limit.canSubmit || unchanged} loading={saving}>
              Save
            </Button>
          </Group>
        </Group>
        {failed && (
          <Alert color="red" role="alert" p="xs">
            {failedMessage}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
