import { Avatar, Box, Group, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { PICTURE_FILE_ACCEPT, PICTURE_HINT } from '#contracts/profile';

interface PictureDropZoneProps {
  /** The current picture (a short-lived URL) or a local preview; empty for none. */
  pictureUrl: string;
  /** 0..1 while uploading. */
  progress: number | null;
  error: string | null;
  onFile: (file: File) => void;
}

/** Drag and drop, or click to choose (keyboard too): one image file at a time. */
export function PictureDropZone({ pictureUrl, progress, error, onFile }: PictureDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const errorId = useId();

  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (file) onFile(file);
    if (input.current) input.current.value = '';
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Profile picture{' '}
        <Text span c="red" aria-hidden="true">
          *
        </Text>
      </Text>
      <UnstyledButton
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          pick(event.dataTransfer.files);
        }}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        data-testid="picture-drop-zone"
        style={{
          border: `2px dashed ${over ? 'var(--mantine-primary-color-filled)' : error ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-gray-4)'}`,
          borderRadius: 'var(--mantine-radius-md)',
          padding: 'var(--mantine-spacing-md)',
          background: over ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        <Group wrap="nowrap">
          <Avatar src={pictureUrl || null} size={80} radius={80} alt={pictureUrl ? 'Your profile picture' : ''} />
          <Box>
            <Text fw={500}>{pictureUrl ? 'Change your picture' : 'Drag a picture here or click to choose one'}</Text>
            <Text size="sm" c="dimmed" id={hintId}>
              {PICTURE_HINT}
            </Text>
          </Box>
        </Group>
      </UnstyledButton>
      <input
        ref={input}
        type="file"
        accept={PICTURE_FILE_ACCEPT}
        hidden
        aria-label="Profile picture file"
        onChange={(event) => pick(event.currentTarget.files)}
      />
      {progress !== null && <Progress value={Math.round(progress * 100)} aria-label="Upload progress" size="sm" animated={progress < 1} />}
      {error && (
        <Text size="sm" c="red" role="alert" id={errorId}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
