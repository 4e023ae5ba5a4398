import { CameraIcon, CameraOffIcon } from '@/components/icons';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

/** The browser's own QR reader, where it has one (Chrome on Android, macOS, ChromeOS). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

type Decode = (video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>;

/** A QR decoder for this browser: its BarcodeDetector, or jsQR (loaded only now) on the video's frames. */
async function qrDecoder(): Promise<Decode> {
  const Native = (window as unknown as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return async (video, canvas) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (!width || !height) return null;
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(video, 0, 0, width, height);
    return jsQR(context.getImageData(0, 0, width, height).data, width, height)?.data ?? null;
  };
}

const SCAN_EVERY_MS = 250;
/** The same code in front of the camera is read once, not four times a second. */
const SAME_CODE_PAUSE_MS = 3000;

/** The phone's camera, reading QR codes until stopped; `onCode` gets each code read. */
export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'off' | 'starting' | 'on'>('off');
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  });
  const active = state !== 'off';

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const lastRead = { code: '', at: 0 };

    async function start() {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        const element = video.current;
        if (stopped || !element) return;
        element.srcObject = stream;
        await element.play();
        const decode = await qrDecoder();
        setState('on');
        const scan = async () => {
          if (stopped || !video.current || !canvas.current) return;
          const code = await decode(video.current, canvas.current).catch(() => null);
          const now = Date.now();
          if (code && (code !== lastRead.code || now - lastRead.at > SAME_CODE_PAUSE_MS)) {
            lastRead.code = code;
            lastRead.at = now;
            latest.current(code);
          }
          timer = setTimeout(() => void scan(), SCAN_EVERY_MS);
        };
        void scan();
      } catch (error) {
        setProblem(
          error instanceof DOMException && error.name === 'NotAllowedError'
            ? 'The camera was not allowed. Allow it in the browser, or type the codes below.'
            : 'No camera could be started on this device. Type the codes below.',
        );
        setState('off');
      }
    }
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [active]);

  return (
    <div className="space-y-3">
      <div className="overflow-hidden rounded-lg bg-night" hidden={state === 'off'}>
        <video ref={video} muted playsInline className="aspect-video w-full object-cover" aria-label="Camera view" />
      </div>
      <canvas ref={canvas} hidden />
      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      {state === 'off' ? (
        <Button
          size="lg"
          variant="secondary"
          onClick={() => {
            setProblem(null);
            setState('starting');
          }}
        >
          <CameraIcon aria-hidden="true" /> Scan with the camera
        </Button>
      ) : (
        <Button size="lg" variant="outline" onClick={() => setState('off')}>
          <CameraOffIcon aria-hidden="true" /> {state === 'starting' ? 'Starting the camera…' : 'Stop the camera'}
        </Button>
      )}
    </div>
  );
}
