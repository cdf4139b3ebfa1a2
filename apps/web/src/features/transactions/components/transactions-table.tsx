import type { TransactionItem } from '@loyalty/contract';
import type { ReactNode } from 'react';
import { ArrowRight } from 'lucide-react';
import { Table, type Column } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { TransactionTypeBadge } from '@/components/ui/badge';
import { formatCents, formatDateTime } from '@/lib/format';
import { transactionDetailLabel } from '@/lib/labels';
import { TransactionAction } from '@/components/ledger/transaction-actions';
import { useMessages } from '@/lib/i18n';
import { transactionsMessages, type TransactionsT } from '../messages';
import { AmountWithCashback, LEDGER_MONEY_COLUMNS, TransactionCustomer, noneCell } from '@/components/transaction-cells';

function BalanceChange({ tx }: { tx: TransactionItem }) {
  const t = useMessages(transactionsMessages);
  const delta = tx.afterBalanceCents - tx.beforeBalanceCents;
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap tabular-nums">
      <span className="text-slate-500">{formatCents(tx.beforeBalanceCents)}</span>
      <ArrowRight aria-label={t('balanceTo')} className="h-3.5 w-3.5 text-slate-500" />
      <span className={cn('font-medium', delta > 0 ? 'text-emerald-700' : delta < 0 ? 'text-orange-700' : 'text-slate-900')}>
        {formatCents(tx.afterBalanceCents)}
      </span>
    </span>
  );
}

/** The table's columns, headed in the catalog's language. */
const columnsOf = (t: TransactionsT): Column<TransactionItem>[] => [
  { id: 'customer', header: t('columnCustomer'), cell: (tx) => <TransactionCustomer tx={tx} /> },
  {
    id: 'type',
    header: t('columnType'),
    cell: (tx) => (
      <>
        <TransactionTypeBadge type={tx.type} />
        <p className="mt-1 text-xs text-slate-500">{transactionDetailLabel(tx) ?? '—'}</p>
      </>
    ),
  },
  ...LEDGER_MONEY_COLUMNS,
  { id: 'balance', header: t('columnBalance'), className: 'text-sm', cell: (tx) => <BalanceChange tx={tx} /> },
  { id: 'store', header: t('columnStore'), className: 'text-sm text-slate-700', cell: (tx) => tx.storeName ?? noneCell },
  { id: 'date', header: t('columnDate'), className: 'text-sm whitespace-nowrap text-slate-600', cell: (tx) => formatDateTime(tx.createdAt) },
];

/** The columns with, when `slug` is given, 'Actions': Refund on EARN rows, Void on REDEEM rows. */
function columnsFor(slug: string | undefined, t: TransactionsT): Column<TransactionItem>[] {
  const columns = columnsOf(t);
  if (!slug) return columns;
  return [
    ...columns,
    { id: 'actions', header: <span className="sr-only">{t('columnActions')}</span>, align: 'right', cell: (tx) => <TransactionAction slug={slug} tx={tx} /> },
  ];
}

/** One movement on a phone: customer and card, amount and cashback, type, category (a bonus's reason), balance change, store and date. */
function TransactionCard({ tx, slug }: { tx: TransactionItem; slug?: string }) {
  const t = useMessages(transactionsMessages);
  const detail = transactionDetailLabel(tx);
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <TransactionCustomer tx={tx} truncate />
        </div>
        <AmountWithCashback tx={tx} />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-600">
        <TransactionTypeBadge type={tx.type} />
        {detail && <span>{detail}</span>}
        <span className="ml-auto">
          <BalanceChange tx={tx} />
        </span>
      </div>
      <div className="mt-1.5 flex items-center justify-between gap-3">
        <p className="text-xs text-slate-500">
          {tx.storeName ?? t('noStore')} · {formatDateTime(tx.createdAt)}
        </p>
        {slug && <TransactionAction slug={slug} tx={tx} />}
      </div>
    </>
  );
}

/**
 * The ledger rows of the Transactions page: a table on wide screens (Customer & Card,
 * Type & Category (a BONUS row's reason, 'Referral bonus', in the category's place), Amount, Cashback, Balance Change before → after, Store, Date) and stacked
 * rows on a phone (the same facts, one card per movement). Cashback only on EARN rows.
 * `loading` shows placeholder rows, `empty` replaces an empty list, `busy` dims the rows.
 * With `slug`, each EARN row offers 'Refund' and each REDEEM row 'Void'.
 */
export function TransactionsTable({
  slug,
  transactions,
  busy,
  loading,
  empty,
}: {
  slug?: string;
  transactions: TransactionItem[];
  busy?: boolean;
  loading?: boolean;
  empty?: ReactNode;
}) {
  const t = useMessages(transactionsMessages);
  const shown = columnsFor(slug, t);
  return (
    <Table
      caption={t('tableCaption')}
      listLabel={t('tableCaption')}
      columns={shown}
      rows={transactions}
      rowKey={(tx) => tx.id}
      rowProps={(tx) => ({ 'data-type': tx.type })}
      renderCard={(tx) => <TransactionCard tx={tx} slug={slug} />}
      cardProps={(tx) => ({ 'data-type': tx.type, className: 'px-4 py-4' })}
      loading={loading}
      empty={empty}
      busy={busy}
    />
  );
}
