import type { TenantSummary as Summary } from '@loyalty/contract';
import { AlertTriangle, Building2, CheckCircle2, Clock, PauseCircle, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

function SummaryCard({ label, value, detail, icon: Icon, accent, className }: { label: string; value: number; detail?: string; icon: LucideIcon; accent: string; className?: string }) {
  return (
    <div role="group" aria-label={label} className={cn('flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4', className)}>
      <span aria-hidden="true" className={cn('hidden h-10 w-10 shrink-0 items-center justify-center rounded-full sm:flex xl:hidden 2xl:flex', accent)}>
        <Icon className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <p className="truncate text-xs font-medium text-slate-500 sm:text-sm">{label}</p>
        <p className="text-xl font-semibold text-slate-900 tabular-nums" data-testid="summary-value">
          {value.toLocaleString('en-US')}
        </p>
        {detail && <p className="text-xs text-slate-500">{detail}</p>}
      </div>
    </div>
  );
}

/**
 * The Tenants screen's summary cards (spec §2 'Platform area'): all tenants and how many are
 * Active, on Trial, Past Due and Inactive (canceled or without a subscription: the badge's
 * grey 'Inactive', spec §4). Counts cover every tenant, whatever the search and filter.
 */
export function TenantSummaryCards({ summary }: { summary: Summary }) {
  const inactive = summary.canceled + summary.none;
  return (
    <section aria-label="Tenant summary" className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
      <SummaryCard label="Total Tenants" value={summary.total} icon={Building2} accent="bg-indigo-50 text-indigo-600" className="col-span-2 sm:col-span-1" />
      <SummaryCard label="Active" value={summary.active} icon={CheckCircle2} accent="bg-green-50 text-green-600" />
      <SummaryCard label="Trial" value={summary.trialing} icon={Clock} accent="bg-blue-50 text-blue-600" />
      <SummaryCard label="Past Due" value={summary.pastDue} icon={AlertTriangle} accent="bg-orange-50 text-orange-600" />
      <SummaryCard label="Inactive" value={inactive} detail={`${summary.canceled} canceled · ${summary.none} none`} icon={PauseCircle} accent="bg-slate-100 text-slate-500" />
    </section>
  );
}
