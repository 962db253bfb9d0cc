import { Camera, CameraOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
declare global {
  interface Window {
    BarcodeDetector?: new (options: { formats: string[] }) => Detector;
  }
}

/**
 * jsQR, for browsers without a BarcodeDetector (Safari, Firefox, Chrome on a computer): a chunk of
 * its own, loaded when the camera starts, or ahead of time by a page that must scan offline.
 */
export function loadQrReader() {
  return import('jsqr').then((module) => module.default);
}

/**
 * Reads QR codes with the phone's camera (docs/product.md#tickets): the browser's BarcodeDetector
 * where it has one, else jsQR on the video frames (loaded only then). Calls `onCode` once per code
 * until the same code has been out of sight for two seconds.
 */
export function QrScanner({ onCode }: { onCode: (value: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    if (!running) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let last = { value: '', at: 0 };
    const canvas = document.createElement('canvas');

    async function start() {
      const native = window.BarcodeDetector ? new window.BarcodeDetector({ formats: ['qr_code'] }) : null;
      let jsQR: Awaited<ReturnType<typeof loadQrReader>> | null = null;
      if (!native) {
        try {
          jsQR = await loadQrReader();
        } catch {
          // Offline, and the reader was never kept on this phone (the check-in page keeps it: ADR 018).
          setProblem('The scanner could not be loaded without the network. Type the ticket’s code below.');
          setRunning(false);
          return;
        }
      }
      if (stopped) return;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        setProblem('The camera could not be opened. Allow the camera for this site, or type the code below.');
        setRunning(false);
        return;
      }
      if (stopped) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      const element = video.current!;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const tick = async () => {
        if (stopped) return;
        let value: string | null = null;
        if (element.readyState >= 2) {
          if (native) {
            value = (await native.detect(element).catch(() => []))[0]?.rawValue ?? null;
          } else if (jsQR) {
            canvas.width = element.videoWidth;
            canvas.height = element.videoHeight;
            const context = canvas.getContext('2d', { willReadFrequently: true })!;
            context.drawImage(element, 0, 0);
            const frame = context.getImageData(0, 0, canvas.width, canvas.height);
            value = jsQR(frame.data, frame.width, frame.height)?.data ?? null;
          }
        }
        const now = Date.now();
        if (value && (value !== last.value || now - last.at > 2000)) latest.current(value);
        if (value) last = { value, at: now };
        window.setTimeout(tick, 250);
      };
      void tick();
    }
    void start();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [running]);

  return (
    <div className="grid gap-3">
      {running ? <video ref={video} className="aspect-square w-full max-w-sm rounded-xl bg-navy-950 object-cover" muted playsInline aria-label="Camera" /> : null}
      <div>
        <Button
          type="button"
          variant={running ? 'outline' : 'default'}
          onClick={() => {
            setProblem(null);
            setRunning((value) => !value);
          }}
        >
          {running ? <CameraOff aria-hidden /> : <Camera aria-hidden />}
          {running ? 'Stop the camera' : 'Scan with the camera'}
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
