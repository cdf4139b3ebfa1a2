import type { PlatformAnalytics } from '@loyalty/contract';
import { PageHeader } from '@/components/page-header';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { ANALYTICS_LOAD_FAILED, usePlatformAnalytics } from '../api/analytics';
import { GrowthChartCards, StatusAndActivityCards } from '../components/analytics/analytics-cards';
import { AnalyticsTiles } from '../components/analytics/analytics-tiles';

/**
 * /platform/analytics (real charts from real data, real monthly growth). Tiles: revenue and new
 * tenants this month, monthly growth (new tenants against last month; '—' when last month had
 * none), tenants (with the count per status). Charts of the last 12 UTC months: revenue and
 * new tenants, and tenants by status (badge colours); months without data still draw
 * their axes. Loading spinner; 'Failed to load analytics data' with Try again.
 */
export function AnalyticsPage() {
  const analytics = usePlatformAnalytics();
  return (
    <div>
      <PageHeader title="Analytics" subtitle="Revenue and tenant growth over the last 12 months (UTC)." />
      {analytics.isPending ? (
        <PageSpinner label="Loading analytics" />
      ) : analytics.isError ? (
        <LoadError title={ANALYTICS_LOAD_FAILED} query={analytics} fallback="Please try again." />
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
