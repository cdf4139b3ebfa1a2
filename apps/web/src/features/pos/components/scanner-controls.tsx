import type { CameraDevice } from 'html5-qrcode';
import { Flashlight, FlashlightOff, ZoomIn, ZoomOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import type { ScannerControls, ZoomState } from '../hooks/use-scanner-controls';
import { ZOOM_STEP } from '../lib/scanner';
import { useMessages } from '@/lib/i18n';
import { posMessages } from '../messages';

/** The camera picker: shown once the camera list is known. */
export function CameraPicker({ cameras, cameraId, onChoose }: { cameras: CameraDevice[]; cameraId: string | null; onChoose: (id: string) => void }) {
  const t = useMessages(posMessages);
  if (cameras.length === 0) return null;
  return (
    <Select label={t('scannerCamera')} value={cameraId ?? ''} onChange={(e) => onChoose(e.target.value)} className="truncate">
      {cameras.map((c, i) => (
        <option key={c.id} value={c.id}>
          {c.label || t('scannerCameraNumber', { number: i + 1 })}
        </option>
      ))}
    </Select>
  );
}

/** Torch toggle and zoom slider, each shown only when the running camera supports it. */
export function TorchAndZoom({ controls }: { controls: ScannerControls }) {
  const t = useMessages(posMessages);
  const { torch, zoom } = controls;
  if (!torch.supported && !zoom) return null;
  return (
    <div className="flex items-center gap-3">
      {torch.supported && (
        <Button size="sm" variant={torch.on ? 'secondary' : 'outline'} aria-pressed={torch.on} onClick={controls.toggleTorch} className="shrink-0">
          {torch.on ? <FlashlightOff aria-hidden="true" className="h-4 w-4" /> : <Flashlight aria-hidden="true" className="h-4 w-4" />}
          {torch.on ? t('scannerTorchOff') : t('scannerTorchOn')}
        </Button>
      )}
      {zoom && <ZoomSlider zoom={zoom} onChange={controls.applyZoom} />}
    </div>
  );
}

/** Zoom slider (1 to 5, step 0.1, within the camera's own range). */
function ZoomSlider({ zoom, onChange }: { zoom: ZoomState; onChange: (value: number) => void }) {
  const t = useMessages(posMessages);
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2">
      <ZoomOut aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
      <input
        type="range"
        aria-label={t('scannerZoom')}
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
