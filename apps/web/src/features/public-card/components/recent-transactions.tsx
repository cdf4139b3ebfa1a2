import type { Category, PublicCardResponse, TransactionType } from '@loyalty/contract';
import { formatCents } from '@loyalty/domain';
import { ArrowDownLeft, ArrowUpRight, Receipt, SlidersHorizontal } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

type PublicTransaction = NonNullable<PublicCardResponse['transactions']>[number];

const TYPE_LABELS: Record<TransactionType, string> = { EARN: 'Earn', REDEEM: 'Redeem', ADJUST: 'Adjustment' };
const CATEGORY_LABELS: Record<Category, string> = { PURCHASE: 'Purchase', REPAIR: 'Repair', OTHER: 'Other' };

const TYPE_STYLES: Record<TransactionType, { Icon: typeof Receipt; tone: string }> = {
  EARN: { Icon: ArrowDownLeft, tone: 'bg-emerald-50 text-emerald-600' },
  REDEEM: { Icon: ArrowUpRight, tone: 'bg-orange-50 text-orange-600' },
  ADJUST: { Icon: SlidersHorizontal, tone: 'bg-slate-100 text-slate-600' },
};

/** The amount column: the purchase for EARN, a minus for REDEEM, the signed amount for ADJUST. */
function amountText(tx: PublicTransaction): string {
  if (tx.type === 'REDEEM') return `−${formatCents(Math.abs(tx.amountCents))}`;
  if (tx.type === 'ADJUST') return `${tx.amountCents < 0 ? '−' : '+'}${formatCents(Math.abs(tx.amountCents))}`;
  return formatCents(tx.amountCents);
}

/**
 * Up to 5 recent transactions of a full public card (spec §2, §9): type (and category), date,
 * amount, and the cashback on EARN rows only.
 */
export function RecentTransactions({ transactions }: { transactions: PublicTransaction[] }) {
  const rows = transactions.slice(0, 5);
  return (
    <section aria-labelledby="recent-transactions-title" className="rounded-2xl border border-slate-200 bg-white px-4 shadow-sm">
      <h2 id="recent-transactions-title" className="pt-4 text-sm font-semibold text-slate-900">
        Recent transactions
      </h2>
      {rows.length === 0 ? (
        <div className="flex flex-col items-center py-8 text-center">
          <Receipt aria-hidden="true" className="h-8 w-8 text-slate-300" />
          <p className="mt-2 text-sm text-slate-500">No transactions yet.</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((tx) => {
            const { Icon, tone } = TYPE_STYLES[tx.type] ?? TYPE_STYLES.ADJUST;
            return (
              <li key={tx.id} className="flex items-center gap-3 py-3" data-testid="public-card-transaction">
                <span aria-hidden="true" className={cn('flex h-9 w-9 shrink-0 items-center justify-center rounded-full', tone)}>
                  <Icon className="h-4 w-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">
                    {TYPE_LABELS[tx.type] ?? tx.type}
                    {tx.category && <span className="font-normal text-slate-500"> · {CATEGORY_LABELS[tx.category] ?? tx.category}</span>}
                  </p>
                  <p className="text-xs text-slate-500">{formatDateTime(tx.createdAt)}</p>
                </div>
                <div className="shrink-0 text-right">
                  <p className={cn('text-sm font-semibold tabular-nums', tx.type === 'REDEEM' ? 'text-orange-700' : 'text-slate-900')}>{amountText(tx)}</p>
                  {tx.type === 'EARN' && <p className="text-xs font-medium text-emerald-700 tabular-nums">+{formatCents(tx.cashbackCents)} cashback</p>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
