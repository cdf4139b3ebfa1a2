import type { LiabilityReport } from '@loyalty/contract';
import { Wallet } from 'lucide-react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { useMessages } from '@/lib/i18n';
import { liabilityMessages } from '../messages';
import { useLiability } from '../api/liability';
import { AgeBuckets, StoreBalances } from '../components/outstanding-tables';
import { LiabilityFigures } from '../components/liability-figures';
import { OutstandingChart } from '../components/outstanding-chart';
import { PeriodFacts } from '../components/period-facts';
import { RangeForm } from '../components/range-form';
import { useLiabilityRange } from '../hooks/use-liability-range';

/** True when nothing is owed and nothing moved in the period. */
function isEmpty(r: LiabilityReport): boolean {
  return r.outstandingCents === 0 && Object.values(r.period).every((v) => v === 0);
}

/**
 * /t/{slug}/liability (docs/product.md 'Reports', tenant admins): the cashback owed to card holders
 * now, how old it is, at which stores and what expires soon, and how it moved over the period in the URL (dates
 * in the tenant's time zone, default the last 30 days), with a CSV of the same figures.
 * Loading placeholders, an empty state when nothing was ever owed, an error with Try again.
 */
export function LiabilityPage() {
  const t = useMessages(liabilityMessages);
  const { slug = '' } = useParams();
  const { range, setDate } = useLiabilityRange();
  const report = useLiability(slug, range);
  const data = report.data;
  return (
    <div className="space-y-6">
      <PageHeader title={t('pageTitle')} subtitle={data ? t('pageSubtitleZone', { zone: data.timezone }) : t('pageSubtitle')} />
      <RangeForm slug={slug} range={range} shown={data} onDate={setDate} />
      {report.isError ? <LoadError title={t('loadFailed')} query={report} fallback={t('loadFailedFallback')} /> : <LiabilityFigures report={data} />}
      {data &&
        !report.isError &&
        (isEmpty(data) ? (
          <EmptyState icon={<Wallet aria-hidden="true" className="h-8 w-8" />} title={t('emptyTitle')} description={t('emptyDescription')} />
        ) : (
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="space-y-6 lg:col-span-2">
              <OutstandingChart series={data.series} />
              <AgeBuckets byAge={data.byAge} />
            </div>
            <div className="space-y-6">
              <PeriodFacts report={data} />
              <StoreBalances byStore={data.byStore} />
            </div>
          </div>
        ))}
    </div>
  );
}
