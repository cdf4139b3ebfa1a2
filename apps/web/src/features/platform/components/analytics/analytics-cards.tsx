import type { PlatformAnalytics } from '@loyalty/contract';
import type { ReactNode } from 'react';
import { Activity, ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatCents } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { analyticsMessages } from '../../messages-analytics';
import { CountBarChart, MoneyAreaChart, StatusBarChart, monthLabel } from './charts';

/** One chart in a card: its title, a short figure on the right of the title (`aside`) and the chart. */
function ChartCard({ title, aside, children }: { title: string; aside: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <span className="text-sm text-slate-500">{aside}</span>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** 'Revenue by Month' (cents, with the 12-month total) and 'New Tenants by Month' charts of the last 12 UTC months. */
export function GrowthChartCards({ data: a }: { data: PlatformAnalytics }) {
  const t = useMessages(analyticsMessages);
  const revenueYear = a.revenueByMonth.reduce((s, x) => s + x.revenue, 0);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard title={t('revenueByMonth')} aside={formatCents(revenueYear)}>
        <MoneyAreaChart name={t('revenueChartName')} data={a.revenueByMonth.map((m) => ({ label: monthLabel(m.month), value: m.revenue }))} />
      </ChartCard>
      <ChartCard title={t('newTenantsByMonth')} aside={t('newTenantsInYear', { n: a.tenantsByMonth.reduce((s, m) => s + m.count, 0) })}>
        <CountBarChart name={t('newTenantsChartName')} data={a.tenantsByMonth.map((m) => ({ label: monthLabel(m.month), value: m.count }))} />
      </ChartCard>
    </div>
  );
}

/** 'Tenants by Status' chart (badge colours) and the 'Recent Activity' card linking to the platform dashboard. */
export function StatusAndActivityCards({ data: a }: { data: PlatformAnalytics }) {
  const t = useMessages(analyticsMessages);
  const totalTenants = a.tenantsByStatus.reduce((s, x) => s + x.count, 0);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard title={t('tenantsByStatus')} aside={t('tenantsInAll', { n: totalTenants })}>
        <StatusBarChart data={a.tenantsByStatus} />
      </ChartCard>
      <Card className="flex flex-col">
        <CardHeader>
          <CardTitle>{t('recentActivity')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-1 flex-col items-start justify-center gap-3">
          <Activity className="h-8 w-8 text-indigo-500" aria-hidden />
          <p className="text-sm text-slate-600">{t('recentActivityText')}</p>
          <Link to={paths.platform.dashboard} className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline">
            {t('viewRecentActivity')} <ArrowRight className="h-4 w-4" aria-hidden />
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
