import { Text, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { BIO_MAX_LENGTH } from '#contracts/profile';
import { BIO_TOO_LONG } from '../lib/text-limit.ts';

/** What the field uses of a Mantine form whose values hold a `bio`. */
interface BioForm {
  getValues: () => { bio: string };
  key: (path: 'bio') => string;
  getInputProps: (path: 'bio') => GetInputPropsReturnType;
}

/**
 * The Bio of a profile form (profile setup and settings): a growing text area with its live
 * "n/500" counter under it, red with the server's words once the text is over the limit (spec §5).
 */
export function BioField({ form, required = false }: { form: BioForm; required?: boolean }) {
  const { bio } = form.getValues();
  const inputProps = form.getInputProps('bio');
  return (
    <Textarea
      label="Bio"
      required={required}
      autosize
      minRows={3}
      description={
        <Text component="span" size="xs" c={bio.length > BIO_MAX_LENGTH ? 'red' : 'dimmed'} aria-live="polite">{`${bio.length}/${BIO_MAX_LENGTH}`}</Text>
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      key={form.key('bio')}
      {...inputProps}
      error={bio.length > BIO_MAX_LENGTH ? BIO_TOO_LONG : inputProps.error}
    />
  );
}
