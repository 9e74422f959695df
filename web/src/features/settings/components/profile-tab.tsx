import { Autocomplete, Button, Divider, Group, NumberInput, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { normalizeCity, normalizeState, US_STATES } from '#contracts/location';
import { formatPhone, PHONE_MAX_LENGTH } from '#contracts/phone';
import { BIO_MAX_LENGTH } from '#contracts/profile';
import { GRADUATION_YEAR_MIN, latestGraduationYear, SETTINGS_MESSAGES } from '#contracts/settings';
import type { User } from '#contracts/user';
import { useUpdateProfile } from '../api/settings-mutations.ts';
import { useCitySuggestions } from '../api/suggest-cities.ts';
import { initialSettingsValues, settingsProfileErrors, updateProfileInput, type SettingsProfileValues } from '../settings-form.ts';
import { PhotosGallery } from './photos-gallery.tsx';
import { PictureSection } from './picture-section.tsx';
import { SaveStatus } from './save-status.tsx';

const STATE_NAMES = US_STATES.map((state) => state.name);

export function ProfileTab({ me }: { me: User }) {
  const save = useUpdateProfile();
  const [status, setStatus] = useState<'saved' | 'failed' | null>(null);
  const form = useForm<SettingsProfileValues>({
    mode: 'controlled',
    initialValues: initialSettingsValues(me),
    validate: settingsProfileErrors,
    validateInputOnBlur: true,
    onValuesChange: () => setStatus(null),
  });
  const values = form.getValues();
  const [cityQuery] = useDebouncedValue(values.location.city, 250);
  const cities = useCitySuggestions(cityQuery, normalizeState(values.location.state) ?? undefined);
  const cityOptions = Array.from(new Set((cities.data?.cities ?? []).map((suggestion) => `${suggestion.city}, ${suggestion.state}`)));

  const onCitySubmit = (option: string) => {
    const [city = '', state = ''] = option.split(', ');
    form.setFieldValue('location.city', city);
    const fullState = normalizeState(state);
    if (fullState) form.setFieldValue('location.state', fullState);
  };

  const submit = form.onSubmit(
    (submitted) => {
      save.mutate(updateProfileInput(submitted), {
        onSuccess: (user) => {
          form.setValues(initialSettingsValues(user));
          form.resetDirty(initialSettingsValues(user));
          setStatus('saved');
        },
        onError: () => setStatus('failed'),
      });
    },
    () => setStatus(null),
  );

  return (
    <Stack gap="lg">
      <PictureSection me={me} />
      <Divider />
      <form onSubmit={submit} noValidate aria-label="Profile settings">
        <Stack gap="md">
          <Title order={2} size="h4">
            Basic info
          </Title>
          <TextInput label="Display name" autoComplete="name" required key={form.key('displayName')} {...form.getInputProps('displayName')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Birthday" type="date" max={new Date().toISOString().slice(0, 10)} key={form.key('birthday')} {...form.getInputProps('birthday')} />
            <NumberInput
              label="Graduation year"
              allowDecimal={false}
              allowNegative={false}
              min={GRADUATION_YEAR_MIN}
              max={latestGraduationYear()}
              key={form.key('graduationYear')}
              {...form.getInputProps('graduationYear')}
              onChange={(value) => form.setFieldValue('graduationYear', typeof value === 'number' ? value : value === '' ? '' : Number(value))}
            />
            <TextInput label="Major" key={form.key('major')} {...form.getInputProps('major')} />
          </SimpleGrid>
          <Textarea
            label="Bio"
            autosize
            minRows={3}
            maxLength={BIO_MAX_LENGTH}
            description={<span aria-live="polite">{`${values.bio.length}/${BIO_MAX_LENGTH}`}</span>}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            key={form.key('bio')}
            {...form.getInputProps('bio')}
          />

          <Title order={2} size="h4">
            Location
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Autocomplete
              label="City"
              required
              autoComplete="address-level2"
              data={cityOptions}
              filter={({ options }) => options}
              onOptionSubmit={onCitySubmit}
              key={form.key('location.city')}
              {...form.getInputProps('location.city')}
              onBlur={(event) => {
                form.setFieldValue('location.city', normalizeCity(event.currentTarget.value));
                form.validateField('location.city');
              }}
            />
            <Autocomplete
              label="State"
              required
              autoComplete="address-level1"
              data={STATE_NAMES}
              limit={10}
              key={form.key('location.state')}
              {...form.getInputProps('location.state')}
              onBlur={(event) => {
                const full = normalizeState(event.currentTarget.value);
                if (full) form.setFieldValue('location.state', full);
                form.validateField('location.state');
              }}
            />
          </SimpleGrid>

          <Title order={2} size="h4">
            Contact info
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Phone Number"
              type="tel"
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
              autoComplete="email"
              key={form.key('contactInfo.personalEmail')}
              {...form.getInputProps('contactInfo.personalEmail')}
            />
          </SimpleGrid>

          <SaveStatus status={status} savedMessage={SETTINGS_MESSAGES.profileSaved} failedMessage={SETTINGS_MESSAGES.profileFailed} error={save.error} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save Profile
            </Button>
          </Group>
        </Stack>
      </form>
      <Divider />
      <PhotosGallery me={me} />
    </Stack>
  );
}
