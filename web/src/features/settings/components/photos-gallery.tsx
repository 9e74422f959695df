import { Alert, Button, CloseButton, FileButton, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PICTURE_FILE_ACCEPT } from '#contracts/profile';
import { MAX_PHOTOS } from '#contracts/settings';
import type { User } from '#contracts/user';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { useAddPhoto, useDeletePhoto } from '../api/settings-mutations.ts';
import { canAddPhoto, photoFileError } from '../settings-form.ts';
import { uploadFailureMessage } from './save-status.tsx';

/**
 * The gallery "n/10": add (ignored at 10; the server's write refuses past 10 anyway) and delete,
 * behind a confirmation. Each new action clears the last one's error: only the latest outcome shows.
 */
export function PhotosGallery({ me }: { me: User }) {
  const add = useAddPhoto(me.uid);
  const remove = useDeletePhoto(me.uid);
  const [fileError, setFileError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; label: string } | null>(null);
  const count = me.photos.length;

  const onFile = (file: File | null) => {
    if (!file || !canAddPhoto(count)) return;
    remove.reset();
    const problem = photoFileError(file);
    setFileError(problem);
    if (!problem) add.mutate(file);
  };

  const error = fileError ?? (add.isError ? uploadFailureMessage(add.error) : null);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>
          Photos{' '}
          <Text span c="dimmed" data-testid="photo-count">
            {count}/{MAX_PHOTOS}
          </Text>
        </Text>
        <FileButton onChange={onFile} accept={PICTURE_FILE_ACCEPT} disabled={!canAddPhoto(count)} inputProps={{ 'aria-label': 'Photo file' }}>
          {(props) => (
            <Button {...props} size="xs" variant="light" loading={add.isPending} data-testid="add-photo-button">
              Add photo
            </Button>
          )}
        </FileButton>
      </Group>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          No photos yet. Add up to {MAX_PHOTOS} (JPG, PNG up to 10MB).
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {me.photos.map((photo, index) => (
            <div key={photo.id ?? photo.url} style={{ position: 'relative' }} data-testid="gallery-photo">
              <Image src={photo.url} alt={`Photo ${index + 1}`} radius="sm" h={120} fit="cover" />
              <CloseButton
                aria-label={`Delete photo ${index + 1}`}
                disabled={remove.isPending}
                onClick={() => setDeleting({ id: photo.id ?? photo.url, label: `Photo ${index + 1}` })}
                style={{ position: 'absolute', top: 4, right: 4, background: 'var(--mantine-color-body)' }}
              />
            </div>
          ))}
        </SimpleGrid>
      )}
      {error && (
        <Alert color="red" role="alert" title="Your photo was not added">
          {error}
        </Alert>
      )}
      {remove.isError && (
        <Alert color="red" role="alert" title="The photo was not deleted">
          {uploadFailureMessage(remove.error)}
        </Alert>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete photo"
        message={`Delete ${deleting?.label ?? 'this photo'} from your gallery? This cannot be undone.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          setFileError(null);
          add.reset();
          remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      />
    </Stack>
  );
}
