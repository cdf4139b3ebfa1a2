import type { LiabilityReport } from '@loyalty/contract';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FactRow } from '@/components/ui/facts';
import { formatCents } from '@/lib/format';

/** The period's movements in display order, with their labels. */
const ROWS: [keyof Omit<LiabilityReport['period'], 'breakageRateBps'>, string][] = [
  ['earnedCents', 'Earned'],
  ['addedFundsCents', 'Added funds'],
  ['redeemedCents', 'Redeemed'],
  ['voidedCents', 'Voided redemptions'],
  ['refundedCents', 'Clawed back by refunds'],
  ['unrecoveredCents', 'Not recovered by refunds'],
  ['adjustedCents', 'Owner adjustments'],
  ['expiredCents', 'Expired'],
];

/** The period's ledger movements as a facts list (money in dollars; adjustments signed). */
export function PeriodFacts({ report }: { report: LiabilityReport }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>In this period</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100">
          {ROWS.map(([key, label]) => (
            <FactRow key={key} label={label}>
              {formatCents(report.period[key])}
            </FactRow>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
