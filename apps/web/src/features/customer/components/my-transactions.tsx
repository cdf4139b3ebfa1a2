import type { TransactionItem } from '@loyalty/contract';
import { Receipt } from 'lucide-react';
import { LEDGER_MONEY_COLUMNS, TransactionSummary, TransactionTypeIcon, TransactionTypeText } from '@/components/transaction-cells';
import { Table, type Column } from '@/components/ui/table';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useMessages, type Translate } from '@/lib/i18n';
import { customerMessages } from '../messages';

/** The table's columns, headed in the catalog's words. */
function columnsOf(t: Translate<typeof customerMessages.en>): Column<TransactionItem>[] {
  return [
    {
      id: 'type',
      header: t('columnType'),
      cell: (tx) => (
        <span className="flex items-center gap-2.5">
          <TransactionTypeIcon type={tx.type} className="h-8 w-8" />
          <span className="text-sm font-medium text-slate-900">
            <TransactionTypeText tx={tx} stacked />
          </span>
        </span>
      ),
    },
    { id: 'card', header: t('columnCard'), className: 'font-mono text-sm tracking-wider text-slate-700', cell: (tx) => tx.cardUid },
    { id: 'store', header: t('columnStore'), className: 'text-sm text-slate-600', cell: (tx) => tx.storeName ?? '—' },
    ...LEDGER_MONEY_COLUMNS,
    { id: 'date', header: t('columnDate'), className: 'text-sm text-slate-600 whitespace-nowrap', cell: (tx) => formatDateTime(tx.createdAt) },
  ];
}

/** One movement on a phone: icon, type · category, date, card and store, amount and cashback. */
function MyTransactionRow({ tx }: { tx: TransactionItem }) {
  return (
    <TransactionSummary
      tx={tx}
      details={
        <p className="truncate text-xs text-slate-500">
          <span className="font-mono tracking-wider">{tx.cardUid}</span>
          {tx.storeName && ` · ${tx.storeName}`}
        </p>
      }
    />
  );
}

/**
 * 'Recent Transactions' of the Customer dashboard (the first 10): type (and
 * category), card UID, store, date, amount, and the cashback on EARN rows (a dash otherwise).
 * From the md breakpoint a table; on a phone a list.
 */
export function MyTransactions({ transactions }: { transactions: TransactionItem[] }) {
  const t = useMessages(customerMessages);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('transactionsTitle')}</CardTitle>
      </CardHeader>
      <Table
        caption={t('transactionsCaption')}
        columns={columnsOf(t)}
        rows={transactions.slice(0, 10)}
        rowKey={(tx) => tx.id}
        rowProps={() => ({ 'data-testid': 'my-transaction' })}
        renderCard={(tx) => <MyTransactionRow tx={tx} />}
        cardProps={() => ({ className: 'flex items-center gap-3 py-3' })}
        listClassName="divide-y divide-slate-100 px-4"
        cellClassName="px-5 py-3"
        empty={
          <CardContent>
            <div className="flex flex-col items-center py-6 text-center">
              <Receipt aria-hidden="true" className="h-8 w-8 text-slate-300" />
              <p className="mt-2 text-sm text-slate-500">{t('noTransactions')}</p>
            </div>
          </CardContent>
        }
      />
    </Card>
  );
}
