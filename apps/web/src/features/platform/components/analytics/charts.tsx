import type { SubscriptionStatus } from '@loyalty/contract';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, atLeast, tooltipStyle, type ChartPoint } from '@/components/charts/money-area-chart';
import { formatCents, formatCentsCompact } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { SUBSCRIPTION_STATUS_NAMES } from '@/lib/labels';
import { analyticsMessages } from '../../messages-analytics';

const { indigo: INDIGO, grid: GRID, axis: AXIS } = CHART_COLORS;

export { MoneyAreaChart, type ChartPoint } from '@/components/charts/money-area-chart';

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM' (a UTC month of the API) → 'Jan 26'. */
export function monthLabel(month: string): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? month : monthFormat.format(d);
}

/** 'YYYY-MM-DD' or an ISO timestamp (a UTC day of the API) → 'Jan 5'. */
export function dayLabel(date: string): string {
  const d = new Date(date.length === 10 ? `${date}T00:00:00Z` : date);
  return Number.isNaN(d.getTime()) ? date : dayFormat.format(d);
}

/**
 * A money series per day (revenue by day): one bar per day, values in cents shown as dollars
 * (axis compact, tooltip exact). Empty or all-zero data still draws both axes.
 */
export function MoneyBarChart({ data, name, height = 240 }: { data: ChartPoint[]; name: string; height?: number }) {
  const t = useMessages(analyticsMessages);
  const total = data.reduce((s, p) => s + p.value, 0);
  return (
    <figure aria-label={t('chartTotal', { name, total: formatCents(total) })} data-testid="money-chart" className="w-full">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fill: AXIS, fontSize: 12 }} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={12} />
          <YAxis
            tickFormatter={formatCentsCompact}
            tick={{ fill: AXIS, fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            width={56}
            domain={[0, atLeast(100)]}
          />
          <Tooltip contentStyle={tooltipStyle} cursor={{ fill: '#eef2ff' }} formatter={(v) => [formatCents(Number(v)), name]} />
          <Bar dataKey="value" name={name} fill={INDIGO} radius={[3, 3, 0, 0]} maxBarSize={28} animationDuration={400} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/**
 * A count series (new tenants by month): bars, whole numbers on the axis. Empty or all-zero
 * data still draws both axes.
 */
export function CountBarChart({ data, name, height = 260, color = INDIGO }: { data: ChartPoint[]; name: string; height?: number; color?: string }) {
  const t = useMessages(analyticsMessages);
  const total = data.reduce((s, p) => s + p.value, 0);
  return (
    <figure aria-label={t('chartTotal', { name, total })} data-testid="count-chart" className="w-full">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fill: AXIS, fontSize: 12 }} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={8} />
          <YAxis allowDecimals={false} tick={{ fill: AXIS, fontSize: 12 }} tickLine={false} axisLine={false} width={40} domain={[0, atLeast(1)]} />
          <Tooltip contentStyle={tooltipStyle} cursor={{ fill: '#eef2ff' }} formatter={(v) => [Number(v).toLocaleString('en-US'), name]} />
          <Bar dataKey="value" name={name} fill={color} radius={[4, 4, 0, 0]} maxBarSize={36} animationDuration={400} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** Status colours: ACTIVE green, TRIALING blue, PAST_DUE orange, the others grey (two shades to tell them apart). */
export const STATUS_COLORS: Record<SubscriptionStatus, string> = {
  ACTIVE: '#16a34a',
  TRIALING: '#2563eb',
  PAST_DUE: '#ea580c',
  CANCELED: '#94a3b8',
  NONE: '#cbd5e1',
};

/** The count at the end of a status bar (recharts' bar label settings). */
const BAR_END_LABEL = { position: 'right', fill: '#0f172a', fontSize: 12 } as const;

/** Labels of the statuses in the distribution chart (kept under this name for the analytics page). */
export const STATUS_NAMES = SUBSCRIPTION_STATUS_NAMES;

/**
 * Tenants by subscription status: one horizontal bar per status in its badge colour, with
 * the count at its end. Statuses with no tenant still get their row (an empty bar).
 */
export function StatusBarChart({ data }: { data: Array<{ status: SubscriptionStatus; count: number }> }) {
  const t = useMessages(analyticsMessages);
  const order: SubscriptionStatus[] = ['ACTIVE', 'TRIALING', 'PAST_DUE', 'CANCELED', 'NONE'];
  const rows = order.map((status) => ({
    label: STATUS_NAMES[status],
    value: data.find((d) => d.status === status)?.count ?? 0,
    fill: STATUS_COLORS[status],
  }));
  const total = rows.reduce((s, r) => s + r.value, 0);
  return (
    <figure aria-label={t('chartByStatus', { list: rows.map((r) => `${r.label} ${r.value}`).join(', ') })} data-testid="status-chart" className="w-full">
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 28, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={GRID} strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            allowDecimals={false}
            domain={[0, atLeast(1)]}
            tick={{ fill: AXIS, fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: GRID }}
          />
          <YAxis type="category" dataKey="label" width={112} tick={{ fill: AXIS, fontSize: 12 }} tickLine={false} axisLine={false} />
          <Tooltip
            contentStyle={tooltipStyle}
            cursor={{ fill: '#f8fafc' }}
            formatter={(v) => [t('tooltipOf', { value: String(v), total }), t('tooltipTenants')]}
          />
          <Bar dataKey="value" name={t('tooltipTenants')} radius={[0, 4, 4, 0]} maxBarSize={24} animationDuration={400} label={BAR_END_LABEL} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
