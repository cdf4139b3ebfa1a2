import type { TransactionItem } from '@loyalty/contract';
import { ArrowRight, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { TransactionTypeBadge } from '@/components/ui/badge';
import { amountText, cashbackText, formatDateTime } from '@/lib/format';
import { TransactionCustomer, amountTone, noneCell } from '@/components/transaction-cells';
import { BONUS_REASON_LABELS } from '@/lib/labels';
import { Table, type Column } from '@/components/ui/table';
import { useMessages } from '@/lib/i18n';
import { dashboardMessages, type DashboardT } from '../messages';

/** The table's columns, headed in the catalog's language. */
const columnsOf = (t: DashboardT): Column<TransactionItem>[] => [
  { id: 'customer', header: t('recentCustomer'), cell: (tx) => <TransactionCustomer tx={tx} /> },
  {
    id: 'type',
    header: t('recentType'),
    cell: (tx) => (
      <>
        <TransactionTypeBadge type={tx.type} />
        {tx.type === 'BONUS' && tx.reason && <p className="mt-1 text-xs text-slate-500">{BONUS_REASON_LABELS[tx.reason]}</p>}
      </>
    ),
  },
  {
    id: 'amount',
    header: t('recentAmount'),
    align: 'right',
    className: 'text-sm font-semibold tabular-nums whitespace-nowrap',
    cell: (tx) => <span className={amountTone(tx)}>{amountText(tx)}</span>,
  },
  {
    id: 'cashback',
    header: t('recentCashback'),
    align: 'right',
    className: 'text-sm font-medium tabular-nums whitespace-nowrap text-emerald-700',
    cell: (tx) => cashbackText(tx) ?? noneCell,
  },
  { id: 'date', header: t('recentDate'), className: 'text-sm whitespace-nowrap text-slate-600', cell: (tx) => formatDateTime(tx.createdAt) },
];

/** One movement on a phone: customer and card, type (a bonus's reason) and date, amount and cashback. */
function RecentCard({ tx }: { tx: TransactionItem }) {
  const t = useMessages(dashboardMessages);
  const cashback = cashbackText(tx);
  return (
    <>
      <div className="min-w-0">
        <TransactionCustomer tx={tx} truncate />
        <p className="mt-1 flex items-center gap-2 text-xs text-slate-500">
          <TransactionTypeBadge type={tx.type} />
          {tx.type === 'BONUS' && tx.reason && `${BONUS_REASON_LABELS[tx.reason]} · `}
          {formatDateTime(tx.createdAt)}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p className={cn('text-sm font-semibold tabular-nums', amountTone(tx))}>{amountText(tx)}</p>
        <p className="text-xs font-medium tabular-nums text-emerald-700">{cashback ? t('recentCashbackAmount', { amount: cashback }) : noneCell}</p>
      </div>
    </>
  );
}

/**
 * The dashboard's Recent Transactions (the 5 newest): Customer name plus card UID, Type, Amount,
 * Cashback (EARN rows only, else a dash), Date. A table on wide screens, stacked rows on a phone;
 * 'View all' opens the Transactions page.
 */
export function RecentTransactions({ slug, transactions }: { slug: string; transactions: TransactionItem[] }) {
  const t = useMessages(dashboardMessages);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('recentTitle')}</CardTitle>
        <Link to={paths.tenant.transactions(slug)} className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:text-indigo-800">
          {t('recentViewAll')}
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </CardHeader>
      <Table
        caption={t('recentTitle')}
        listLabel={t('recentTitle')}
        columns={columnsOf(t)}
        rows={transactions.slice(0, 5)}
        rowKey={(tx) => tx.id}
        rowProps={(tx) => ({ 'data-type': tx.type })}
        renderCard={(tx) => <RecentCard tx={tx} />}
        cardProps={(tx) => ({ 'data-type': tx.type, className: 'flex items-start justify-between gap-3 px-4 py-3' })}
        cellClassName="px-5 py-3"
        empty={
          <div className="flex flex-col items-center px-6 py-12 text-center">
            <Receipt aria-hidden="true" className="h-8 w-8 text-slate-300" />
            <p className="mt-2 text-sm font-medium text-slate-700">{t('recentEmptyTitle')}</p>
            <p className="mt-1 text-sm text-slate-500">{t('recentEmptyText')}</p>
          </div>
        }
      />
    </Card>
  );
}
