import { Stack, Text, Textarea, type TextareaProps } from '@mantine/core';
import { textLimitState } from '../lib/text-limit.ts';

interface LimitedTextareaProps extends Omit<TextareaProps, 'value' | 'onChange' | 'maxLength'> {
  value: string;
  onChange: (value: string) => void;
  /** The server's limit. Text past it is kept and shown (a paste is never cut silently); the form refuses to send it. */
  max: number;
  /** The counter's test id, for tests that read it. */
  counterTestId?: string;
}

/** A textarea with a live "n / max" counter that turns red past the limit, instead of a maxLength that cuts. */
export function LimitedTextarea({ value, onChange, max, counterTestId, error, ...props }: LimitedTextareaProps) {
  const { length, tooLong } = textLimitState(value, max);
  return (
    <Stack gap={4}>
      <Textarea
        autosize
        minRows={2}
        maxRows={6}
        {...props}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error ?? (tooLong ? `At most ${max} characters.` : undefined)}
      />
      <Text size="xs" c={tooLong ? 'red' : 'dimmed'} ta="right" aria-live="polite" data-testid={counterTestId}>
        {length} / {max}
      </Text>
    </Stack>
  );
}
