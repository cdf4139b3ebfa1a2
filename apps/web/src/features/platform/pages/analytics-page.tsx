import type { PlatformAnalytics } from '@loyalty/contract';
import { PageHeader } from '@/components/page-header';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { useMessages } from '@/lib/i18n';
import { usePlatformAnalytics } from '../api/analytics';
import { GrowthChartCards, StatusAndActivityCards } from '../components/analytics/analytics-cards';
import { AnalyticsTiles } from '../components/analytics/analytics-tiles';
import { analyticsMessages } from '../messages-analytics';

/**
 * /platform/analytics (real charts from real data, real monthly growth). Tiles: revenue and new
 * tenants this month, monthly growth (new tenants against last month; '—' when last month had
 * none), tenants (with the count per status). Charts of the last 12 UTC months: revenue and
 * new tenants, and tenants by status (badge colours); months without data still draw
 * their axes. Loading spinner; 'Failed to load analytics data' with Try again.
 */
export function AnalyticsPage() {
  const t = useMessages(analyticsMessages);
  const analytics = usePlatformAnalytics();
  return (
    <div>
      <PageHeader title={t('pageTitle')} subtitle={t('pageSubtitle')} />
      {analytics.isPending ? (
        <PageSpinner label={t('loading')} />
      ) : analytics.isError ? (
        <LoadError title={t('loadFailed')} query={analytics} fallback={t('loadFailedFallback')} />
      ) : (
        <AnalyticsBody data={analytics.data} />
      )}
    </div>
  );
}

/** The loaded screen: tiles, the three charts and the activity link. */
function AnalyticsBody({ data }: { data: PlatformAnalytics }) {
  return (
    <div className="space-y-6">
      <AnalyticsTiles data={data} />
      <GrowthChartCards data={data} />
      <StatusAndActivityCards data={data} />
    </div>
  );
}
