import { useEffect, useId, useRef, useState } from 'react';
import type { CameraDevice, Html5Qrcode } from 'html5-qrcode';
import { Camera, CameraOff, Flashlight, FlashlightOff, ScanQrCode, ZoomIn, ZoomOut } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

/** Scanner constants of spec §9: 10 frames per second, 250×250 scan box, start after 100 ms. */
export const SCANNER_FPS = 10;
export const SCANNER_QR_BOX = 250;
export const SCANNER_START_DELAY_MS = 100;
/** Zoom slider range of spec §9 (1 to 5, step 0.1), narrowed to what the camera supports. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 5;
export const ZOOM_STEP = 0.1;

/** Header warnings (spec §2 'POS Terminal': 'No cameras found' and permission errors). */
export const NO_CAMERAS_MESSAGE = 'No cameras found';
export const PERMISSION_DENIED_MESSAGE = 'Camera permission denied. Allow camera access in your browser settings.';

const SAVED_CAMERA_KEY = 'pos.scanner.cameraId';

type ScannerLib = typeof import('html5-qrcode');
let scannerLib: Promise<ScannerLib> | null = null;

/**
 * html5-qrcode (≈ 350 kB) is loaded on first use only, so the POS's first paint does not pay for
 * it. A failed load (flaky network) is forgotten, so the next attempt tries again.
 */
function loadScannerLib(): Promise<ScannerLib> {
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
  if (/NotAllowedError|PermissionDenied|Permission denied|SecurityError/i.test(text)) return PERMISSION_DENIED_MESSAGE;
  if (/NotFoundError|DevicesNotFound|OverconstrainedError|Requested device not found/i.test(text)) return NO_CAMERAS_MESSAGE;
  if (/NotReadableError|TrackStartError|Could not start video source/i.test(text)) return 'The camera is in use by another app. Close it and try again.';
  if (!window.isSecureContext || /secure context|https/i.test(text)) return 'The camera needs a secure (https) connection.';
  return 'Could not start the camera. Try again, or type the card UID below.';
}

/** The camera to use: the wanted one if still present, else a back camera, else the first. */
export function pickCamera(cameras: readonly CameraDevice[], wanted: string | null): string {
  if (wanted && cameras.some((c) => c.id === wanted)) return wanted;
  const back = cameras.find((c) => /back|rear|environment/i.test(c.label));
  return (back ?? cameras[0]).id;
}

function readSavedCamera(): string | null {
  try {
    return window.localStorage.getItem(SAVED_CAMERA_KEY);
  } catch {
    return null;
  }
}

