import type { PublicCardResponse } from '@loyalty/contract';
import { Receipt } from 'lucide-react';
import { TransactionSummary } from '@/components/transaction-cells';
import { useMessages } from '@/lib/i18n';
import { publicCardMessages } from '../messages';

type PublicTransaction = NonNullable<PublicCardResponse['transactions']>[number];

/**
 * Up to 5 recent transactions of a full public card: type (and category; a bonus by its reason), date,
 * amount, and the cashback on EARN rows only.
 */
export function RecentTransactions({ transactions }: { transactions: PublicTransaction[] }) {
  const t = useMessages(publicCardMessages);
  const rows = transactions.slice(0, 5);
  return (
    <section aria-labelledby="recent-transactions-title" className="rounded-2xl border border-slate-200 bg-white px-4 shadow-sm">
      <h2 id="recent-transactions-title" className="pt-4 text-sm font-semibold text-slate-900">
        {t('recentTitle')}
      </h2>
      {rows.length === 0 ? (
        <div className="flex flex-col items-center py-8 text-center">
          <Receipt aria-hidden="true" className="h-8 w-8 text-slate-300" />
          <p className="mt-2 text-sm text-slate-500">{t('noTransactions')}</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((tx) => (
            <li key={tx.id} className="flex items-center gap-3 py-3" data-testid="public-card-transaction">
              <TransactionSummary tx={tx} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
