import { useId, type ReactNode } from 'react';
import type { Trend } from '@loyalty/contract';
import { Minus, TrendingDown, TrendingUp, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { trendView } from '../lib/trend';

const trendStyles = {
  up: { className: 'text-emerald-700', Icon: TrendingUp },
  down: { className: 'text-red-600', Icon: TrendingDown },
  flat: { className: 'text-slate-500', Icon: Minus },
  new: { className: 'text-indigo-600', Icon: TrendingUp },
  none: { className: 'text-slate-500', Icon: null },
} as const;

/**
 * One dashboard figure (spec §2 'Dashboard'): icon, label, value, an optional detail line and
 * its real trend against last month (decisions.md). A `group` named by its label, so tests and
 * screen readers find 'Total Customers' and read its value and trend together. `format`
 * renders the month figures in the trend's tooltip (counts or cents).
 */
export function StatTile({
  label,
  value,
  detail,
  trend,
  icon: Icon,
  accent,
  format,
}: {
  label: string;
  value: string;
  detail?: ReactNode;
  trend: Trend | undefined;
  icon: LucideIcon;
  /** Classes of the icon's round background and colour. */
  accent: string;
  format: (n: number) => string;
}) {
  const id = useId();
  const view = trendView(trend);
  const style = trendStyles[view.tone];
  const TrendIcon = style.Icon;
  return (
    <div role="group" aria-labelledby={id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={id} className="text-sm font-medium text-slate-500">
            {label}
          </p>
          <p className="mt-1.5 text-xl font-semibold tracking-tight text-slate-900 tabular-nums sm:mt-2 sm:text-2xl" data-testid="stat-value">
            {value}
          </p>
          {detail && <p className="mt-0.5 text-xs text-slate-500">{detail}</p>}
        </div>
        <span aria-hidden="true" className={cn('hidden h-11 w-11 shrink-0 items-center justify-center rounded-full sm:flex', accent)}>
          <Icon className="h-5 w-5" />
        </span>
      </div>
      <p
        className={cn('mt-auto flex items-start gap-1 pt-3 text-xs font-medium sm:items-center sm:text-sm', style.className)}
        data-testid="stat-trend"
        data-tone={view.tone}
        title={trend ? `This month: ${format(trend.thisMonth)} · last month: ${format(trend.lastMonth)}` : undefined}
      >
        {TrendIcon && <TrendIcon aria-hidden="true" className="mt-px h-4 w-4 shrink-0 sm:mt-0" />}
        {view.text}
      </p>
    </div>
  );
}
