import { useEffect } from 'react';
import type { PlatformStats } from '@loyalty/contract';
import { Building2, CalendarDays, CheckCircle2, DollarSign, Store, Users, type LucideIcon } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { LoadError } from '@/components/ui/load-error';
import { StatCard, type StatTone } from '@/components/ui/stat-card';
import { useAuthStore } from '@/lib/auth-store';
import { formatCents } from '@/lib/format';
import { useMessages, type MessageKey } from '@/lib/i18n';
import { usePlatformStats } from '../api/stats';
import { platformTrendView } from '../components/dashboard/trend';
import { QuickActions } from '../components/dashboard/quick-actions';
import { RecentActivity } from '../components/dashboard/recent-activity';
import { dashboardMessages } from '../messages-dashboard';

const count = (n: number) => n.toLocaleString('en-US');
const LAST_30 = 'vsPrevious30Days';
const LAST_MONTH = 'vsLastMonth';

type Stats = PlatformStats;
type DashboardKey = MessageKey<typeof dashboardMessages.en>;
type Figure = { label: DashboardKey; icon: LucideIcon; tone: StatTone; period: DashboardKey; value: (s: Stats) => string; trend: (s: Stats) => number | null };

/** The six figures, in a fixed order: label, icon, what the trend compares with, value and trend. */
const FIGURES: readonly Figure[] = [
  { label: 'totalTenants', icon: Building2, tone: 'indigo', period: LAST_30, value: (s) => count(s.totalTenants), trend: (s) => s.trends.totalTenants },
  { label: 'activeTenants', icon: CheckCircle2, tone: 'emerald', period: LAST_30, value: (s) => count(s.activeTenants), trend: (s) => s.trends.activeTenants },
  { label: 'totalCustomers', icon: Users, tone: 'blue', period: LAST_30, value: (s) => count(s.totalCustomers), trend: (s) => s.trends.totalCustomers },
  {
    label: 'totalRevenue',
    icon: DollarSign,
    tone: 'violet',
    period: LAST_MONTH,
    value: (s) => formatCents(s.totalRevenue),
    trend: (s) => s.trends.totalRevenue,
  },
  {
    label: 'monthlyRevenue',
    icon: CalendarDays,
    tone: 'orange',
    period: LAST_MONTH,
    value: (s) => formatCents(s.monthlyRevenue),
    trend: (s) => s.trends.monthlyRevenue,
  },
  { label: 'totalStores', icon: Store, tone: 'pink', period: LAST_30, value: (s) => count(s.totalStores), trend: (s) => s.trends.totalStores },
];

/** The grid of the six cards; grey placeholders (and a 'Loading platform statistics' status) while `data` is missing. */
function Figures({ data }: { data: Stats | undefined }) {
  const t = useMessages(dashboardMessages);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
      {!data && (
        <span className="sr-only" role="status">
          {t('loadingStatistics')}
        </span>
      )}
      {FIGURES.map((f) => (
        <StatCard
          key={f.label}
          label={t(f.label)}
          icon={f.icon}
          tone={f.tone}
          loading={!data}
          value={data && f.value(data)}
          trend={data && platformTrendView(f.trend(data), t(f.period))}
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
  const t = useMessages(dashboardMessages);
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
    figures = <LoadError title={t('loadFailed')} query={stats} fallback={t('loadFailedFallback')} />;
  } else {
    figures = (
      <>
        <Figures data={data} />
        {stats.isError && (
          <Alert tone="warning" className="mt-4">
            {t('staleFigures')}
          </Alert>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={t('pageTitle')} subtitle={user?.firstName ? t('welcomeBack', { name: user.firstName }) : t('subtitle')} />
      <section aria-label={t('statistics')} className="mb-6">
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
