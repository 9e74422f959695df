import { Button, Divider, Group, NumberInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { GRADUATION_YEAR_MIN, latestGraduationYear, SETTINGS_MESSAGES } from '#contracts/settings';
import type { User } from '#contracts/user';
import { BioField } from '../../../components/bio-field.tsx';
import { CityStateFields } from '../../../components/city-state-fields.tsx';
import { ContactFields } from '../../../components/contact-fields.tsx';
import { useUpdateProfile } from '../api/settings-mutations.ts';
import { initialSettingsValues, settingsProfileErrors, updateProfileInput, type SettingsProfileValues } from '../settings-form.ts';
import { PhotosGallery } from './photos-gallery.tsx';
import { PictureSection } from './picture-section.tsx';
import { SaveStatus } from './save-status.tsx';

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
            <TextInput
              label="Birthday"
              type="date"
              max={new Date().toISOString().slice(0, 10)}
              key={form.key('birthday')}
              {...form.getInputProps('birthday')}
            />
            <NumberInput
              label="Graduation year"
              allowDecimal={false}
              allowNegative={false}
              // Never clamp: 1850 stays on screen and the form says why it is refused.
              clampBehavior="none"
              min={GRADUATION_YEAR_MIN}
              max={latestGraduationYear()}
              key={form.key('graduationYear')}
              {...form.getInputProps('graduationYear')}
              onChange={(value) => form.setFieldValue('graduationYear', typeof value === 'number' ? value : value === '' ? '' : Number(value))}
            />
            <TextInput label="Major" key={form.key('major')} {...form.getInputProps('major')} />
          </SimpleGrid>
          <BioField form={form} />

          <Title order={2} size="h4">
            Location
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <CityStateFields form={form} />
          </SimpleGrid>

          <Title order={2} size="h4">
            Contact info
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ContactFields form={form} />
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
