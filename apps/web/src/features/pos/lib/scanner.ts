import type { CameraDevice, Html5Qrcode } from 'html5-qrcode';
import { translate } from '@/lib/i18n';
import { posMessages } from '../messages';

/** Scanner constants: 10 frames per second, 250×250 scan box, start after 100 ms. */
export const SCANNER_FPS = 10;
export const SCANNER_QR_BOX = 250;
export const SCANNER_START_DELAY_MS = 100;
/** Zoom slider range (1 to 5, step 0.1), narrowed to what the camera supports. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 5;
export const ZOOM_STEP = 0.1;

/**
 * The header warning 'No cameras found', in the current language: the scanner compares a failure's
 * warning with it to ask for the camera list again next time.
 */
export function noCamerasMessage(): string {
  return translate(posMessages, 'scannerNoCameras');
}

const SAVED_CAMERA_KEY = 'pos.scanner.cameraId';

/** The html5-qrcode module. */
export type ScannerLib = typeof import('html5-qrcode');
let scannerLib: Promise<ScannerLib> | null = null;

/**
 * html5-qrcode (≈ 350 kB) is loaded on first use only, so the POS's first paint does not pay for
 * it. A failed load (flaky network) is forgotten, so the next attempt tries again.
 */
export function loadScannerLib(): Promise<ScannerLib> {
  scannerLib ??= import('html5-qrcode').catch((error: unknown) => {
    scannerLib = null;
    throw error;
  });
  return scannerLib;
}

/**
 * The warning for a camera failure. html5-qrcode rejects with DOMExceptions (getCameras) or with
 * strings wrapping them ('Error getting userMedia, error = NotAllowedError: …'), so both the
 * error name and the text are matched.
 */
export function cameraErrorMessage(error: unknown): string {
  const text = error instanceof Error || error instanceof DOMException ? `${error.name}: ${error.message}` : String(error);
  if (/NotAllowedError|PermissionDenied|Permission denied|SecurityError/i.test(text)) return translate(posMessages, 'scannerPermissionDenied');
  if (/NotFoundError|DevicesNotFound|OverconstrainedError|Requested device not found/i.test(text)) return noCamerasMessage();
  if (/NotReadableError|TrackStartError|Could not start video source/i.test(text)) return translate(posMessages, 'scannerInUse');
  if (!window.isSecureContext || /secure context|https/i.test(text)) return translate(posMessages, 'scannerNeedsHttps');
  return translate(posMessages, 'scannerFailed');
}

/** The camera to use: the wanted one if still present, else a back camera, else the first. */
export function pickCamera(cameras: readonly CameraDevice[], wanted: string | null): string {
  if (wanted && cameras.some((c) => c.id === wanted)) return wanted;
  const back = cameras.find((c) => /back|rear|environment/i.test(c.label));
  return (back ?? cameras[0]).id;
}

/** The camera chosen on an earlier visit (localStorage), or null. */
export function readSavedCamera(): string | null {
  try {
    return window.localStorage.getItem(SAVED_CAMERA_KEY);
  } catch {
    return null;
  }
}

/** Remembers the chosen camera for the next visit (localStorage; private mode: this visit only). */
export function saveCamera(id: string): void {
  try {
    window.localStorage.setItem(SAVED_CAMERA_KEY, id);
  } catch {
    /* private mode: the choice lasts for this visit only */
  }
}

/** Resolves after `ms` milliseconds. */
export const delay = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/** Stops a scanner (if running) and clears its element; never throws. */
export async function release(scanner: Html5Qrcode | null): Promise<void> {
  if (!scanner) return;
  try {
    await scanner.stop(); // throws synchronously when not running: caught below
  } catch {
    /* not running */
  }
  try {
    scanner.clear();
  } catch {
    /* element already gone */
  }
}
