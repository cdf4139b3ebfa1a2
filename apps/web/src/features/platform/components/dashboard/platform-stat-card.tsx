import { useId } from 'react';
import { Minus, TrendingDown, TrendingUp, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

/** How a card shows its trend: the text and its tone. */
export interface PlatformTrendView {
  text: string;
  tone: 'up' | 'down' | 'flat' | 'none';
}

/**
 * The trend line of a platform stat card (decisions.md 'Where the spec shows placeholders':
 * real trends). `pct` is the contract's percentage change (one decimal) or null when the
 * previous period had nothing to compare with: then no percentage is shown, only a muted
 * 'No earlier data'. '+12.5% vs last month' up (green), '−3.2% …' down (red), '0.0% …' flat.
 */
export function platformTrendView(pct: number | null | undefined, period: string): PlatformTrendView {
  if (pct === null || pct === undefined || !Number.isFinite(pct)) return { text: 'No earlier data', tone: 'none' };
  const abs = Math.abs(pct).toFixed(1);
  if (pct > 0) return { text: `+${abs}% ${period}`, tone: 'up' };
  if (pct < 0) return { text: `−${abs}% ${period}`, tone: 'down' };
  return { text: `0.0% ${period}`, tone: 'flat' };
}

const toneStyles = {
  up: { className: 'text-emerald-700', Icon: TrendingUp },
  down: { className: 'text-red-600', Icon: TrendingDown },
  flat: { className: 'text-slate-500', Icon: Minus },
  none: { className: 'text-slate-500', Icon: null },
} as const;

/**
 * One figure of the operator's dashboard (spec §2 'Platform area'): label, value, icon and its
 * real trend. A `group` named by its label, so tests and screen readers read 'Total Tenants',
 * its value and its trend together.
 */
export function PlatformStatCard({
  label,
  value,
  trend,
  period,
  icon: Icon,
  accent,
}: {
  label: string;
  value: string;
  /** Percentage change, or null when there is nothing to compare with. */
  trend: number | null;
  /** What the change compares with, e.g. 'vs last month'. */
  period: string;
  icon: LucideIcon;
  /** Classes of the icon's round background and colour. */
  accent: string;
}) {
  const id = useId();
  const view = platformTrendView(trend, period);
  const style = toneStyles[view.tone];
  const TrendIcon = style.Icon;
  return (
    <div role="group" aria-labelledby={id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={id} className="text-sm font-medium text-slate-500">
            {label}
          </p>
          <p className="mt-1.5 truncate text-xl font-semibold tracking-tight text-slate-900 tabular-nums sm:mt-2 sm:text-2xl" data-testid="stat-value" title={value}>
            {value}
          </p>
        </div>
        <span aria-hidden="true" className={cn('hidden h-11 w-11 shrink-0 items-center justify-center rounded-full sm:flex', accent)}>
          <Icon className="h-5 w-5" />
        </span>
      </div>
      <p
        className={cn('mt-auto flex items-start gap-1 pt-3 text-xs font-medium sm:items-center sm:text-sm', style.className)}
        data-testid="stat-trend"
        data-tone={view.tone}
        title={view.tone === 'none' ? 'Nothing in the previous period to compare with' : undefined}
      >
        {TrendIcon && <TrendIcon aria-hidden="true" className="mt-px h-4 w-4 shrink-0 sm:mt-0" />}
        {view.text}
      </p>
    </div>
  );
}

/** Grey placeholder cards in the grid's shape while the figures load. */
export function PlatformStatsSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div aria-busy="true" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
      <span className="sr-only" role="status">
        Loading platform statistics
      </span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} aria-hidden="true" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <div className="h-3.5 w-24 animate-pulse rounded bg-slate-200" />
          <div className="mt-3 h-7 w-20 animate-pulse rounded bg-slate-200" />
          <div className="mt-4 h-3 w-32 animate-pulse rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}