function saveCamera(id: string) {
  try {
    window.localStorage.setItem(SAVED_CAMERA_KEY, id);
  } catch {
    /* private mode: the choice lasts for this visit only */
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/** Stops a scanner (if running) and clears its element; never throws. */
async function release(scanner: Html5Qrcode | null): Promise<void> {
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

/** Track capabilities and settings beyond lib.dom's types (torch and zoom, Chromium / Android). */
type TrackCapabilities = MediaTrackCapabilities & { torch?: boolean; zoom?: { min?: number; max?: number; step?: number } };
type TrackSettings = MediaTrackSettings & { torch?: boolean; zoom?: number };

type Phase = 'idle' | 'starting' | 'scanning';
interface ZoomState {
  min: number;
  max: number;
  value: number;
}

/**
 * Camera QR scanner of the POS (spec §2 'POS Terminal', §9 'Scanner'), in CardLookup's scanner
 * slot. 'Start camera' waits 100 ms, loads html5-qrcode, asks for the camera list (the browser's
 * permission prompt), picks the saved or the back camera and scans at 10 fps in a 250×250 box.
 * The first decoded text goes to `onDecoded` — the lookup's own submit, which normalises it
 * with `normalizeCardUid` (a card URL yields its `/c/{uid}`) and loads the card exactly like
 * manual entry — and the camera stops. A camera picker, a torch toggle and a zoom slider
 * (1–5, step 0.1) appear when the running camera supports them. 'No cameras found' and
 * permission errors show as a warning under the header. Unmounting stops and clears the camera
 * (the POS remounts the scanner on 'New Transaction').
 */
export function CardScanner({ onDecoded }: { onDecoded: (text: string) => boolean }) {
  const viewfinderId = `card-scanner-${useId().replace(/[^\w-]/g, '')}`;
  const [phase, setPhase] = useState<Phase>('idle');
  const [warning, setWarning] = useState<string | null>(null);
  const [cameras, setCameras] = useState<CameraDevice[]>([]);
  const [cameraId, setCameraId] = useState<string | null>(readSavedCamera);
  const [torch, setTorch] = useState<{ supported: boolean; on: boolean }>({ supported: false, on: false });
  const [zoom, setZoom] = useState<ZoomState | null>(null);

  const scannerRef = useRef<Html5Qrcode | null>(null);
  /** Bumped by every start and stop: a start whose number is no longer current gives up. */
  const generation = useRef(0);
  /** Camera operations run one after another (html5-qrcode refuses overlapping start/stop). */
  const queue = useRef<Promise<void>>(Promise.resolve());
  const camerasRef = useRef<CameraDevice[]>([]);
  const cameraIdRef = useRef<string | null>(cameraId);
  const onDecodedRef = useRef(onDecoded);
  const zoomApply = useRef<{ busy: boolean; next: number | null }>({ busy: false, next: null });

  useEffect(() => {
    onDecodedRef.current = onDecoded;
  });

  function enqueue(task: () => Promise<void>) {
    queue.current = queue.current.then(task).catch(() => undefined);
  }

  /** Queue task: stop and clear the current scanner, if any. */
  async function releaseCurrent() {
    const scanner = scannerRef.current;
    scannerRef.current = null;
    await release(scanner);
  }

  function resetControls() {
    setTorch({ supported: false, on: false });
    setZoom(null);
  }

  function stop() {
    generation.current += 1;
    setPhase('idle');
    resetControls();
    enqueue(releaseCurrent);
  }

  // Unmount (page change, 'New Transaction'): stop the camera and clear the viewfinder.
  // (The first render's functions are fine here: they only touch refs.)
  useEffect(
    () => () => {
      generation.current += 1;
      enqueue(releaseCurrent);
    },
    [],
  );

  function readTrackFeatures(scanner: Html5Qrcode) {
    try {
      const caps = scanner.getRunningTrackCapabilities() as TrackCapabilities;
      const settings = scanner.getRunningTrackSettings() as TrackSettings;
      setTorch({ supported: caps.torch === true, on: settings.torch === true });
      const range = caps.zoom;
      if (range && typeof range.min === 'number' && typeof range.max === 'number') {
        const min = Math.max(ZOOM_MIN, range.min);
        const max = Math.min(ZOOM_MAX, range.max);
        const current = typeof settings.zoom === 'number' ? settings.zoom : min;
        setZoom(max > min ? { min, max, value: Math.min(max, Math.max(min, current)) } : null);
      } else {
        setZoom(null);
      }
    } catch {
      resetControls(); // capabilities not exposed (e.g. Firefox): no torch or zoom controls
    }
  }

  function start(preferredId?: string) {
    const gen = ++generation.current;
    setPhase('starting');
    setWarning(null);
    resetControls();
    const current = () => gen === generation.current;
    const fail = (message: string) => {
      if (!current()) return;
      generation.current += 1;
      setWarning(message);
      setPhase('idle');
    };

    enqueue(async () => {
      await releaseCurrent(); // switching cameras: the old stream ends first
      await delay(SCANNER_START_DELAY_MS);
      if (!current()) return;
      let scanner: Html5Qrcode | null = null;
      try {
        const lib = await loadScannerLib();
        if (!current()) return;
        let list = camerasRef.current;
        if (list.length === 0) {
          list = await lib.Html5Qrcode.getCameras();
          if (!current()) return;
          camerasRef.current = list;
          setCameras(list);
        }
        if (list.length === 0) return fail(NO_CAMERAS_MESSAGE);
        const id = pickCamera(list, preferredId ?? cameraIdRef.current);
        cameraIdRef.current = id;
        setCameraId(id);

        scanner = new lib.Html5Qrcode(viewfinderId, {
          verbose: false,
          formatsToSupport: [lib.Html5QrcodeSupportedFormats.QR_CODE],
          useBarCodeDetectorIfSupported: true,
        });
        scannerRef.current = scanner;
        let handled = false;
        await scanner.start(
          id,
          // A square picture: the 250×250 box then fits inside it on a phone too, and is drawn.
          { fps: SCANNER_FPS, qrbox: { width: SCANNER_QR_BOX, height: SCANNER_QR_BOX }, aspectRatio: 1 },
          (decodedText) => {
            if (handled || !current()) return;
            if (!onDecodedRef.current(decodedText)) return; // nothing usable in it: keep scanning
            handled = true;
            stop();
          },
          () => undefined, // "no QR in this frame": ten times a second, not worth a word
        );
        if (!current()) {
          if (scannerRef.current === scanner) scannerRef.current = null;
          await release(scanner);
          return;
        }
        setPhase('scanning');
        readTrackFeatures(scanner);
      } catch (error) {
        if (scanner && scannerRef.current === scanner) scannerRef.current = null;
        await release(scanner);
        const message = cameraErrorMessage(error);
        if (message === NO_CAMERAS_MESSAGE) camerasRef.current = []; // ask again next time
        fail(message);
      }
    });
  }

  function chooseCamera(id: string) {
    cameraIdRef.current = id;
    setCameraId(id);
    saveCamera(id);
    if (phase !== 'idle') start(id);
  }

  function toggleTorch() {
    const scanner = scannerRef.current;
    if (!scanner) return;
    const on = !torch.on;
    scanner
      .applyVideoConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] })
      .then(() => setTorch((t) => ({ ...t, on })))
      .catch(() => setTorch((t) => ({ ...t, supported: false })));
  }

  /** Applies zoom values one at a time; while one is applying, only the latest wish waits. */
  function applyZoom(value: number) {
    setZoom((z) => (z ? { ...z, value } : z));
    const state = zoomApply.current;
    state.next = value;
    if (state.busy) return;
    const run = async () => {
      state.busy = true;
      while (state.next !== null) {
        const next = state.next;
        state.next = null;
        try {
          await scannerRef.current?.applyVideoConstraints({ advanced: [{ zoom: next } as MediaTrackConstraintSet] });
        } catch {
          /* the track ended or refused: the slider keeps its value, the picture its zoom */
        }
      }
      state.busy = false;
    };
    void run();
  }

  const active = phase !== 'idle';

  return (
    <section aria-label="Camera scanner" className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50/60">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-3 py-2.5">
        <p className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <ScanQrCode aria-hidden="true" className="h-4 w-4 text-indigo-600" />
          Camera scanner
        </p>
        {active ? (
          <Button size="sm" variant="outline" onClick={stop}>
            <CameraOff aria-hidden="true" className="h-4 w-4" />
            Stop camera
          </Button>
        ) : (
          <Button size="sm" onClick={() => start()} onPointerEnter={() => void loadScannerLib().catch(() => undefined)}>
            <Camera aria-hidden="true" className="h-4 w-4" />
            Start camera
          </Button>
        )}
      </div>
      {warning && (
        <div className="px-3 pb-3">
          <Alert tone="warning">{warning}</Alert>
        </div>
      )}

      {active && (
        <div className="space-y-3 border-t border-slate-200 bg-white px-3 py-3">
          <div className="relative min-h-48 overflow-hidden rounded-lg bg-slate-900">
            {/* html5-qrcode owns this element's children (video, canvas, scan box): React renders none. */}
            <div id={viewfinderId} data-testid="scanner-viewfinder" className="[&_video]:block [&_video]:h-auto [&_video]:w-full" />
            {phase === 'starting' && (
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm text-slate-200">
                <Spinner className="h-6 w-6" label="Starting camera" />
                Starting camera…
              </div>
            )}
          </div>
          {phase === 'scanning' && <p className="text-center text-xs text-slate-500">Point the camera at the card&apos;s QR code.</p>}

          {cameras.length > 0 && (
            <Select label="Camera" value={cameraId ?? ''} onChange={(e) => chooseCamera(e.target.value)} className="truncate">
              {cameras.map((c, i) => (
                <option key={c.id} value={c.id}>
                  {c.label || `Camera ${i + 1}`}
                </option>
              ))}
            </Select>
          )}

          {(torch.supported || zoom) && (
            <div className="flex items-center gap-3">
              {torch.supported && (
                <Button size="sm" variant={torch.on ? 'secondary' : 'outline'} aria-pressed={torch.on} onClick={toggleTorch} className="shrink-0">
                  {torch.on ? <FlashlightOff aria-hidden="true" className="h-4 w-4" /> : <Flashlight aria-hidden="true" className="h-4 w-4" />}
                  {torch.on ? 'Torch off' : 'Torch on'}
                </Button>
              )}
              {zoom && <ZoomSlider zoom={zoom} onChange={applyZoom} />}
            </div>
          )}
        </div>
      )}
    </section>
  );
}

/** Zoom slider (spec §9: 1 to 5, step 0.1, within the camera's own range). */
function ZoomSlider({ zoom, onChange }: { zoom: ZoomState; onChange: (value: number) => void }) {
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2">
      <ZoomOut aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
      <input
        type="range"
        aria-label="Zoom"
        min={zoom.min}
        max={zoom.max}
        step={ZOOM_STEP}
        value={zoom.value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="h-2 w-0 min-w-0 flex-1 cursor-pointer accent-indigo-600"
      />
      <ZoomIn aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
      <span className="w-9 text-right text-xs font-medium text-slate-600 tabular-nums">{zoom.value.toFixed(1)}×</span>
    </div>
  );
}
