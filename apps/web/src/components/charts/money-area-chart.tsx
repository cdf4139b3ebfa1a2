import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents, formatCentsCompact } from '@/lib/format';

/** The chart colours (Tailwind indigo-600 / slate), shared by every chart of the app. */
export const CHART_COLORS = { indigo: '#4f46e5', grid: '#e2e8f0', axis: '#64748b' } as const;

/** The tooltip box of every chart. */
export const tooltipStyle = { borderRadius: 8, borderColor: CHART_COLORS.grid, fontSize: 12 } as const;

/** Upper bound of a value axis: at least `floor`, so an all-zero series still draws its axes. */
export const atLeast = (floor: number) => (max: number) => Math.max(max, floor);

/** One point of a series: its axis label, its value and the tooltip's heading. */
export interface ChartPoint {
  label: string;
  value: number;
  title?: string;
}

/**
 * A money series over time (revenue by month or by day): an area chart, values in cents shown
 * as dollars (axis compact, tooltip exact with formatCents). Empty or all-zero data still draws
 * both axes. `name` is the series' name in the tooltip; the figure's accessible name is `label`,
 * else '{name} chart, total $x' (revenue, the operator's analytics; outstanding, Liability).
 */
export function MoneyAreaChart({ data, name, height = 260, label }: { data: ChartPoint[]; name: string; height?: number; label?: string }) {
  const total = data.reduce((s, p) => s + p.value, 0);
  return (
    <figure aria-label={label ?? `${name} chart, total ${formatCents(total)}`} data-testid="money-chart" className="w-full">
      <ResponsiveContainer width="100%" height={height}>
        <AreaChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="money-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={CHART_COLORS.indigo} stopOpacity={0.3} />
              <stop offset="100%" stopColor={CHART_COLORS.indigo} stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid stroke={CHART_COLORS.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fill: CHART_COLORS.axis, fontSize: 12 }} tickLine={false} axisLine={{ stroke: CHART_COLORS.grid }} minTickGap={12} />
          <YAxis
            tickFormatter={formatCentsCompact}
            tick={{ fill: CHART_COLORS.axis, fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            width={56}
            domain={[0, atLeast(100)]}
          />
          <Tooltip
            contentStyle={tooltipStyle}
            formatter={(v) => [formatCents(Number(v)), name]}
            labelFormatter={(label, payload) => (payload?.[0]?.payload as ChartPoint | undefined)?.title ?? String(label)}
          />
          <Area type="linear" dataKey="value" name={name} stroke={CHART_COLORS.indigo} strokeWidth={2} fill="url(#money-fill)" animationDuration={400} />
        </AreaChart>
      </ResponsiveContainer>
    </figure>
  );
}
