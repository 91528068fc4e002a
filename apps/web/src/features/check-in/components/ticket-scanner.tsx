import { ticketTokenIn } from '@jesus-walks/contracts/check-in';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

interface DetectedCode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedCode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** The browser's own QR reader where it has one (Chrome on Android, Safari 17+ behind none). */
async function browserDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (
    globalThis as {
      BarcodeDetector?: BarcodeDetectorClass & { getSupportedFormats?: () => Promise<string[]> };
    }
  ).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** jsQR on a frame: loaded only when the browser has no BarcodeDetector (a chunk of its own). */
async function frameDecoder(): Promise<(canvas: HTMLCanvasElement) => string | null> {
  const { default: jsQR } = await import('jsqr');
  return (canvas) => {
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/**
 * The camera, reading tickets' QR codes (decision 040): a token read is handed to `onTicket`; a
 * QR code that is not one of our tickets says so. Lazy-loaded by the check-in page.
 */
export function TicketScanner({
  onTicket,
  onClose,
}: {
  onTicket: (token: string) => void;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [message, setMessage] = useState('Starting the camera…');

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let last = '';
    async function run() {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch {
        setMessage('The camera is not available. Check in by name instead.');
        return;
      }
      const element = video.current;
      if (!element || stopped) return;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const detector = await browserDetector();
      const decode = detector ? null : await frameDecoder();
      const canvas = document.createElement('canvas');
      setMessage('Point the camera at the ticket’s QR code.');
      while (!stopped) {
        let text: string | null = null;
        if (element.videoWidth > 0) {
          if (detector) {
            text = (await detector.detect(element).catch(() => []))[0]?.rawValue ?? null;
          } else if (decode) {
            canvas.width = element.videoWidth;
            canvas.height = element.videoHeight;
            canvas.getContext('2d')?.drawImage(element, 0, 0);
            text = decode(canvas);
          }
        }
        if (text && text !== last) {
          last = text;
          const token = ticketTokenIn(text);
          if (token) onTicket(token);
          else setMessage('That QR code is not a Jesus Walks ticket.');
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    void run();
    return () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onTicket]);

  return (
    <div className="space-y-3 rounded-lg border bg-card p-3">
      <video
        ref={video}
        className="aspect-square w-full rounded-md bg-black object-cover"
        playsInline
        muted
      />
      <p role="status" className="text-sm text-muted-foreground">
        {message}
      </p>
      <Button type="button" variant="outline" className="h-12 w-full" onClick={onClose}>
        Close the camera
      </Button>
    </div>
  );
}
