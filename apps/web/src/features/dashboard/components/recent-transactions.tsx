import type { TransactionItem } from '@loyalty/contract';
import { ArrowRight, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { TransactionTypeBadge, amountText, cashbackText, customerLabel } from '@/features/transactions/components/transaction-labels';

const th = 'px-5 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500';
const dash = <span className="text-slate-500" aria-label="none">—</span>;

/**
 * The dashboard's Recent Transactions (spec §2 'Dashboard', §9: the 5 newest): Customer name
 * plus card UID, Type, Amount, Cashback (EARN rows only, else a dash), Date. A table on wide
 * screens, stacked rows on a phone; 'View all' opens the Transactions page.
 */
export function RecentTransactions({ slug, transactions }: { slug: string; transactions: TransactionItem[] }) {
  const rows = transactions.slice(0, 5);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Transactions</CardTitle>
        <Link to={paths.tenant.transactions(slug)} className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:text-indigo-800">
          View all
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </CardHeader>
      {rows.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-12 text-center">
          <Receipt aria-hidden="true" className="h-8 w-8 text-slate-300" />
          <p className="mt-2 text-sm font-medium text-slate-700">No transactions yet</p>
          <p className="mt-1 text-sm text-slate-500">Cashback earned or redeemed at the POS Terminal shows up here.</p>
        </div>
      ) : (
        <>
          <div className="hidden overflow-x-auto md:block">
            <table className="min-w-full divide-y divide-slate-200">
              <caption className="sr-only">Recent Transactions</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={th}>Customer</th>
                  <th scope="col" className={th}>Type</th>
                  <th scope="col" className={cn(th, 'text-right')}>Amount</th>
                  <th scope="col" className={cn(th, 'text-right')}>Cashback</th>
                  <th scope="col" className={th}>Date</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((tx) => (
                  <tr key={tx.id} data-type={tx.type}>
                    <td className="px-5 py-3">
                      <p className={cn('text-sm font-medium', tx.customerName ? 'text-slate-900' : 'italic text-slate-500')}>{customerLabel(tx)}</p>
                      <p className="font-mono text-xs text-slate-500">{tx.cardUid}</p>
                    </td>
                    <td className="px-5 py-3">
                      <TransactionTypeBadge type={tx.type} />
                    </td>
                    <td className={cn('px-5 py-3 text-right text-sm font-semibold tabular-nums whitespace-nowrap', tx.type === 'REDEEM' ? 'text-orange-700' : 'text-slate-900')}>{amountText(tx)}</td>
                    <td className="px-5 py-3 text-right text-sm font-medium tabular-nums whitespace-nowrap text-emerald-700">{cashbackText(tx) ?? dash}</td>
                    <td className="px-5 py-3 text-sm whitespace-nowrap text-slate-600">{formatDateTime(tx.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul aria-label="Recent Transactions" className="divide-y divide-slate-100 md:hidden">
            {rows.map((tx) => {
              const cashback = cashbackText(tx);
              return (
                <li key={tx.id} data-type={tx.type} className="flex items-start justify-between gap-3 px-4 py-3">
                  <div className="min-w-0">
                    <p className={cn('truncate text-sm font-medium', tx.customerName ? 'text-slate-900' : 'italic text-slate-500')}>{customerLabel(tx)}</p>
                    <p className="font-mono text-xs text-slate-500">{tx.cardUid}</p>
                    <p className="mt-1 flex items-center gap-2 text-xs text-slate-500">
                      <TransactionTypeBadge type={tx.type} />
                      {formatDateTime(tx.createdAt)}
                    </p>
                  </div>
                  <div className="shrink-0 text-right">
                    <p className={cn('text-sm font-semibold tabular-nums', tx.type === 'REDEEM' ? 'text-orange-700' : 'text-slate-900')}>{amountText(tx)}</p>
                    <p className="text-xs font-medium tabular-nums text-emerald-700">{cashback ? `${cashback} cashback` : dash}</p>
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
