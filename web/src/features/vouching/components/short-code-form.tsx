import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { VOUCH_SHORT_CODE_ALPHABET, VOUCH_SHORT_CODE_LENGTH } from '#contracts/vouching';
import { VOUCHING_WORDS } from '../words.ts';

const SHORT_CODE = new RegExp(`^[${VOUCH_SHORT_CODE_ALPHABET}]{${VOUCH_SHORT_CODE_LENGTH}}$`);

/** The typed fallback: the six characters under the member's QR code, for where no camera works. */
export function ShortCodeForm({ onCode }: { onCode: (code: string) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim().toUpperCase();
    if (!SHORT_CODE.test(typed)) {
      setError(`Type the ${VOUCH_SHORT_CODE_LENGTH} characters shown under their QR code.`);
      return;
    }
    onCode(typed);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={VOUCHING_WORDS.codeLabel}
          description="Letters and digits, as shown under their QR code"
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value.toUpperCase());
            setError(null);
          }}
          error={error}
          maxLength={VOUCH_SHORT_CODE_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          data-autofocus
          autoFocus
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 24, letterSpacing: '0.2em', width: '9em' } }}
        />
        <Button type="submit">{VOUCHING_WORDS.checkCode}</Button>
      </Group>
    </form>
  );
}
