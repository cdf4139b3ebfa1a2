import type { TransactionItem } from '@loyalty/contract';
import { ArrowRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatCents, formatDateTime } from '@/lib/format';
import { CATEGORY_LABELS, TransactionTypeBadge, amountText, cashbackText, customerLabel } from './transaction-labels';

const th = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500';
const dash = <span className="text-slate-500" aria-label="none">—</span>;

function BalanceChange({ tx }: { tx: TransactionItem }) {
  const delta = tx.afterBalanceCents - tx.beforeBalanceCents;
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap tabular-nums">
      <span className="text-slate-500">{formatCents(tx.beforeBalanceCents)}</span>
      <ArrowRight aria-label="to" className="h-3.5 w-3.5 text-slate-500" />
      <span className={cn('font-medium', delta > 0 ? 'text-emerald-700' : delta < 0 ? 'text-orange-700' : 'text-slate-900')}>{formatCents(tx.afterBalanceCents)}</span>
    </span>
  );
}

/**
 * The ledger rows of the Transactions page (spec §2): a table on wide screens (Customer & Card,
 * Type & Category, Amount, Cashback, Balance Change before → after, Store, Date) and stacked
 * rows on a phone (the same facts, one card per movement). Cashback only on EARN rows.
 */
export function TransactionsTable({ transactions, busy }: { transactions: TransactionItem[]; busy?: boolean }) {
  return (
    <div aria-busy={busy || undefined} className={cn('transition-opacity', busy && 'opacity-60')}>
      {/* Wide screens: a table. */}
      <div className="hidden overflow-x-auto md:block">
        <table className="min-w-full divide-y divide-slate-200">
          <caption className="sr-only">Transactions</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={th}>Customer &amp; Card</th>
              <th scope="col" className={th}>Type &amp; Category</th>
              <th scope="col" className={cn(th, 'text-right')}>Amount</th>
              <th scope="col" className={cn(th, 'text-right')}>Cashback</th>
              <th scope="col" className={th}>Balance Change</th>
              <th scope="col" className={th}>Store</th>
              <th scope="col" className={th}>Date</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {transactions.map((tx) => {
              const cashback = cashbackText(tx);
              return (
                <tr key={tx.id} data-type={tx.type} className="hover:bg-slate-50/70">
                  <td className="px-4 py-3">
                    <p className={cn('text-sm font-medium', tx.customerName ? 'text-slate-900' : 'text-slate-500 italic')}>{customerLabel(tx)}</p>
                    <p className="font-mono text-xs text-slate-500">{tx.cardUid}</p>
                  </td>
                  <td className="px-4 py-3">
                    <TransactionTypeBadge type={tx.type} />
                    <p className="mt-1 text-xs text-slate-500">{tx.category ? CATEGORY_LABELS[tx.category] : '—'}</p>
                  </td>
                  <td className={cn('px-4 py-3 text-right text-sm font-semibold tabular-nums whitespace-nowrap', tx.type === 'REDEEM' ? 'text-orange-700' : 'text-slate-900')}>{amountText(tx)}</td>
                  <td className="px-4 py-3 text-right text-sm font-medium tabular-nums whitespace-nowrap text-emerald-700">{cashback ?? dash}</td>
                  <td className="px-4 py-3 text-sm">
                    <BalanceChange tx={tx} />
                  </td>
                  <td className="px-4 py-3 text-sm text-slate-700">{tx.storeName ?? dash}</td>
                  <td className="px-4 py-3 text-sm whitespace-nowrap text-slate-600">{formatDateTime(tx.createdAt)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {/* Phones: stacked rows. */}
      <ul aria-label="Transactions" className="divide-y divide-slate-100 md:hidden">
        {transactions.map((tx) => {
          const cashback = cashbackText(tx);
          return (
            <li key={tx.id} data-type={tx.type} className="px-4 py-4">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className={cn('truncate text-sm font-medium', tx.customerName ? 'text-slate-900' : 'text-slate-500 italic')}>{customerLabel(tx)}</p>
                  <p className="font-mono text-xs text-slate-500">{tx.cardUid}</p>
                </div>
                <div className="shrink-0 text-right">
                  <p className={cn('text-sm font-semibold tabular-nums', tx.type === 'REDEEM' ? 'text-orange-700' : 'text-slate-900')}>{amountText(tx)}</p>
                  {cashback && <p className="text-xs font-medium tabular-nums text-emerald-700">{cashback} cashback</p>}
                </div>
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-600">
                <TransactionTypeBadge type={tx.type} />
                {tx.category && <span>{CATEGORY_LABELS[tx.category]}</span>}
                <span className="ml-auto">
                  <BalanceChange tx={tx} />
                </span>
              </div>
              <p className="mt-1.5 text-xs text-slate-500">
                {tx.storeName ?? 'No store'} · {formatDateTime(tx.createdAt)}
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Grey placeholder rows while the first page loads. */
export function TransactionsSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div aria-hidden="true" className="divide-y divide-slate-100">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 px-4 py-4">
          <div className="flex-1 space-y-2">
            <div className="h-3.5 w-40 animate-pulse rounded bg-slate-200" />
            <div className="h-3 w-28 animate-pulse rounded bg-slate-100" />
          </div>
          <div className="hidden h-5 w-16 animate-pulse rounded-full bg-slate-100 sm:block" />
          <div className="h-3.5 w-16 animate-pulse rounded bg-slate-200" />
        </div>
      ))}
    </div>
  );
}
