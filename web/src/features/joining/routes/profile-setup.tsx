import { Alert, Button, Card, Container, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CONTACT_VISIBILITY_OPTIONS, profileSetupSchema, VISIBILITY_OPTIONS } from '#contracts/profile';
import type { User } from '#contracts/user';
import { BioField } from '../../../components/bio-field.tsx';
import { CityStateFields } from '../../../components/city-state-fields.tsx';
import { ContactFields } from '../../../components/contact-fields.tsx';
import { JoinProgress } from '../../../components/join-progress.tsx';
import { PageError } from '../../../components/page-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useMe } from '../../../lib/session.ts';
import { InviteRefusedError, useCompleteProfile } from '../api/complete-profile.ts';
import { useUploadProfilePicture } from '../api/upload-profile-picture.ts';
import { CropDialog } from '../components/crop-dialog.tsx';
import { PictureDropZone } from '../components/picture-drop-zone.tsx';
import { pictureFileError } from '../picture/picture-file.ts';
import { canCompleteProfile, completeProfileInput, initialProfileValues, type ProfileFormValues } from '../profile-form.ts';
import { profileSaveErrorMessage } from '../save-messages.ts';
import { paths } from '../../../lib/paths.ts';

export default function ProfileSetupRoute() {
  const me = useMe();
  if (me.isPending) return <PageLoader label="Loading your profile" />;
  if (me.isError) return <PageError title="We could not load your profile" error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data) {
    return (
      <Container size={720} py="xl">
        <Title order={1} size="h2" mb="md">
          Complete Your Profile
        </Title>
        <Alert color="red" role="alert" title="Your account record could not be created">
          Please sign out, sign in again, and come back to this page.
        </Alert>
      </Container>
    );
  }
  return <ProfileSetupForm me={me.data} />;
}

function ProfileSetupForm({ me }: { me: User }) {
  const navigate = useNavigate();
  const [cropFile, setCropFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState('');
  const upload = useUploadProfilePicture(setProgress);
  // The local preview of the cropped picture lives until the next one replaces it or the page goes.
  useEffect(() => () => URL.revokeObjectURL(preview), [preview]);
  const save = useCompleteProfile(me);
  const completed = me.profileCompleted;

  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: initialProfileValues(me),
    validate: schemaResolver(profileSetupSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const values = form.getValues();

  const pictureUrl = preview || me.profilePicture;
  const hasPicture = Boolean(me.profilePicture) && !upload.isPending;
  const ready = canCompleteProfile(values, hasPicture);

  const onFile = (file: File) => {
    const problem = pictureFileError(file);
    setFileError(problem);
    if (!problem) setCropFile(file);
  };

  const onCropped = (picture: Blob) => {
    setCropFile(null);
    setPreview(URL.createObjectURL(picture));
    upload.mutate(picture, {
      onError: () => {
        setProgress(null);
        setPreview('');
      },
      onSuccess: () => setProgress(null),
    });
  };

  const submit = form.onSubmit((submitted) => {
    const input = completeProfileInput(submitted);
    if (!input) return;
    save.mutate(input, { onSuccess: () => void navigate(paths.dashboard, { replace: true }) });
  });

  const saveError = save.isError ? (save.error instanceof InviteRefusedError ? save.error.message : profileSaveErrorMessage(save.error)) : null;
  const nextStep = save.isError && save.error instanceof InviteRefusedError ? save.error.nextStep : null;

  return (
    <Container size={720} py="xl">
      {!completed && <JoinProgress current="Complete Profile" />}
      <Card withBorder padding="lg" radius="md">
        <form onSubmit={submit} noValidate aria-labelledby="profile-setup-title">
          <Stack gap="md">
            <Title order={1} size="h2" id="profile-setup-title">
              Complete Your Profile
            </Title>
            <Text size="sm" c="dimmed">
              Help your anchors recognise you. Every field is required; you choose who sees what below.
            </Text>

            <PictureDropZone
              pictureUrl={pictureUrl}
              progress={upload.isPending ? (progress ?? 0) : null}
              error={fileError ?? (upload.isError ? uploadErrorMessage(upload.error) : null)}
              onFile={onFile}
            />

            <TextInput label="Name" autoComplete="name" required key={form.key('displayName')} {...form.getInputProps('displayName')} />
            <BioField form={form} required />
            <TextInput
              label="Birthday"
              type="date"
              required
              max={new Date().toISOString().slice(0, 10)}
              key={form.key('birthday')}
              {...form.getInputProps('birthday')}
            />

            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <CityStateFields form={form} />
              <TextInput label="Country" required autoComplete="country-name" key={form.key('location.country')} {...form.getInputProps('location.country')} />
            </SimpleGrid>

            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <ContactFields form={form} required />
            </SimpleGrid>

            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label="Profile visibility"
                data={[...VISIBILITY_OPTIONS]}
                allowDeselect={false}
                key={form.key('privacy.profileVisibility')}
                {...form.getInputProps('privacy.profileVisibility')}
              />
              <Select
                label="Birthday visibility"
                data={[...VISIBILITY_OPTIONS]}
                allowDeselect={false}
                key={form.key('privacy.birthdayVisibility')}
                {...form.getInputProps('privacy.birthdayVisibility')}
              />
              <Select
                label="Contact visibility"
                data={[...CONTACT_VISIBILITY_OPTIONS]}
                allowDeselect={false}
                key={form.key('privacy.contactVisibility')}
                {...form.getInputProps('privacy.contactVisibility')}
              />
            </SimpleGrid>

            {saveError && (
              <Alert color="red" role="alert" title="Your profile was not saved">
                <Text size="sm">{saveError}</Text>
                {nextStep && (
                  <Text size="sm" mt="xs" data-testid="invite-next-step">
                    {nextStep}
                  </Text>
                )}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" disabled={!ready} loading={save.isPending}>
                Complete Profile
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <CropDialog file={cropFile} onCancel={() => setCropFile(null)} onCropped={onCropped} />
    </Container>
  );
}

function uploadErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  return message || 'The picture could not be uploaded. Please try again.';
}
