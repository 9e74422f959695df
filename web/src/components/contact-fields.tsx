import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { formatPhone, PHONE_MAX_LENGTH } from '#contracts/phone';

type ContactPath = 'contactInfo.phoneNumber' | 'contactInfo.personalEmail';

/** What these fields use of a Mantine form whose values hold `contactInfo` with a phone number and a personal email. */
interface ContactForm {
  key: (path: ContactPath) => string;
  getInputProps: (path: ContactPath) => GetInputPropsReturnType;
  setFieldValue: (path: ContactPath, value: string) => void;
}

/**
 * The Phone Number and Personal Email inputs of a profile form (no layout: the caller places them in
 * its grid). The phone number is formatted as it is typed.
 */
export function ContactFields({ form, required }: { form: ContactForm; required?: boolean }) {
  return (
    <>
      <TextInput
        label="Phone Number"
        type="tel"
        required={required}
        placeholder="555-123-4567"
        maxLength={PHONE_MAX_LENGTH}
        autoComplete="tel-national"
        key={form.key('contactInfo.phoneNumber')}
        {...form.getInputProps('contactInfo.phoneNumber')}
        onChange={(event) => form.setFieldValue('contactInfo.phoneNumber', formatPhone(event.currentTarget.value))}
      />
      <TextInput
        label="Personal Email"
        type="email"
        required={required}
        autoComplete="email"
        key={form.key('contactInfo.personalEmail')}
        {...form.getInputProps('contactInfo.personalEmail')}
      />
    </>
  );
}
