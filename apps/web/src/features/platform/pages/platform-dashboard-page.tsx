import { useEffect } from 'react';
import type { PlatformStats } from '@loyalty/contract';
import { Building2, CalendarDays, CheckCircle2, DollarSign, Store, Users, type LucideIcon } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { LoadError } from '@/components/ui/load-error';
import { StatCard, type StatTone } from '@/components/ui/stat-card';
import { useAuthStore } from '@/lib/auth-store';
import { formatCents } from '@/lib/format';
import { usePlatformStats } from '../api/stats';
import { platformTrendView } from '../components/dashboard/trend';
import { QuickActions } from '../components/dashboard/quick-actions';
import { RecentActivity } from '../components/dashboard/recent-activity';

const count = (n: number) => n.toLocaleString('en-US');
const LAST_30 = 'vs previous 30 days';
const LAST_MONTH = 'vs last month';

type Stats = PlatformStats;
type Figure = { label: string; icon: LucideIcon; tone: StatTone; period: string; value: (s: Stats) => string; trend: (s: Stats) => number | null };

/** The six figures, in a fixed order: label, icon, what the trend compares with, value and trend. */
const FIGURES: readonly Figure[] = [
  { label: 'Total Tenants', icon: Building2, tone: 'indigo', period: LAST_30, value: (s) => count(s.totalTenants), trend: (s) => s.trends.totalTenants },
  { label: 'Active Tenants', icon: CheckCircle2, tone: 'emerald', period: LAST_30, value: (s) => count(s.activeTenants), trend: (s) => s.trends.activeTenants },
  { label: 'Total Customers', icon: Users, tone: 'blue', period: LAST_30, value: (s) => count(s.totalCustomers), trend: (s) => s.trends.totalCustomers },
  {
    label: 'Total Revenue',
    icon: DollarSign,
    tone: 'violet',
    period: LAST_MONTH,
    value: (s) => formatCents(s.totalRevenue),
    trend: (s) => s.trends.totalRevenue,
  },
  {
    label: 'Monthly Revenue',
    icon: CalendarDays,
    tone: 'orange',
    period: LAST_MONTH,
    value: (s) => formatCents(s.monthlyRevenue),
    trend: (s) => s.trends.monthlyRevenue,
  },
  { label: 'Total Stores', icon: Store, tone: 'pink', period: LAST_30, value: (s) => count(s.totalStores), trend: (s) => s.trends.totalStores },
];

/** The grid of the six cards; grey placeholders (and a 'Loading platform statistics' status) while `data` is missing. */
function Figures({ data }: { data: Stats | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
      {!data && (
        <span className="sr-only" role="status">
          Loading platform statistics
        </span>
      )}
      {FIGURES.map((f) => (
        <StatCard
          key={f.label}
          label={f.label}
          icon={f.icon}
          tone={f.tone}
          loading={!data}
          value={data && f.value(data)}
          trend={data && platformTrendView(f.trend(data), f.period)}
        />
      ))}
    </div>
  );
}

/**
 * /platform/dashboard (platform_admin): six stat cards (Total Tenants, Active Tenants, Total
 * Customers, Total Revenue, Monthly Revenue, Total Stores) each with its real trend (none shown
 * when there is nothing to compare with), the Recent Activity list and Quick Actions. Loading
 * skeleton; on failure 'Failed to load platform statistics' with the server's message and Try
 * again.
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
    figures = <Figures data={undefined} />;
  } else if (!data) {
    figures = <LoadError title="Failed to load platform statistics" query={stats} fallback="Please try again." />;
  } else {
    figures = (
      <>
        <Figures data={data} />
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
      <PageHeader
        title="Platform Dashboard"
        subtitle={user?.firstName ? `Welcome back, ${user.firstName}! Here is how the platform is doing.` : 'Here is how the platform is doing.'}
      />
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
