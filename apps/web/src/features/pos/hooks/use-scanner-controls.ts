import { useRef, useState, type RefObject } from 'react';
import type { Html5Qrcode } from 'html5-qrcode';
import { ZOOM_MAX, ZOOM_MIN } from '../lib/scanner';

/** Track capabilities and settings beyond lib.dom's types (torch and zoom, Chromium / Android). */
type TrackCapabilities = MediaTrackCapabilities & { torch?: boolean; zoom?: { min?: number; max?: number; step?: number } };
type TrackSettings = MediaTrackSettings & { torch?: boolean; zoom?: number };

/** The zoom slider's range and value (within 1–5 and the camera's own range). */
export interface ZoomState {
  min: number;
  max: number;
  value: number;
}

/**
 * Torch and zoom of the running camera, for the scanner in `scannerRef`.
 * `readTrackFeatures(scanner)` reads what the running track supports (no controls when the
 * browser does not say, e.g. Firefox); `reset()` hides both; `toggleTorch()` switches the light;
 * `applyZoom(value)` moves the slider at once and applies values to the camera one at a time
 * (while one applies, only the latest wish waits).
 */
export function useScannerControls(scannerRef: RefObject<Html5Qrcode | null>) {
  const [torch, setTorch] = useState<{ supported: boolean; on: boolean }>({ supported: false, on: false });
  const [zoom, setZoom] = useState<ZoomState | null>(null);
  const zoomApply = useRef<{ busy: boolean; next: number | null }>({ busy: false, next: null });

  function reset() {
    setTorch({ supported: false, on: false });
    setZoom(null);
  }

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
      reset(); // capabilities not exposed (e.g. Firefox): no torch or zoom controls
    }
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

  return { torch, zoom, reset, readTrackFeatures, toggleTorch, applyZoom };
}

/** What {@link useScannerControls} returns. */
export type ScannerControls = ReturnType<typeof useScannerControls>;
