import { Camera, CameraOff, ScanQrCode } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCardScanner, type ScannerPhase } from '../hooks/use-card-scanner';
import { loadScannerLib } from '../lib/scanner';
import { useMessages } from '@/lib/i18n';
import { posMessages } from '../messages';
import { CameraPicker, TorchAndZoom } from './scanner-controls';

/**
 * Camera QR scanner of the POS, in CardLookup's scanner slot. 'Start camera' waits 100 ms, loads
 * html5-qrcode, asks for the camera list (the browser's permission prompt), picks the saved or the
 * back camera and scans at 10 fps in a 250×250 box. The first decoded text goes to `onDecoded` —
 * the lookup's own submit, which normalises it with `normalizeCardUid` (a card URL yields its
 * `/c/{uid}`) and loads the card exactly like manual entry — and the camera stops. A camera picker,
 * a torch toggle and a zoom slider (1–5, step 0.1) appear when the running camera supports them.
 * 'No cameras found' and permission errors show as a warning under the header. Unmounting stops and
 * clears the camera (the POS remounts the scanner on 'New Transaction'). The camera logic is
 * {@link useCardScanner}.
 */
export function CardScanner({ onDecoded }: { onDecoded: (text: string) => boolean }) {
  const t = useMessages(posMessages);
  const scanner = useCardScanner(onDecoded);
  const active = scanner.phase !== 'idle';
  return (
    <section aria-label={t('scannerTitle')} className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50/60">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-3 py-2.5">
        <p className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <ScanQrCode aria-hidden="true" className="h-4 w-4 text-indigo-600" />
          {t('scannerTitle')}
        </p>
        {active ? (
          <Button size="sm" variant="outline" onClick={scanner.stop}>
            <CameraOff aria-hidden="true" className="h-4 w-4" />
            {t('scannerStop')}
          </Button>
        ) : (
          <Button size="sm" onClick={() => scanner.start()} onPointerEnter={() => void loadScannerLib().catch(() => undefined)}>
            <Camera aria-hidden="true" className="h-4 w-4" />
            {t('scannerStart')}
          </Button>
        )}
      </div>
      {scanner.warning && (
        <div className="px-3 pb-3">
          <Alert tone="warning">{scanner.warning}</Alert>
        </div>
      )}
      {active && (
        <div className="space-y-3 border-t border-slate-200 bg-white px-3 py-3">
          <Viewfinder id={scanner.viewfinderId} phase={scanner.phase} />
          <CameraPicker cameras={scanner.cameras} cameraId={scanner.cameraId} onChoose={scanner.chooseCamera} />
          <TorchAndZoom controls={scanner.controls} />
        </div>
      )}
    </section>
  );
}

/** The camera picture (html5-qrcode draws into element `id`), with 'Starting camera…' over it at first. */
function Viewfinder({ id, phase }: { id: string; phase: ScannerPhase }) {
  const t = useMessages(posMessages);
  return (
    <>
      <div className="relative min-h-48 overflow-hidden rounded-lg bg-slate-900">
        {/* html5-qrcode owns this element's children (video, canvas, scan box): React renders none. */}
        <div id={id} data-testid="scanner-viewfinder" className="[&_video]:block [&_video]:h-auto [&_video]:w-full" />
        {phase === 'starting' && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm text-slate-200">
            <Spinner className="h-6 w-6" label={t('scannerStarting')} />
            {t('scannerStartingEllipsis')}
          </div>
        )}
      </div>
      {phase === 'scanning' && <p className="text-center text-xs text-slate-500">{t('scannerPointAt')}</p>}
    </>
  );
}
