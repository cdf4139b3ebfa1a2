import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useMessages } from '@/lib/i18n';
import { liabilityMessages } from '../messages';
import { useDownloadLiabilityCsv, type LiabilityRange } from '../api/liability';

/**
 * The period controls of the Liability page: From and To date inputs (shown with the period the
 * server answered for when the URL has none) and 'Download CSV' of the same period.
 */
export function RangeForm({
  slug,
  range,
  shown,
  onDate,
}: {
  slug: string;
  range: LiabilityRange;
  shown?: { from: string; to: string };
  onDate: (key: 'from' | 'to', value: string) => void;
}) {
  const t = useMessages(liabilityMessages);
  const download = useDownloadLiabilityCsv(slug);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Input
        type="date"
        label={t('rangeFrom')}
        value={range.from ?? shown?.from ?? ''}
        onChange={(e) => onDate('from', e.target.value)}
        wrapperClassName="w-40"
      />
      <Input type="date" label={t('rangeTo')} value={range.to ?? shown?.to ?? ''} onChange={(e) => onDate('to', e.target.value)} wrapperClassName="w-40" />
      <Button variant="outline" onClick={() => download.mutate(range)} loading={download.isPending}>
        <Download aria-hidden="true" className="h-4 w-4" />
        {t('rangeDownload')}
      </Button>
    </div>
  );
}
