import { useId, useState } from 'react';
import { MAX_BULK_CARDS, type QrFormat } from '@loyalty/contract';
import { FileArchive, Printer } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Input, Select } from '@/components/ui/input';
import { DEFAULT_QR_SIZE, downloadBulkQr, downloadPrintReady } from '../api/qr-downloads';
import { withDownloadToasts } from './download-feedback';

const MIN_SIZE = 100;
const MAX_SIZE = 2000;
/** Print-ready defaults (spec §5): standard sheets, 8 cards per page; the contract allows 1–30. */
const DEFAULT_CARDS_PER_PAGE = 8;
const MAX_CARDS_PER_PAGE = 30;

function intIn(raw: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
}

/**
 * 'Download QR Codes' modal (spec §2, §5 'Bulk QR defaults', 'Print-ready defaults', §8
 * 'Downloads') for the selected cards. Images: format PNG / JPG / SVG (default PNG), size
 * 100–2000 px (default 300), labels included (default on) → a zip. Print-ready sheets: standard
 * or card template, cards per page (default 8) → a zip. Each closes the modal on success.
 */
export function DownloadQrDialog({ slug, cardUids, open, onClose }: { slug: string; cardUids: string[]; open: boolean; onClose: () => void }) {
  const [busy, setBusy] = useState<'bulk' | 'print' | null>(null);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Download QR Codes"
      description={`${cardUids.length} ${cardUids.length === 1 ? 'card' : 'cards'} selected`}
      dismissible={busy === null}
      footer={
        <Button variant="outline" onClick={onClose} disabled={busy !== null}>
          Cancel
        </Button>
      }
    >
      <DownloadForms slug={slug} cardUids={cardUids} busy={busy} setBusy={setBusy} onDone={onClose} />
    </Dialog>
  );
}

function DownloadForms({
  slug,
  cardUids,
  busy,
  setBusy,
  onDone,
}: {
  slug: string;
  cardUids: string[];
  busy: 'bulk' | 'print' | null;
  setBusy: (b: 'bulk' | 'print' | null) => void;
  onDone: () => void;
}) {
  const [format, setFormat] = useState<QrFormat>('png');
  const [size, setSize] = useState(String(DEFAULT_QR_SIZE));
  const [includeLabels, setIncludeLabels] = useState(true);
  const [printFormat, setPrintFormat] = useState<'standard' | 'card-template'>('standard');
  const [perPage, setPerPage] = useState(String(DEFAULT_CARDS_PER_PAGE));
  const [touched, setTouched] = useState({ size: false, perPage: false });

  const headingId = useId();
  const n = cardUids.length;
  const tooMany = n > MAX_BULK_CARDS;
  const sizeValue = intIn(size, MIN_SIZE, MAX_SIZE);
  const perPageValue = intIn(perPage, 1, MAX_CARDS_PER_PAGE);

  async function bulk() {
    setTouched((t) => ({ ...t, size: true }));
    if (sizeValue === null || n === 0 || tooMany) return;
    setBusy('bulk');
    const ok = await withDownloadToasts(() => downloadBulkQr(slug, { cardUids, format, size: sizeValue, includeLabels }), {
      success: `Downloaded ${n} QR codes successfully`,
      failure: 'Failed to download QR codes',
      logPrefix: 'Failed to download bulk QR codes',
    });
    setBusy(null);
    if (ok) onDone();
  }

  async function print() {
    setTouched((t) => ({ ...t, perPage: true }));
    if (perPageValue === null || n === 0 || tooMany) return;
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
    <div className="space-y-5">
      {tooMany && <Alert tone="error">{`At most ${MAX_BULK_CARDS} cards at once. Please select fewer cards.`}</Alert>}

      <form
        aria-labelledby={`${headingId}-images`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void bulk();
        }}
        className="space-y-4 rounded-xl border border-slate-200 p-4"
      >
        <div className="flex items-center gap-2">
          <FileArchive aria-hidden="true" className="h-5 w-5 text-indigo-600" />
          <h3 id={`${headingId}-images`} className="font-semibold text-slate-900">
            QR code images
          </h3>
        </div>
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
            onBlur={() => setTouched((t) => ({ ...t, size: true }))}
            disabled={busy !== null}
            error={touched.size && sizeValue === null ? 'Size must be 100 to 2000 pixels' : undefined}
            hint="100 to 2000"
          />
        </div>
        <Checkbox label="Include card UID labels" checked={includeLabels} onChange={(e) => setIncludeLabels(e.target.checked)} disabled={busy !== null} />
        <div className="flex justify-end">
          <Button type="submit" loading={busy === 'bulk'} disabled={busy !== null || n === 0 || tooMany}>
            Download {n} QR {n === 1 ? 'Code' : 'Codes'}
          </Button>
        </div>
      </form>

      <form
        aria-labelledby={`${headingId}-print`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void print();
        }}
        className="space-y-4 rounded-xl border border-slate-200 p-4"
      >
        <div className="flex items-center gap-2">
          <Printer aria-hidden="true" className="h-5 w-5 text-indigo-600" />
          <h3 id={`${headingId}-print`} className="font-semibold text-slate-900">
            Print-ready sheets
          </h3>
        </div>
        <p className="-mt-2 text-sm text-slate-500">PDF pages laid out for printing, in a zip.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select label="Print format" value={printFormat} onChange={(e) => setPrintFormat(e.target.value as 'standard' | 'card-template')} disabled={busy !== null}>
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
            onBlur={() => setTouched((t) => ({ ...t, perPage: true }))}
            disabled={busy !== null}
            error={touched.perPage && perPageValue === null ? `Cards per page must be 1 to ${MAX_CARDS_PER_PAGE}` : undefined}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" variant="secondary" loading={busy === 'print'} disabled={busy !== null || n === 0 || tooMany}>
            Download Print-Ready Sheets
          </Button>
        </div>
      </form>
    </div>
  );
}
