import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useMessages } from '@/lib/i18n';
import { rewardsReportMessages } from '../messages';
import { useDownloadRewardsCsv, type RewardsRange } from '../api/rewards-report';
import { MAX_MONTHS, type RangeProblem } from '../hooks/use-rewards-range';

/**
 * The month controls of the Rewards page: From and To month inputs (shown with the months the
 * server answered for when the URL has none), the range's problem under From, and 'Download CSV'
 * of the same months (off while the range has a problem).
 */
export function RangeForm({
  slug,
  range,
  shown,
  problem,
  onMonth,
}: {
  slug: string;
  range: RewardsRange;
  shown?: { from: string; to: string };
  problem?: RangeProblem;
  onMonth: (key: 'from' | 'to', value: string) => void;
}) {
  const t = useMessages(rewardsReportMessages);
  const download = useDownloadRewardsCsv(slug);
  return (
    <div className="flex flex-wrap items-start gap-3">
      <Input
        type="month"
        label={t('rangeFrom')}
        value={range.from ?? shown?.from ?? ''}
        onChange={(e) => onMonth('from', e.target.value)}
        error={problem && t(problem, { max: MAX_MONTHS })}
        wrapperClassName="w-44"
      />
      <Input type="month" label={t('rangeTo')} value={range.to ?? shown?.to ?? ''} onChange={(e) => onMonth('to', e.target.value)} wrapperClassName="w-44" />
      <Button variant="outline" className="mt-6" onClick={() => download.mutate(range)} loading={download.isPending} disabled={!!problem}>
        <Download aria-hidden="true" className="h-4 w-4" />
        {t('rangeDownload')}
      </Button>
    </div>
  );
}
