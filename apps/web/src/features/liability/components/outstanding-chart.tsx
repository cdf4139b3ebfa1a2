import type { LiabilitySeriesDay } from '@loyalty/contract';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents, formatCentsCompact } from '@/lib/format';

const INDIGO = '#4f46e5';
const GRID = '#e2e8f0';
const AXIS = '#64748b';
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' (a day of the tenant's zone) → 'Nov 5'. */
function dayLabel(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

/**
 * Outstanding at the end of each day of the period (recharts area chart, cents shown as dollars).
 * The figure's accessible name states the last day's value.
 */
export function OutstandingChart({ series }: { series: LiabilitySeriesDay[] }) {
  const data = series.map((d) => ({ label: dayLabel(d.date), value: d.outstandingCents }));
  const last = series.at(-1);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Outstanding over time</CardTitle>
      </CardHeader>
      <CardContent>
        <figure aria-label={`Outstanding over time chart, ${formatCents(last?.outstandingCents ?? 0)} at the end of the period`} className="w-full">
          <ResponsiveContainer width="100%" height={260}>
            <AreaChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
              <defs>
                <linearGradient id="liability-fill" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={INDIGO} stopOpacity={0.3} />
                  <stop offset="100%" stopColor={INDIGO} stopOpacity={0.02} />
                </linearGradient>
              </defs>
              <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fill: AXIS, fontSize: 12 }} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={12} />
              <YAxis tickFormatter={formatCentsCompact} tick={{ fill: AXIS, fontSize: 12 }} tickLine={false} axisLine={false} width={56} domain={[0, (max: number) => Math.max(max, 100)]} />
              <Tooltip contentStyle={{ borderRadius: 8, borderColor: GRID, fontSize: 12 }} formatter={(v) => [formatCents(Number(v)), 'Outstanding']} />
              <Area type="linear" dataKey="value" name="Outstanding" stroke={INDIGO} strokeWidth={2} fill="url(#liability-fill)" animationDuration={400} />
            </AreaChart>
          </ResponsiveContainer>
        </figure>
      </CardContent>
    </Card>
  );
}
