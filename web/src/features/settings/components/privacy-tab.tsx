import { Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { CONTACT_VISIBILITY_OPTIONS, VISIBILITY_OPTIONS } from '#contracts/profile';
import { PRIVACY_SELECTS, SETTINGS_MESSAGES, type PrivacySettings } from '#contracts/settings';
import type { User } from '#contracts/user';
import { useUpdatePrivacy } from '../api/settings-mutations.ts';
import { initialPrivacy } from '../settings-form.ts';
import { BlockedMutedLists } from './blocked-muted-lists.tsx';
import { SaveStatus } from './save-status.tsx';

const OPTIONS = { threeWay: [...VISIBILITY_OPTIONS], twoWay: [...CONTACT_VISIBILITY_OPTIONS] };

export function PrivacyTab({ me }: { me: User }) {
  const save = useUpdatePrivacy();
  const [status, setStatus] = useState<'saved' | 'failed' | null>(null);
  const form = useForm<PrivacySettings>({ mode: 'controlled', initialValues: initialPrivacy(me), onValuesChange: () => setStatus(null) });

  const submit = form.onSubmit((privacy) =>
    save.mutate(privacy, {
      onSuccess: () => setStatus('saved'),
      onError: () => setStatus('failed'),
    }),
  );

  return (
    <Stack gap="xl">
      <form onSubmit={submit} noValidate aria-label="Privacy settings">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Anchors Only means your accepted anchors. Your phone number and personal email show only where both the contact setting and their own setting allow
            it, and never to everyone.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {PRIVACY_SELECTS.map((select) => (
              <Select
                key={form.key(select.field)}
                label={select.label}
                data={OPTIONS[select.options]}
                allowDeselect={false}
                {...form.getInputProps(select.field)}
              />
            ))}
          </SimpleGrid>
          <SaveStatus status={status} savedMessage={SETTINGS_MESSAGES.privacySaved} failedMessage={SETTINGS_MESSAGES.privacyFailed} error={save.error} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save Privacy Settings
            </Button>
          </Group>
        </Stack>
      </form>
      <BlockedMutedLists />
    </Stack>
  );
}
