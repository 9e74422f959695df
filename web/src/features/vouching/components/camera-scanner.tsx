import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import jsQR from 'jsqr';
import { useEffect, useRef, useState } from 'react';
import { nonceOfVouchLink } from '../vouch-link.ts';
import { VOUCHING_WORDS } from '../words.ts';

/** Frames are read this often: quick enough to feel instant, light enough for an old phone. */
const SCAN_EVERY_MS = 200;
/** Frames are scaled down to this width before decoding: a code held up to a camera needs no more. */
const SCAN_WIDTH = 640;

/** What to tell the member when the camera does not start, from getUserMedia's error. */
function cameraProblemOf(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return VOUCHING_WORDS.cameraRefused;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return VOUCHING_WORDS.noCamera;
  return VOUCHING_WORDS.cameraFailed;
}

/**
 * The camera (the back one on a phone) in a <video>, its frames drawn to a canvas and decoded
 * with jsQR (BarcodeDetector does not exist on desktop Linux Chromium) until one holds a vouch
 * link. The camera stops as soon as a code is read and whenever the scanner leaves the screen.
 */
export function CameraScanner({ onNonce }: { onNonce: (nonce: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<'starting' | 'scanning' | 'failed'>('starting');
  const [problem, setProblem] = useState('');
  const [foreignCode, setForeignCode] = useState(false);
  const latestOnNonce = useRef(onNonce);
  useEffect(() => {
    latestOnNonce.current = onNonce;
  });

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const stop = () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    const scanFrame = () => {
      const video = videoRef.current;
      if (stopped || !video || !context || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) return;
      const scale = Math.min(1, SCAN_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
      const found = jsQR(data, width, height, { inversionAttempts: 'dontInvert' });
      if (!found) return;
      const nonce = nonceOfVouchLink(found.data);
      if (!nonce) {
        setForeignCode(true);
        return;
      }
      stop();
      latestOnNonce.current(nonce);
    };
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No camera API', 'NotFoundError');
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      const video = videoRef.current;
      if (stopped || !video) return stop();
      video.srcObject = stream;
      await video.play();
      if (stopped) return;
      setPhase('scanning');
      timer = setInterval(scanFrame, SCAN_EVERY_MS);
    };
    start().catch((error: unknown) => {
      if (stopped) return;
      stop();
      setProblem(cameraProblemOf(error));
      setPhase('failed');
    });
    return stop;
  }, []);

  if (phase === 'failed') {
    return (
      <Alert color="orange" role="alert" data-testid="camera-problem">
        {problem}
      </Alert>
    );
  }
  return (
    <Stack gap="xs" align="center">
      <div style={{ position: 'relative', width: '100%', maxWidth: 400 }}>
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Camera view: hold their QR code inside it"
          data-testid="camera-view"
          style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 'var(--mantine-radius-md)', background: '#000', display: 'block' }}
        />
        {phase === 'starting' && (
          <Center style={{ position: 'absolute', inset: 0 }}>
            <Loader color="white" aria-label="Starting the camera" />
          </Center>
        )}
      </div>
      <Text size="sm" role="status">
        {foreignCode ? VOUCHING_WORDS.notAVouchCode : phase === 'scanning' ? 'Hold their QR code in front of the camera.' : 'Starting the camera…'}
      </Text>
    </Stack>
  );
}
