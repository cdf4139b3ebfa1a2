import type { TenantSummary as Summary } from '@loyalty/contract';
import { AlertTriangle, Building2, CheckCircle2, Clock, PauseCircle } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { formatCount as count } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { tenantsMessages } from '../../messages-tenants';

/**
 * The Tenants screen's summary cards: all tenants and how many are Active, on Trial, Past Due and
 * Inactive (canceled or without a subscription: the badge's grey 'Inactive'). Counts cover every
 * tenant, whatever the search and filter.
 */
export function TenantSummaryCards({ summary }: { summary: Summary }) {
  const t = useMessages(tenantsMessages);
  const inactive = summary.canceled + summary.none;
  return (
    <section aria-label={t('summaryLabel')} className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
      <StatCard label={t('summaryTotal')} value={count(summary.total)} icon={Building2} tone="indigo" className="col-span-2 sm:col-span-1" />
      <StatCard label={t('summaryActive')} value={count(summary.active)} icon={CheckCircle2} tone="emerald" />
      <StatCard label={t('summaryTrial')} value={count(summary.trialing)} icon={Clock} tone="blue" />
      <StatCard label={t('summaryPastDue')} value={count(summary.pastDue)} icon={AlertTriangle} tone="orange" />
      <StatCard
        label={t('summaryInactive')}
        value={count(inactive)}
        hint={t('summaryInactiveHint', { canceled: summary.canceled, none: summary.none })}
        icon={PauseCircle}
        tone="sky"
      />
    </section>
  );
}
