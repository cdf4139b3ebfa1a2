import { Download, Printer } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useMessages } from '@/lib/i18n';
import { endOfDayMessages } from '../messages';
import { useDownloadEndOfDay, type EndOfDayFilter } from '../api/end-of-day';
import { StoreChoice } from './store-choice';

/** 'Download CSV' and 'Download PDF' of the day and store asked for; off while the day cannot be asked for. */
function Downloads({ slug, filter, disabled }: { slug: string; filter: EndOfDayFilter; disabled: boolean }) {
  const t = useMessages(endOfDayMessages);
  const csv = useDownloadEndOfDay(slug, 'csv');
  const pdf = useDownloadEndOfDay(slug, 'pdf');
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <Button variant="outline" onClick={() => csv.mutate(filter)} loading={csv.isPending} disabled={disabled}>
        <Download aria-hidden="true" className="h-4 w-4" />
        {t('downloadCsv')}
      </Button>
      <Button variant="outline" onClick={() => pdf.mutate(filter)} loading={pdf.isPending} disabled={disabled}>
        <Printer aria-hidden="true" className="h-4 w-4" />
        {t('downloadPdf')}
      </Button>
    </div>
  );
}

/**
 * The controls of the End of day page: the Date (shown with the day the server answered for when
 * the URL has none; no day after `today`), the store (a picker for Store Admins, the own store's
 * name for a cashier) and the downloads of the same day and store.
 */
export function DayForm({
  slug,
  filter,
  shownDate,
  today,
  future,
  storePicker,
  ownStore,
  onChange,
}: {
  slug: string;
  filter: EndOfDayFilter;
  shownDate?: string;
  today: string;
  /** The chosen day is after today: said under the Date, and not asked for. */
  future: boolean;
  storePicker: boolean;
  ownStore: string | null;
  onChange: (key: keyof EndOfDayFilter, value: string) => void;
}) {
  const t = useMessages(endOfDayMessages);
  return (
    <div className="flex flex-wrap items-start gap-3">
      <Input
        type="date"
        label={t('dateLabel')}
        value={filter.date ?? shownDate ?? ''}
        max={today}
        onChange={(e) => onChange('date', e.target.value)}
        error={future ? t('dateFuture') : undefined}
        wrapperClassName="w-44"
      />
      <StoreChoice slug={slug} picker={storePicker} ownStore={ownStore} value={filter.storeId} onChange={(id) => onChange('storeId', id)} />
      <Downloads slug={slug} filter={filter} disabled={future} />
    </div>
  );
}
