import { useId, useState, type ReactNode } from 'react';
import type { QrFormat } from '@loyalty/contract';
import { FileArchive, Printer, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { DEFAULT_QR_SIZE, downloadBulkQr, downloadPrintReady } from '../api/qr-downloads';
import { withDownloadToasts } from './download-feedback';

const MIN_SIZE = 100;
const MAX_SIZE = 2000;
/** Print-ready defaults: standard sheets, 8 cards per page; the contract allows 1–30. */
const DEFAULT_CARDS_PER_PAGE = 8;
const MAX_CARDS_PER_PAGE = 30;

/** Which download of the QR dialog is running, if any. */
export type DownloadBusy = 'bulk' | 'print' | null;

/** Props shared by both QR download forms; `blocked` is true when no download may start (no or too many cards). */
export interface QrDownloadFormProps {
  slug: string;
  cardUids: string[];
  busy: DownloadBusy;
  setBusy: (b: DownloadBusy) => void;
  blocked: boolean;
  onDone: () => void;
}

function intIn(raw: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
}

/** One bordered download form with an icon heading; the heading names the form (aria-labelledby). */
function DownloadSection({ icon: Icon, title, onSubmit, children }: { icon: LucideIcon; title: string; onSubmit: () => void; children: ReactNode }) {
  const headingId = useId();
  return (
    <form
      aria-labelledby={headingId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      className="space-y-4 rounded-xl border border-slate-200 p-4"
    >
      <div className="flex items-center gap-2">
        <Icon aria-hidden="true" className="h-5 w-5 text-indigo-600" />
        <h3 id={headingId} className="font-semibold text-slate-900">
          {title}
        </h3>
      </div>
      {children}
    </form>
  );
}

/**
 * 'QR code images' form: format PNG / JPG / SVG (default PNG), size 100–2000 px (default 300),
 * labels included (default on) → a zip; calls `onDone` on success.
 */
export function BulkQrForm({ slug, cardUids, busy, setBusy, blocked, onDone }: QrDownloadFormProps) {
  const [format, setFormat] = useState<QrFormat>('png');
  const [size, setSize] = useState(String(DEFAULT_QR_SIZE));
  const [includeLabels, setIncludeLabels] = useState(true);
  const [touched, setTouched] = useState(false);
  const n = cardUids.length;
  const sizeValue = intIn(size, MIN_SIZE, MAX_SIZE);

  async function bulk() {
    setTouched(true);
    if (sizeValue === null || blocked) return;
    setBusy('bulk');
    const ok = await withDownloadToasts(() => downloadBulkQr(slug, { cardUids, format, size: sizeValue, includeLabels }), {
      success: `Downloaded ${n} QR codes successfully`,
      failure: 'Failed to download QR codes',
      logPrefix: 'Failed to download bulk QR codes',
    });
    setBusy(null);
    if (ok) onDone();
  }

  return (
    <DownloadSection icon={FileArchive} title="QR code images" onSubmit={() => void bulk()}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Format" value={format} onChange={(e) => setFormat(e.target.value as QrFormat)} disabled={busy !== null}>
          <option value="png">PNG</option>
          <option value="jpg">JPG</option>
          <option value="svg">SVG</option>
        </Select>
        <Input
          label="Size (pixels)"
          type="number"
          inputMode="numeric"
          min={MIN_SIZE}
          max={MAX_SIZE}
          step={10}
          value={size}
          onChange={(e) => setSize(e.target.value)}
          onBlur={() => setTouched(true)}
          disabled={busy !== null}
          error={touched && sizeValue === null ? 'Size must be 100 to 2000 pixels' : undefined}
          hint="100 to 2000"
        />
      </div>
      <Checkbox label="Include card UID labels" checked={includeLabels} onChange={(e) => setIncludeLabels(e.target.checked)} disabled={busy !== null} />
      <div className="flex justify-end">
        <Button type="submit" loading={busy === 'bulk'} disabled={busy !== null || blocked}>
          Download {n} QR {n === 1 ? 'Code' : 'Codes'}
        </Button>
      </div>
    </DownloadSection>
  );
}

/**
 * 'Print-ready sheets' form: standard sheet or card template, 1–30 cards per page (default 8) → a
 * zip of PDF pages; calls `onDone` on success.
 */
export function PrintReadyForm({ slug, cardUids, busy, setBusy, blocked, onDone }: QrDownloadFormProps) {
  const [printFormat, setPrintFormat] = useState<'standard' | 'card-template'>('standard');
  const [perPage, setPerPage] = useState(String(DEFAULT_CARDS_PER_PAGE));
  const [touched, setTouched] = useState(false);
  const n = cardUids.length;
  const perPageValue = intIn(perPage, 1, MAX_CARDS_PER_PAGE);

  async function print() {
    setTouched(true);
    if (perPageValue === null || blocked) return;
    setBusy('print');
    const ok = await withDownloadToasts(() => downloadPrintReady(slug, { cardUids, printFormat, cardsPerPage: perPageValue }), {
      success: `Downloaded print-ready sheets for ${n} cards`,
      failure: 'Failed to download print-ready QR codes',
      logPrefix: 'Failed to download print-ready QR codes',
    });
    setBusy(null);
    if (ok) onDone();
  }

  return (
    <DownloadSection icon={Printer} title="Print-ready sheets" onSubmit={() => void print()}>
      <p className="-mt-2 text-sm text-slate-500">PDF pages laid out for printing, in a zip.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Print format"
          value={printFormat}
          onChange={(e) => setPrintFormat(e.target.value as 'standard' | 'card-template')}
          disabled={busy !== null}
        >
          <option value="standard">Standard sheet</option>
          <option value="card-template">Card template</option>
        </Select>
        <Input
          label="Cards per page"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_CARDS_PER_PAGE}
          step={1}
          value={perPage}
          onChange={(e) => setPerPage(e.target.value)}
          onBlur={() => setTouched(true)}
          disabled={busy !== null}
          error={touched && perPageValue === null ? `Cards per page must be 1 to ${MAX_CARDS_PER_PAGE}` : undefined}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" loading={busy === 'print'} disabled={busy !== null || blocked}>
          Download Print-Ready Sheets
        </Button>
      </div>
    </DownloadSection>
  );
}
