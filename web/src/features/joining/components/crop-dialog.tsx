import { Alert, Box, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { cropToJpeg } from '../picture/crop-image.ts';
import { type Crop, displayScale, type ImageSize, initialCrop, maxCropSize, minCropSize, moveCrop, resizeCrop } from '../picture/crop-math.ts';

const BOX = 320;
/** The round preview beside the slider: the picture as avatars will show it. */
const PREVIEW = 72;
const KEY_STEP = 10;

interface CropDialogProps {
  /** The chosen file; null keeps the dialog closed. */
  file: File | null;
  onCancel: () => void;
  onCropped: (picture: Blob) => void;
}

/**
 * A square crop of the chosen picture (stored square), shown round as every avatar shows it: the
 * crop window is a circle and a small round preview shows the result. Drag (or arrow keys) to move,
 * slider to resize.
 */
export function CropDialog({ file, onCancel, onCropped }: CropDialogProps) {
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={file !== null} onClose={onCancel} title="Crop your picture" centered size="auto">
      {file && <CropArea key={`${file.name}-${file.size}-${file.lastModified}`} file={file} onCancel={onCancel} onCropped={onCropped} />}
    </Modal>
  );
}

function CropArea({ file, onCancel, onCropped }: { file: File; onCancel: () => void; onCropped: (picture: Blob) => void }) {
  const [source, setSource] = useState<{ url: string; image: HTMLImageElement; size: ImageSize } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [crop, setCrop] = useState<Crop | null>(null);
  const [busy, setBusy] = useState(false);
  const drag = useRef<{ pointerId: number; lastX: number; lastY: number } | null>(null);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      const size = { width: image.naturalWidth, height: image.naturalHeight };
      setSource({ url, image, size });
      setCrop(initialCrop(size));
    };
    image.onerror = () => setFailed('This file could not be read as an image. Please choose another picture.');
    image.src = url;
    return () => {
      // Detach first: revoking makes a load still under way fail, which is no failure of the file.
      image.onload = null;
      image.onerror = null;
      URL.revokeObjectURL(url);
    };
  }, [file]);

  if (failed) {
    return (
      <Stack>
        <Alert color="red" role="alert">
          {failed}
        </Alert>
        <Button variant="default" onClick={onCancel}>
          Close
        </Button>
      </Stack>
    );
  }
  if (!source || !crop) return <Text size="sm">Loading the picture…</Text>;

  const { size } = source;
  const scale = displayScale(size, BOX);
  const width = size.width * scale;
  const height = size.height * scale;

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, lastX: event.clientX, lastY: event.clientY };
  };
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = (event.clientX - current.lastX) / scale;
    const dy = (event.clientY - current.lastY) / scale;
    current.lastX = event.clientX;
    current.lastY = event.clientY;
    setCrop((previous) => (previous ? moveCrop(previous, dx, dy, size) : previous));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setCrop((previous) => (previous ? moveCrop(previous, move[0] / scale, move[1] / scale, size) : previous));
  };

  const apply = async () => {
    setBusy(true);
    try {
      onCropped(await cropToJpeg(source.image, crop));
    } catch (error) {
      setFailed(error instanceof Error ? error.message : 'The picture could not be cropped.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" w={BOX}>
      <Box pos="relative" w={width} h={height} mx="auto" style={{ overflow: 'hidden', touchAction: 'none', userSelect: 'none' }}>
        <img src={source.url} alt="The picture you chose" width={width} height={height} draggable={false} style={{ display: 'block' }} />
        <div
          role="group"
          tabIndex={0}
          aria-roledescription="crop area"
          aria-label={`Crop area, ${crop.size} by ${crop.size} pixels: drag or use the arrow keys to move it`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onKeyDown={onKeyDown}
          style={{
            position: 'absolute',
            left: crop.x * scale,
            top: crop.y * scale,
            width: crop.size * scale,
            height: crop.size * scale,
            border: '2px solid #fff',
            borderRadius: '50%',
            boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.5)',
            cursor: 'move',
            boxSizing: 'border-box',
          }}
        />
      </Box>
      <Group gap="md" wrap="nowrap" align="center">
        <div
          role="img"
          aria-label="Preview of your round profile picture"
          data-testid="crop-preview"
          style={{
            flex: 'none',
            width: PREVIEW,
            height: PREVIEW,
            borderRadius: '50%',
            backgroundImage: `url(${source.url})`,
            backgroundRepeat: 'no-repeat',
            backgroundSize: `${size.width * (PREVIEW / crop.size)}px ${size.height * (PREVIEW / crop.size)}px`,
            backgroundPosition: `${-crop.x * (PREVIEW / crop.size)}px ${-crop.y * (PREVIEW / crop.size)}px`,
          }}
        />
        <div style={{ flex: 1 }}>
          <Text size="sm" aria-hidden>
            Crop size
          </Text>
          <Slider
            // The name belongs on the thumb (role="slider"), not on the slider's wrapper.
            thumbLabel="Crop size"
            thumbValueText={(value) => `${value} pixels`}
            min={minCropSize(size)}
            max={maxCropSize(size)}
            value={crop.size}
            onChange={(value) => setCrop((previous) => (previous ? resizeCrop(previous, value, size) : previous))}
            label={(value) => `${value}px`}
            disabled={minCropSize(size) === maxCropSize(size)}
          />
        </div>
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => void apply()} loading={busy}>
          Use this picture
        </Button>
      </Group>
    </Stack>
  );
}
