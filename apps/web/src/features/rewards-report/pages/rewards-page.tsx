import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { LoadError } from '@/components/ui/load-error';
import { useMessages } from '@/lib/i18n';
import { rewardsReportMessages } from '../messages';
import { useRewardsReport } from '../api/rewards-report';
import { MonthsTable } from '../components/months-table';
import { RangeForm } from '../components/range-form';
import { RewardsEmpty } from '../components/rewards-empty';
import { RewardsFigures } from '../components/rewards-figures';
import { useRewardsRange } from '../hooks/use-rewards-range';
import { isEmpty } from '../report-figures';

/**
 * /t/{slug}/rewards (tenant admins): what the welcome bonus, birthday rewards, referrals and
 * win-back offers achieved over the months in the URL (the business's time zone, default the last
 * 12 months to this one, at most 24), as the period's figures and a row per month, with a CSV of
 * the same figures. Loading placeholders, an empty state (pointing to Rules & Settings) when every
 * figure is zero, an error with Try again; a picked range with From after To is not asked for.
 */
export function RewardsPage() {
  const t = useMessages(rewardsReportMessages);
  const { slug = '' } = useParams();
  const { range, problem, setMonth } = useRewardsRange();
  const report = useRewardsReport(slug, range, !problem);
  const data = report.data;
  const waiting = !data && !problem;
  return (
    <div className="space-y-6">
      <PageHeader title={t('pageTitle')} subtitle={data ? t('pageSubtitleZone', { zone: data.timezone }) : t('pageSubtitle')} />
      <RangeForm slug={slug} range={range} shown={data} problem={problem} onMonth={(key, value) => setMonth(key, value, data)} />
      {report.isError ? (
        <LoadError title={t('loadFailed')} query={report} fallback={t('loadFailedFallback')} />
      ) : (
        (data || waiting) && (
          <>
            <RewardsFigures report={data} />
            {data && isEmpty(data) ? <RewardsEmpty slug={slug} /> : <MonthsTable months={data?.months ?? []} loading={waiting} />}
          </>
        )
      )}
    </div>
  );
}
