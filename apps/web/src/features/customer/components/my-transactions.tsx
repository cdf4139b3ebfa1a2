import type { Category, TransactionItem, TransactionType } from '@loyalty/contract';
import { ArrowDownLeft, ArrowUpRight, Receipt, SlidersHorizontal } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatCents, formatDateTime } from '@/lib/format';

const TYPE_LABELS: Record<TransactionType, string> = { EARN: 'Earn', REDEEM: 'Redeem', ADJUST: 'Adjustment' };
const CATEGORY_LABELS: Record<Category, string> = { PURCHASE: 'Purchase', REPAIR: 'Repair', OTHER: 'Other' };
const TYPE_STYLES: Record<TransactionType, { Icon: typeof Receipt; tone: string }> = {
  EARN: { Icon: ArrowDownLeft, tone: 'bg-emerald-50 text-emerald-600' },
  REDEEM: { Icon: ArrowUpRight, tone: 'bg-orange-50 text-orange-600' },
  ADJUST: { Icon: SlidersHorizontal, tone: 'bg-slate-100 text-slate-600' },
};

/** The amount: the purchase for EARN, a minus for REDEEM, the signed amount for ADJUST. */
function amountText(tx: TransactionItem): string {
  if (tx.type === 'REDEEM') return `−${formatCents(Math.abs(tx.amountCents))}`;
  if (tx.type === 'ADJUST') return `${tx.amountCents < 0 ? '−' : '+'}${formatCents(Math.abs(tx.amountCents))}`;
  return formatCents(tx.amountCents);
}

/**
 * 'Recent Transactions' of the Customer dashboard (spec §2, §9: the first 10): type (and
 * category), card UID, store, date, amount, and the cashback on EARN rows (a dash otherwise).
 * From the md breakpoint a table; on a phone a list.
 */
export function MyTransactions({ transactions }: { transactions: TransactionItem[] }) {
  const rows = transactions.slice(0, 10);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Transactions</CardTitle>
      </CardHeader>
      {rows.length === 0 ? (
        <CardContent>
          <div className="flex flex-col items-center py-6 text-center">
            <Receipt aria-hidden="true" className="h-8 w-8 text-slate-300" />
            <p className="mt-2 text-sm text-slate-500">No transactions yet.</p>
          </div>
        </CardContent>
      ) : (
        <>
          <div className="hidden overflow-x-auto md:block">
            <table className="min-w-full divide-y divide-slate-200" aria-label="Recent transactions">
              <thead className="bg-slate-50">
                <tr>
                  {['Type', 'Card', 'Store', 'Amount', 'Cashback', 'Date'].map((h, i) => (
                    <th key={h} scope="col" className={cn('px-5 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-500', i >= 3 && i <= 4 ? 'text-right' : 'text-left')}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((tx) => {
                  const { Icon, tone } = TYPE_STYLES[tx.type] ?? TYPE_STYLES.ADJUST;
                  return (
                    <tr key={tx.id} data-testid="my-transaction">
                      <td className="px-5 py-3">
                        <span className="flex items-center gap-2.5">
                          <span aria-hidden="true" className={cn('flex h-8 w-8 shrink-0 items-center justify-center rounded-full', tone)}>
                            <Icon className="h-4 w-4" />
                          </span>
                          <span className="text-sm font-medium text-slate-900">
                            {TYPE_LABELS[tx.type] ?? tx.type}
                            {tx.category && <span className="block text-xs font-normal text-slate-500">{CATEGORY_LABELS[tx.category] ?? tx.category}</span>}
                          </span>
                        </span>
                      </td>
                      <td className="px-5 py-3 font-mono text-sm tracking-wider text-slate-700">{tx.cardUid}</td>
                      <td className="px-5 py-3 text-sm text-slate-600">{tx.storeName ?? '—'}</td>
                      <td className={cn('px-5 py-3 text-right text-sm font-semibold tabular-nums whitespace-nowrap', tx.type === 'REDEEM' ? 'text-orange-700' : 'text-slate-900')}>{amountText(tx)}</td>
                      <td className="px-5 py-3 text-right text-sm font-medium tabular-nums whitespace-nowrap">
                        {tx.type === 'EARN' ? <span className="text-emerald-700">+{formatCents(tx.cashbackCents)}</span> : <span className="text-slate-500">—</span>}
                      </td>
                      <td className="px-5 py-3 text-sm text-slate-600 whitespace-nowrap">{formatDateTime(tx.createdAt)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <ul className="divide-y divide-slate-100 px-4 md:hidden">
            {rows.map((tx) => {
              const { Icon, tone } = TYPE_STYLES[tx.type] ?? TYPE_STYLES.ADJUST;
              return (
                <li key={tx.id} className="flex items-center gap-3 py-3">
                  <span aria-hidden="true" className={cn('flex h-9 w-9 shrink-0 items-center justify-center rounded-full', tone)}>
                    <Icon className="h-4 w-4" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">
                      {TYPE_LABELS[tx.type] ?? tx.type}
                      {tx.category && <span className="font-normal text-slate-500"> · {CATEGORY_LABELS[tx.category] ?? tx.category}</span>}
                    </p>
                    <p className="text-xs text-slate-500">{formatDateTime(tx.createdAt)}</p>
                    <p className="truncate text-xs text-slate-500">
                      <span className="font-mono tracking-wider">{tx.cardUid}</span>
                      {tx.storeName && ` · ${tx.storeName}`}
                    </p>
                  </div>
                  <div className="shrink-0 text-right">
                    <p className={cn('text-sm font-semibold tabular-nums', tx.type === 'REDEEM' ? 'text-orange-700' : 'text-slate-900')}>{amountText(tx)}</p>
                    {tx.type === 'EARN' && <p className="text-xs font-medium text-emerald-700 tabular-nums">+{formatCents(tx.cashbackCents)} cashback</p>}
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Card>
  );
}
