import type { LiabilityReport } from '@loyalty/contract';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FactRow } from '@/components/ui/facts';
import { formatCents } from '@/lib/format';
import { useMessages, type MessageKey } from '@/lib/i18n';
import { liabilityMessages } from '../messages';

/** The period's movements in display order, with their labels' catalog keys. */
const ROWS: [keyof Omit<LiabilityReport['period'], 'breakageRateBps'>, MessageKey<(typeof liabilityMessages)['en']>][] = [
  ['earnedCents', 'periodEarned'],
  ['addedFundsCents', 'periodAddedFunds'],
  ['bonusCents', 'periodBonuses'],
  ['redeemedCents', 'periodRedeemed'],
  ['voidedCents', 'periodVoided'],
  ['refundedCents', 'periodRefunded'],
  ['unrecoveredCents', 'periodUnrecovered'],
  ['adjustedCents', 'periodAdjusted'],
  ['expiredCents', 'periodExpired'],
];

/** The period's ledger movements as a facts list (money in dollars; adjustments signed). */
export function PeriodFacts({ report }: { report: LiabilityReport }) {
  const t = useMessages(liabilityMessages);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('periodTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100">
          {ROWS.map(([key, label]) => (
            <FactRow key={key} label={t(label)}>
              {formatCents(report.period[key])}
            </FactRow>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
