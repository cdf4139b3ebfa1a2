import type { EndOfDayFigures } from '@loyalty/contract';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FactRow } from '@/components/ui/facts';
import { useMessages } from '@/lib/i18n';
import { endOfDayMessages } from '../messages';
import { TOTAL_FACTS } from '../report-figures';

/** The day's totals of every kind of movement as a facts list, the expiries and the cashback taken back included. */
export function DayTotals({ totals }: { totals: EndOfDayFigures }) {
  const t = useMessages(endOfDayMessages);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('totalsTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100">
          {TOTAL_FACTS.map(([label, value]) => (
            <FactRow key={label} label={t(label)}>
              {value(totals)}
            </FactRow>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
