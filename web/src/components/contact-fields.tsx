import { TextInput } from '@mantine/core';
import { useState } from 'react';
import type { GetInputPropsReturnType } from '@mantine/form';
import { formatPhone, isValidPhone, PHONE_FORMAT_HINT, PHONE_MAX_LENGTH } from '#contracts/phone';

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
  // Spec §5: leaving a phone number that is not ddd-ddd-dddd says so at once, in the short wording;
  // typing again clears it. The form's own sentence shows when there is no hint.
  const [phoneHint, setPhoneHint] = useState<string | null>(null);
  const phoneProps = form.getInputProps('contactInfo.phoneNumber');
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
        {...phoneProps}
        error={phoneHint ?? phoneProps.error}
        onChange={(event) => {
          setPhoneHint(null);
          form.setFieldValue('contactInfo.phoneNumber', formatPhone(event.currentTarget.value));
        }}
        onBlur={(event) => {
          const value = event.currentTarget.value;
          setPhoneHint(value !== '' && !isValidPhone(value) ? PHONE_FORMAT_HINT : null);
          (phoneProps.onBlur as ((event: React.FocusEvent<HTMLInputElement>) => void) | undefined)?.(event);
        }}
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
