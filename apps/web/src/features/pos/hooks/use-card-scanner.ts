import { useEffect, useId, useRef, useState } from 'react';
import type { CameraDevice, Html5Qrcode } from 'html5-qrcode';
import {
  cameraErrorMessage,
  delay,
  loadScannerLib,
  noCamerasMessage,
  pickCamera,
  readSavedCamera,
  release,
  saveCamera,
  SCANNER_FPS,
  SCANNER_QR_BOX,
  SCANNER_START_DELAY_MS,
} from '../lib/scanner';
import { useScannerControls } from './use-scanner-controls';

/** Where the scanner is: off, asking for / opening the camera, or reading frames. */
export type ScannerPhase = 'idle' | 'starting' | 'scanning';

/**
 * The camera scanner's state machine. `start()` waits 100 ms, loads html5-qrcode, asks for the
 * camera list (the browser's permission prompt), picks the wanted, saved or back camera and scans
 * at 10 fps in a 250×250 box into the element with id `viewfinderId`. Each decoded text goes to
 * `onDecoded`; when it returns true the camera stops. `stop()` stops it; `chooseCamera(id)`
 * remembers the camera and restarts on it if running. Failures become `warning` ('No cameras
 * found', permission denied, …). Start and stop are queued one after another, and a superseded
 * start gives up. Unmounting releases the camera. `controls`: torch and zoom of the running camera
 * ({@link useScannerControls}).
 */
export function useCardScanner(onDecoded: (text: string) => boolean) {
  const viewfinderId = `card-scanner-${useId().replace(/[^\w-]/g, '')}`;
  const [phase, setPhase] = useState<ScannerPhase>('idle');
  const [warning, setWarning] = useState<string | null>(null);
  const [cameras, setCameras] = useState<CameraDevice[]>([]);
  const [cameraId, setCameraId] = useState<string | null>(readSavedCamera);

  const scannerRef = useRef<Html5Qrcode | null>(null);
  const controls = useScannerControls(scannerRef);
  /** Bumped by every start and stop: a start whose number is no longer current gives up. */
  const generation = useRef(0);
  /** Camera operations run one after another (html5-qrcode refuses overlapping start/stop). */
  const queue = useRef<Promise<void>>(Promise.resolve());
  const camerasRef = useRef<CameraDevice[]>([]);
  const cameraIdRef = useRef<string | null>(cameraId);
  const onDecodedRef = useRef(onDecoded);

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

  function stop() {
    generation.current += 1;
    setPhase('idle');
    controls.reset();
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

  function start(preferredId?: string) {
    const gen = ++generation.current;
    setPhase('starting');
    setWarning(null);
    controls.reset();
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
        if (list.length === 0) return fail(noCamerasMessage());
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
        controls.readTrackFeatures(scanner);
      } catch (error) {
        if (scanner && scannerRef.current === scanner) scannerRef.current = null;
        await release(scanner);
        const message = cameraErrorMessage(error);
        if (message === noCamerasMessage()) camerasRef.current = []; // ask again next time
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

  return { viewfinderId, phase, warning, cameras, cameraId, start, stop, chooseCamera, controls };
}
