import type { PlatformAnalytics } from '@loyalty/contract';
import { Activity, ArrowRight, Building2, DollarSign, TrendingUp, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { StatCard } from '@/components/ui/stat-card';
import { paths } from '@/config/paths';
import { formatCents } from '@/lib/format';
import { ANALYTICS_LOAD_FAILED, usePlatformAnalytics } from '../api/analytics';
import { CountBarChart, MoneyAreaChart, STATUS_COLORS, STATUS_NAMES, StatusBarChart, monthLabel } from '../components/analytics/charts';

/** A growth percentage: '+15.2%', '−3.0%', '0.0%'; null (nothing to compare with) → '—'. */
function growthText(growth: number | null): string {
  if (growth === null || !Number.isFinite(growth)) return '—';
  const sign = growth > 0 ? '+' : growth < 0 ? '−' : '';
  return `${sign}${Math.abs(growth).toFixed(1)}%`;
}

/**
 * /platform/analytics (spec §2 'Platform area'; decisions.md 'Where the spec shows
 * placeholders': real charts from real data, real monthly growth). Tiles: revenue and new
 * tenants this month, monthly growth (new tenants against last month; '—' when last month had
 * none), tenants (with the count per status). Charts of the last 12 UTC months: revenue and
 * new tenants, and tenants by status in the spec §4 colours; months without data still draw
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
function AnalyticsBody({ data: a }: { data: PlatformAnalytics }) {

  const revenueThisMonth = a.revenueByMonth.at(-1)?.revenue ?? 0;
  const newThisMonth = a.tenantsByMonth.at(-1)?.count ?? 0;
  const totalTenants = a.tenantsByStatus.reduce((s, x) => s + x.count, 0);
  const revenueYear = a.revenueByMonth.reduce((s, x) => s + x.revenue, 0);
  const byStatus = (['ACTIVE', 'TRIALING', 'PAST_DUE'] as const).map((s) => ({ s, n: a.tenantsByStatus.find((x) => x.status === s)?.count ?? 0 }));

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Revenue This Month" value={formatCents(revenueThisMonth)} icon={DollarSign} tone="emerald" hint={`${formatCents(revenueYear)} in 12 months`} />
        <StatCard label="New Tenants This Month" value={newThisMonth.toLocaleString('en-US')} icon={UserPlus} tone="blue" />
        <StatCard
          label="Monthly Growth"
          value={growthText(a.monthlyGrowth)}
          icon={TrendingUp}
          hint={a.monthlyGrowth === null ? 'No new tenants last month to compare with' : 'New tenants against last month'}
        />
        <StatCard
          label="Tenants"
          value={totalTenants.toLocaleString('en-US')}
          icon={Building2}
          tone="amber"
          hint={
            <span className="flex flex-wrap gap-x-2">
              {byStatus.map(({ s, n }) => (
                <span key={s} className="inline-flex items-center gap-1">
                  <span className="h-2 w-2 rounded-full" style={{ background: STATUS_COLORS[s] }} aria-hidden />
                  {n} {STATUS_NAMES[s]}
                </span>
              ))}
            </span>
          }
        />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Revenue by Month</CardTitle>
            <span className="text-sm text-slate-500">{formatCents(revenueYear)}</span>
          </CardHeader>
          <CardContent>
            <MoneyAreaChart name="Revenue" data={a.revenueByMonth.map((m) => ({ label: monthLabel(m.month), value: m.revenue }))} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>New Tenants by Month</CardTitle>
            <span className="text-sm text-slate-500">{a.tenantsByMonth.reduce((s, m) => s + m.count, 0)} in 12 months</span>
          </CardHeader>
          <CardContent>
            <CountBarChart name="New tenants" data={a.tenantsByMonth.map((m) => ({ label: monthLabel(m.month), value: m.count }))} />
          </CardContent>
        </Card>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Tenants by Status</CardTitle>
            <span className="text-sm text-slate-500">{totalTenants} in all</span>
          </CardHeader>
          <CardContent>
            <StatusBarChart data={a.tenantsByStatus} />
          </CardContent>
        </Card>
        <Card className="flex flex-col">
          <CardHeader>
            <CardTitle>Recent Activity</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-1 flex-col items-start justify-center gap-3">
            <Activity className="h-8 w-8 text-indigo-500" aria-hidden />
            <p className="text-sm text-slate-600">New tenants, subscriptions, plan changes and payments as they happen are listed on the platform dashboard.</p>
            <Link to={paths.platform.dashboard} className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline">
              View recent activity <ArrowRight className="h-4 w-4" aria-hidden />
            </Link>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
