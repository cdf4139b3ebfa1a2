import type { LiabilitySeriesDay } from '@loyalty/contract';
import { MoneyAreaChart } from '@/components/charts/money-area-chart';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents } from '@/lib/format';

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' (a day of the tenant's zone) → 'Nov 5'. */
function dayLabel(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

/**
 * Outstanding at the end of each day of the period (the shared MoneyAreaChart, cents shown as
 * dollars). The figure's accessible name states the last day's value.
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
        <MoneyAreaChart
          name="Outstanding"
          data={data}
          label={`Outstanding over time chart, ${formatCents(last?.outstandingCents ?? 0)} at the end of the period`}
        />
      </CardContent>
    </Card>
  );
}
