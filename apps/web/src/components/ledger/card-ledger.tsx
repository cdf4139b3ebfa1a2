import type { TransactionItem } from '@loyalty/contract';
import { useCardLedger } from '@/api/ledger-actions';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { TransactionTypeBadge } from '@/components/ui/badge';
import { amountText, formatDateTime } from '@/lib/format';
import { BONUS_REASON_LABELS } from '@/lib/labels';
import { TransactionAction } from './transaction-actions';
import { useMessages } from '@/lib/i18n';
import { componentsMessages } from '@/components/messages';

/**
 * 'Last transactions' of the card loaded at the POS: its five newest ledger rows (type, amount,
 * a bonus's reason, time) with the same Refund and Void actions as the Transactions page, disabled with the reason
 * where the cashier may not use them. Loading shows a spinner, a failure one line, a card without
 * rows 'No transactions yet'.
 */
export function CardLedger({ slug, cardId }: { slug: string; cardId: string }) {
  const t = useMessages(componentsMessages);
  const ledger = useCardLedger(slug, cardId);
  const rows = ledger.data?.transactions ?? [];
  return (
    <Card role="region" aria-label={t('lastTransactions')}>
      <CardContent className="py-4">
        <h2 className="text-sm font-semibold text-slate-900">{t('lastTransactions')}</h2>
        {ledger.isPending && <Spinner className="mt-3" label={t('loadingTransactions')} />}
        {ledger.isError && <p className="mt-2 text-sm text-red-700">{t('cardLedgerFailed')}</p>}
        {ledger.isSuccess && rows.length === 0 && <p className="mt-2 text-sm text-slate-600">{t('noTransactions')}</p>}
        {rows.length > 0 && (
          <ul className="mt-2 divide-y divide-slate-100">
            {rows.map((tx) => (
              <CardLedgerRow key={tx.id} slug={slug} tx={tx} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function CardLedgerRow({ slug, tx }: { slug: string; tx: TransactionItem }) {
  return (
    <li className="flex items-center gap-3 py-2">
      <TransactionTypeBadge type={tx.type} />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium tabular-nums text-slate-900">
          {amountText(tx)}
          {tx.type === 'BONUS' && tx.reason && <span className="font-normal text-slate-600"> · {BONUS_REASON_LABELS[tx.reason]}</span>}
        </p>
        <p className="text-xs text-slate-500">{formatDateTime(tx.createdAt)}</p>
      </div>
      <TransactionAction slug={slug} tx={tx} />
    </li>
  );
}
