import type { EndOfDayReport } from '@loyalty/contract';
import { ArrowLeftRight, RotateCcw, ShoppingBag, Wallet } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { formatCents } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { endOfDayMessages } from '../messages';
import { countAndAmount } from '../report-figures';

/**
 * The four figures of the day's totals on the End of day page: Purchases ('n · $amount', with the
 * cashback issued), Redemptions, Refunds (with the cashback taken back) and the Net balance change
 * of every card. `report` undefined draws the placeholders.
 */
export function DayFigures({ report }: { report?: EndOfDayReport }) {
  const t = useMessages(endOfDayMessages);
  const loading = !report;
  const totals = report?.totals;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label={t('figurePurchases')}
        value={totals && countAndAmount(totals.purchases)}
        hint={totals && t('figurePurchasesHint', { amount: formatCents(totals.purchases.cashbackCents) })}
        icon={ShoppingBag}
        loading={loading}
      />
      <StatCard label={t('figureRedemptions')} value={totals && countAndAmount(totals.redemptions)} icon={ArrowLeftRight} tone="emerald" loading={loading} />
      <StatCard
        label={t('figureRefunds')}
        value={totals && countAndAmount(totals.refunds)}
        hint={totals && t('figureRefundsHint', { amount: formatCents(totals.refunds.clawbackCents) })}
        icon={RotateCcw}
        tone="amber"
        loading={loading}
      />
      <StatCard label={t('figureNet')} value={totals && formatCents(totals.netCents)} hint={t('figureNetHint')} icon={Wallet} tone="violet" loading={loading} />
    </div>
  );
}
