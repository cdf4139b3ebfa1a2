import type { PlatformAnalytics } from '@loyalty/contract';
import { Building2, DollarSign, TrendingUp, UserPlus } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { formatCents } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { analyticsMessages } from '../../messages-analytics';
import { STATUS_COLORS, STATUS_NAMES } from './charts';

/** A growth percentage: '+15.2%', '−3.0%', '0.0%'; null (nothing to compare with) → '—'. */
function growthText(growth: number | null): string {
  if (growth === null || !Number.isFinite(growth)) return '—';
  const sign = growth > 0 ? '+' : growth < 0 ? '−' : '';
  return `${sign}${Math.abs(growth).toFixed(1)}%`;
}

/**
 * The analytics tiles (/platform/analytics): Revenue This Month (cents, with the 12-month
 * total), New Tenants This Month, Monthly Growth (new tenants against last month; '—' when last
 * month had none) and Tenants (with the count of Active, Trial and Past Due in their badge colours).
 */
export function AnalyticsTiles({ data: a }: { data: PlatformAnalytics }) {
  const t = useMessages(analyticsMessages);
  const revenueThisMonth = a.revenueByMonth.at(-1)?.revenue ?? 0;
  const newThisMonth = a.tenantsByMonth.at(-1)?.count ?? 0;
  const totalTenants = a.tenantsByStatus.reduce((s, x) => s + x.count, 0);
  const revenueYear = a.revenueByMonth.reduce((s, x) => s + x.revenue, 0);
  const byStatus = (['ACTIVE', 'TRIALING', 'PAST_DUE'] as const).map((s) => ({ s, n: a.tenantsByStatus.find((x) => x.status === s)?.count ?? 0 }));
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label={t('revenueThisMonth')}
        value={formatCents(revenueThisMonth)}
        icon={DollarSign}
        tone="emerald"
        hint={t('revenueYearHint', { amount: formatCents(revenueYear) })}
      />
      <StatCard label={t('newTenantsThisMonth')} value={newThisMonth.toLocaleString('en-US')} icon={UserPlus} tone="blue" />
      <StatCard
        label={t('monthlyGrowth')}
        value={growthText(a.monthlyGrowth)}
        icon={TrendingUp}
        hint={a.monthlyGrowth === null ? t('growthNothingToCompare') : t('growthAgainstLastMonth')}
      />
      <StatCard
        label={t('tenants')}
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
  );
}
