import { Alert, Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PICTURE_FILE_ACCEPT } from '#contracts/profile';
import { SETTINGS_PICTURE_HINT } from '#contracts/settings';
import type { User } from '#contracts/user';
import { useUploadSettingsPicture } from '../api/settings-mutations.ts';
import { settingsPictureError } from '../settings-form.ts';
import { uploadFailureMessage } from './save-status.tsx';

/** A plain picker (no crop): the server checks the file's real type and size (up to 10 MB). */
export function PictureSection({ me }: { me: User }) {
  const upload = useUploadSettingsPicture();
  const [fileError, setFileError] = useState<string | null>(null);

  const onFile = (file: File | null) => {
    if (!file) return;
    const problem = settingsPictureError(file);
    setFileError(problem);
    if (!problem) upload.mutate(file);
  };

  const error = fileError ?? (upload.isError ? uploadFailureMessage(upload.error) : null);
  return (
    <Stack gap="xs">
      <Text fw={600}>Profile picture</Text>
      <Group>
        <Avatar src={me.profilePicture || null} size={80} radius={80} alt={me.profilePicture ? 'Your profile picture' : ''}>
          {me.displayName.charAt(0).toUpperCase()}
        </Avatar>
        <Stack gap={4}>
          <FileButton onChange={onFile} accept={PICTURE_FILE_ACCEPT} inputProps={{ 'aria-label': 'Profile picture file' }}>
            {(props) => (
              <Button {...props} variant="light" loading={upload.isPending} data-testid="settings-picture-button">
                Change picture
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {SETTINGS_PICTURE_HINT}
          </Text>
        </Stack>
      </Group>
      {upload.isSuccess && !error && (
        <Text size="sm" c="green" role="status">
          Picture updated.
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert" title="Your picture was not uploaded">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
