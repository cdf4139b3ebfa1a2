import type { TenantSummary as Summary } from '@loyalty/contract';
import { AlertTriangle, Building2, CheckCircle2, Clock, PauseCircle } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { formatCount as count } from '@/lib/format';

/**
 * The Tenants screen's summary cards: all tenants and how many are Active, on Trial, Past Due and
 * Inactive (canceled or without a subscription: the badge's grey 'Inactive'). Counts cover every
 * tenant, whatever the search and filter.
 */
export function TenantSummaryCards({ summary }: { summary: Summary }) {
  const inactive = summary.canceled + summary.none;
  return (
    <section aria-label="Tenant summary" className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
      <StatCard label="Total Tenants" value={count(summary.total)} icon={Building2} tone="indigo" className="col-span-2 sm:col-span-1" />
      <StatCard label="Active" value={count(summary.active)} icon={CheckCircle2} tone="emerald" />
      <StatCard label="Trial" value={count(summary.trialing)} icon={Clock} tone="blue" />
      <StatCard label="Past Due" value={count(summary.pastDue)} icon={AlertTriangle} tone="orange" />
      <StatCard label="Inactive" value={count(inactive)} hint={`${summary.canceled} canceled · ${summary.none} none`} icon={PauseCircle} tone="sky" />
    </section>
  );
}
