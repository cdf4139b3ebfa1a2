import { useEffect } from 'react';
import { Building2, CalendarDays, CheckCircle2, DollarSign, Store, Users } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { LoadError } from '@/components/ui/load-error';
import { useAuthStore } from '@/lib/auth-store';
import { formatCents } from '@/lib/format';
import { usePlatformStats } from '../api/stats';
import { PlatformStatCard, PlatformStatsSkeleton } from '../components/dashboard/platform-stat-card';
import { QuickActions } from '../components/dashboard/quick-actions';
import { RecentActivity } from '../components/dashboard/recent-activity';

const count = (n: number) => n.toLocaleString('en-US');
const LAST_30 = 'vs previous 30 days';
const LAST_MONTH = 'vs last month';

/**
 * /platform/dashboard (spec §2 'Platform area', §3 'Platform stats'; platform_admin): six stat
 * cards (Total Tenants, Active Tenants, Total Customers, Total Revenue, Monthly Revenue, Total
 * Stores) each with its real trend (decisions.md; none shown when there is nothing to compare
 * with), the Recent Activity list and Quick Actions. Loading skeleton; on failure 'Failed to
 * load platform statistics' (spec §8 'Platform') with the server's message and Try again.
 */
export function PlatformDashboardPage() {
  const user = useAuthStore((s) => s.user);
  const stats = usePlatformStats();
  const data = stats.data;

  useEffect(() => {
    if (stats.error) console.error('Failed to load platform statistics:', stats.error);
  }, [stats.error]);

  let figures;
  if (stats.isPending) {
    figures = <PlatformStatsSkeleton />;
  } else if (!data) {
    figures = <LoadError title="Failed to load platform statistics" query={stats} fallback="Please try again." />;
  } else {
    const t = data.trends;
    figures = (
      <>
        <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
          <PlatformStatCard label="Total Tenants" value={count(data.totalTenants)} trend={t.totalTenants} period={LAST_30} icon={Building2} accent="bg-indigo-50 text-indigo-600" />
          <PlatformStatCard label="Active Tenants" value={count(data.activeTenants)} trend={t.activeTenants} period={LAST_30} icon={CheckCircle2} accent="bg-emerald-50 text-emerald-600" />
          <PlatformStatCard label="Total Customers" value={count(data.totalCustomers)} trend={t.totalCustomers} period={LAST_30} icon={Users} accent="bg-blue-50 text-blue-600" />
          <PlatformStatCard label="Total Revenue" value={formatCents(data.totalRevenue)} trend={t.totalRevenue} period={LAST_MONTH} icon={DollarSign} accent="bg-violet-50 text-violet-600" />
          <PlatformStatCard label="Monthly Revenue" value={formatCents(data.monthlyRevenue)} trend={t.monthlyRevenue} period={LAST_MONTH} icon={CalendarDays} accent="bg-orange-50 text-orange-600" />
          <PlatformStatCard label="Total Stores" value={count(data.totalStores)} trend={t.totalStores} period={LAST_30} icon={Store} accent="bg-pink-50 text-pink-600" />
        </div>
        {stats.isError && (
          <Alert tone="warning" className="mt-4">
            The figures could not be refreshed; showing the last ones loaded.
          </Alert>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Platform Dashboard" subtitle={user?.firstName ? `Welcome back, ${user.firstName}! Here is how the platform is doing.` : 'Here is how the platform is doing.'} />
      <section aria-label="Platform statistics" className="mb-6">
        {figures}
      </section>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <RecentActivity />
        </div>
        <QuickActions />
      </div>
    </div>
  );
}
