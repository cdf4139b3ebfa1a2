import type { LiabilityReport } from '@loyalty/contract';
import { CreditCard, Hourglass, Percent, Wallet } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { formatBps, formatCents, formatCount } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { liabilityMessages } from '../messages';

/**
 * The four figures of the Liability page: Outstanding (Σ card balances now), Cards with balance,
 * Expiring in 30 days and the period's Breakage rate (expired against credited). `report`
 * undefined draws the placeholders.
 */
export function LiabilityFigures({ report }: { report?: LiabilityReport }) {
  const t = useMessages(liabilityMessages);
  const loading = !report;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label={t('figureOutstanding')}
        value={report && formatCents(report.outstandingCents)}
        hint={t('figureOutstandingHint')}
        icon={Wallet}
        loading={loading}
      />
      <StatCard label={t('figureCards')} value={report && formatCount(report.cardsWithBalance)} icon={CreditCard} tone="blue" loading={loading} />
      <StatCard label={t('figureExpiring')} value={report && formatCents(report.expiringNext30DaysCents)} icon={Hourglass} tone="amber" loading={loading} />
      <StatCard
        label={t('figureBreakage')}
        value={report && formatBps(report.period.breakageRateBps)}
        hint={t('figureBreakageHint')}
        icon={Percent}
        tone="violet"
        loading={loading}
      />
    </div>
  );
}
