import type { LiabilitySeriesDay } from '@loyalty/contract';
import { MoneyAreaChart } from '@/components/charts/money-area-chart';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { liabilityMessages } from '../messages';

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
  const t = useMessages(liabilityMessages);
  const data = series.map((d) => ({ label: dayLabel(d.date), value: d.outstandingCents }));
  const last = series.at(-1);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('chartTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <MoneyAreaChart name={t('chartSeries')} data={data} label={t('chartLabel', { amount: formatCents(last?.outstandingCents ?? 0) })} />
      </CardContent>
    </Card>
  );
}
