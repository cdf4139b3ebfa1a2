import { useId, useState, type ReactNode } from 'react';
import type { QrFormat } from '@loyalty/contract';
import { FileArchive, Printer, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { DEFAULT_QR_SIZE, downloadBulkQr, downloadPrintReady } from '../api/qr-downloads';
import { withDownloadToasts } from './download-feedback';
import { useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

const QR_FORMATS: QrFormat[] = ['png', 'jpg', 'svg'];
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
  const t = useMessages(cardsMessages);
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
      success: t('bulkDone', { n }),
      failure: t('bulkFailed'),
      logPrefix: 'Failed to download bulk QR codes',
    });
    setBusy(null);
    if (ok) onDone();
  }

  return (
    <DownloadSection icon={FileArchive} title={t('imagesTitle')} onSubmit={() => void bulk()}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label={t('format')} value={format} onChange={(e) => setFormat(e.target.value as QrFormat)} disabled={busy !== null}>
          {QR_FORMATS.map((f) => (
            <option key={f} value={f}>
              {f.toUpperCase()}
            </option>
          ))}
        </Select>
        <Input
          label={t('sizePixels')}
          type="number"
          inputMode="numeric"
          min={MIN_SIZE}
          max={MAX_SIZE}
          step={10}
          value={size}
          onChange={(e) => setSize(e.target.value)}
          onBlur={() => setTouched(true)}
          disabled={busy !== null}
          error={touched && sizeValue === null ? t('sizeError') : undefined}
          hint={t('sizeHint')}
        />
      </div>
      <Checkbox label={t('includeLabels')} checked={includeLabels} onChange={(e) => setIncludeLabels(e.target.checked)} disabled={busy !== null} />
      <div className="flex justify-end">
        <Button type="submit" loading={busy === 'bulk'} disabled={busy !== null || blocked}>
          {t('downloadN', { count: n })}
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
  const t = useMessages(cardsMessages);
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
      success: t('printDone', { n }),
      failure: t('printFailed'),
      logPrefix: 'Failed to download print-ready QR codes',
    });
    setBusy(null);
    if (ok) onDone();
  }

  return (
    <DownloadSection icon={Printer} title={t('printTitle')} onSubmit={() => void print()}>
      <p className="-mt-2 text-sm text-slate-500">{t('printText')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t('printFormat')}
          value={printFormat}
          onChange={(e) => setPrintFormat(e.target.value as 'standard' | 'card-template')}
          disabled={busy !== null}
        >
          <option value="standard">{t('printStandard')}</option>
          <option value="card-template">{t('printTemplate')}</option>
        </Select>
        <Input
          label={t('perPage')}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_CARDS_PER_PAGE}
          step={1}
          value={perPage}
          onChange={(e) => setPerPage(e.target.value)}
          onBlur={() => setTouched(true)}
          disabled={busy !== null}
          error={touched && perPageValue === null ? t('perPageError', { max: MAX_CARDS_PER_PAGE }) : undefined}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" loading={busy === 'print'} disabled={busy !== null || blocked}>
          {t('printDownload')}
        </Button>
      </div>
    </DownloadSection>
  );
}
