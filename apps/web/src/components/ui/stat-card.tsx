import { useId, type ReactNode } from 'react';
import { Minus, TrendingDown, TrendingUp, type LucideIcon } from 'lucide-react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/cn';

/** A {@link StatCard}'s round icon by tone (cva): a tinted background and the icon's colour. */
const iconVariants = cva('hidden h-11 w-11 shrink-0 items-center justify-center rounded-full sm:flex', {
  variants: {
    tone: {
      indigo: 'bg-indigo-50 text-indigo-600',
      emerald: 'bg-emerald-50 text-emerald-600',
      blue: 'bg-blue-50 text-blue-600',
      violet: 'bg-violet-50 text-violet-600',
      orange: 'bg-orange-50 text-orange-600',
      pink: 'bg-pink-50 text-pink-600',
      sky: 'bg-sky-50 text-sky-600',
      amber: 'bg-amber-50 text-amber-600',
    },
  },
});

/** The colour names a {@link StatCard} accepts. */
export type StatTone = NonNullable<VariantProps<typeof iconVariants>['tone']>;

/**
 * The trend line under a figure, already worded by its feature (the tenant dashboard's
 * 'from last month', the operator's 'vs previous 30 days'…): `tone` picks colour and arrow
 * (up green, down red, flat grey, new indigo, none grey without arrow); `title` an optional tooltip.
 */
export interface StatTrend {
  text: string;
  tone: 'up' | 'down' | 'flat' | 'new' | 'none';
  title?: string;
}

const trendStyles = {
  up: { className: 'text-emerald-700', Icon: TrendingUp },
  down: { className: 'text-red-600', Icon: TrendingDown },
  flat: { className: 'text-slate-500', Icon: Minus },
  new: { className: 'text-indigo-600', Icon: TrendingUp },
  none: { className: 'text-slate-500', Icon: null },
} as const;

/** Props of {@link StatCard}. */
export interface StatCardProps {
  /** Names the card (a `group` labelled by it), e.g. 'Total Customers'. */
  label: string;
  /** The figure, already formatted (`formatCents` for money). Not shown while `loading`. */
  value?: ReactNode;
  /** A small line under the value ('12 active', '$1,200.00 in 12 months'). */
  hint?: ReactNode;
  /** The trend line at the bottom; omit for none. */
  trend?: StatTrend;
  /** Decorative icon (hidden from screen readers; shown from `sm` up). */
  icon?: LucideIcon;
  tone?: StatTone;
  /** Grey placeholders instead of value, hint and trend (aria-busy). */
  loading?: boolean;
  className?: string;
}

/**
 * One figure of a dashboard or analytics screen (ADR 0013): label, big value, optional hint,
 * trend and icon. A `group` named by its label, so tests and screen readers find 'Total
 * Customers' and read its value (`data-testid="stat-value"`) and trend (`stat-trend`,
 * `data-tone`) together. The tenant dashboard, the operator's dashboard and analytics and the
 * customer's own page all use it.
 */
export function StatCard({ label, value, hint, trend, icon: Icon, tone = 'indigo', loading = false, className }: StatCardProps) {
  const id = useId();
  return (
    <div
      role="group"
      aria-labelledby={id}
      aria-busy={loading || undefined}
      className={cn('flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5', className)}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={id} className="text-sm font-medium text-slate-500">
            {label}
          </p>
          {loading ? (
            <div aria-hidden="true" className="mt-2.5 h-7 w-20 animate-pulse rounded bg-slate-200" />
          ) : (
            <p
              className="mt-1.5 truncate text-xl font-semibold tracking-tight text-slate-900 tabular-nums sm:mt-2 sm:text-2xl"
              data-testid="stat-value"
              title={typeof value === 'string' ? value : undefined}
            >
              {value}
            </p>
          )}
          {hint && !loading && <div className="mt-0.5 text-xs text-slate-500">{hint}</div>}
        </div>
        {Icon && (
          <span aria-hidden="true" className={iconVariants({ tone })}>
            <Icon className="h-5 w-5" />
          </span>
        )}
      </div>
      {loading ? <div aria-hidden="true" className="mt-4 h-3 w-32 animate-pulse rounded bg-slate-100" /> : trend && <StatTrendLine trend={trend} />}
    </div>
  );
}

/** The coloured trend line of a {@link StatCard}, with its arrow. */
function StatTrendLine({ trend }: { trend: StatTrend }) {
  const style = trendStyles[trend.tone];
  const TrendIcon = style.Icon;
  return (
    <p
      className={cn('mt-auto flex items-start gap-1 pt-3 text-xs font-medium sm:items-center sm:text-sm', style.className)}
      data-testid="stat-trend"
      data-tone={trend.tone}
      title={trend.title}
    >
      {TrendIcon && <TrendIcon aria-hidden="true" className="mt-px h-4 w-4 shrink-0 sm:mt-0" />}
      {trend.text}
    </p>
  );
}
