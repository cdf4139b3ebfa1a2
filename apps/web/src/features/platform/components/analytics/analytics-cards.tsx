import type { PlatformAnalytics } from '@loyalty/contract';
import { Activity, ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatCents } from '@/lib/format';
import { CountBarChart, MoneyAreaChart, StatusBarChart, monthLabel } from './charts';

/** 'Revenue by Month' (cents, with the 12-month total) and 'New Tenants by Month' charts of the last 12 UTC months. */
export function GrowthChartCards({ data: a }: { data: PlatformAnalytics }) {
  const revenueYear = a.revenueByMonth.reduce((s, x) => s + x.revenue, 0);
  return (
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
  );
}

/** 'Tenants by Status' chart (spec §4 colours) and the 'Recent Activity' card linking to the platform dashboard. */
export function StatusAndActivityCards({ data: a }: { data: PlatformAnalytics }) {
  const totalTenants = a.tenantsByStatus.reduce((s, x) => s + x.count, 0);
  return (
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
  );
}
