import type { ReactNode } from 'react';
import type { BonusReason, Category, TransactionItem, TransactionType } from '@loyalty/contract';
import { ArrowDownLeft, ArrowUpRight, Clock, Gift, Plus, SlidersHorizontal, Undo2 } from 'lucide-react';
import type { Column } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { amountText, cashbackText, formatDateTime } from '@/lib/format';
import { BONUS_REASON_LABELS, CATEGORY_LABELS, TRANSACTION_TYPE_LABELS, customerLabel } from '@/lib/labels';
import { useMessages } from '@/lib/i18n';
import { componentsMessages } from '@/components/messages';

/** The customer's name (or a muted 'Unknown Customer') over the card UID: the first cell of every ledger list (Transactions, Dashboard). */
export function TransactionCustomer({ tx, truncate }: { tx: Pick<TransactionItem, 'customerName' | 'cardUid'>; truncate?: boolean }) {
  return (
    <>
      <p className={cn('text-sm font-medium', truncate && 'truncate', tx.customerName ? 'text-slate-900' : 'text-slate-500 italic')}>{customerLabel(tx)}</p>
      <p className="font-mono text-xs text-slate-500">{tx.cardUid}</p>
    </>
  );
}

/** Text colour of a ledger row's amount: orange for REDEEM (money paid out), red for REFUND, else dark. */
export function amountTone(tx: Pick<TransactionItem, 'type'>): string {
  if (tx.type === 'REDEEM') return 'text-orange-700';
  return tx.type === 'REFUND' ? 'text-red-700' : 'text-slate-900';
}

/** A ledger row's cashback in a table cell: '+$0.75' green on EARN, '−$0.30' red on REFUND, else the muted dash. */
function CashbackCell({ tx }: { tx: { type: TransactionType; cashbackCents: number } }) {
  const text = cashbackText(tx);
  return text ? <span className={tx.type === 'REFUND' ? 'text-red-700' : 'text-emerald-700'}>{text}</span> : noneCell;
}

/** A muted dash for an empty cell, named 'none' for screen readers. */
function NoneCell() {
  const t = useMessages(componentsMessages);
  return (
    <span className="text-slate-500" aria-label={t('none')}>
      —
    </span>
  );
}

/** {@link NoneCell} as an element, for the table cells that show it. */
export const noneCell = <NoneCell />;

const TYPE_STYLES: Record<TransactionType, { Icon: typeof ArrowDownLeft; tone: string }> = {
  EARN: { Icon: ArrowDownLeft, tone: 'bg-emerald-50 text-emerald-600' },
  REDEEM: { Icon: ArrowUpRight, tone: 'bg-orange-50 text-orange-600' },
  ADJUST: { Icon: SlidersHorizontal, tone: 'bg-slate-100 text-slate-600' },
  ADD_FUNDS: { Icon: Plus, tone: 'bg-blue-50 text-blue-600' },
  REFUND: { Icon: Undo2, tone: 'bg-red-50 text-red-600' },
  VOID: { Icon: Undo2, tone: 'bg-slate-100 text-slate-600' },
  EXPIRE: { Icon: Clock, tone: 'bg-slate-100 text-slate-600' },
  BONUS: { Icon: Gift, tone: 'bg-amber-50 text-amber-600' },
};

/** The round icon of a ledger row type in the customer's views: EARN green arrow in, REDEEM orange arrow out, ADJUST grey sliders, ADD_FUNDS blue plus, REFUND red and VOID grey undo, EXPIRE grey clock, BONUS amber gift. Decorative. */
export function TransactionTypeIcon({ type, className = 'h-9 w-9' }: { type: TransactionType; className?: string }) {
  const { Icon, tone } = TYPE_STYLES[type] ?? TYPE_STYLES.ADJUST;
  return (
    <span aria-hidden="true" className={cn('flex shrink-0 items-center justify-center rounded-full', className, tone)}>
      <Icon className="h-4 w-4" />
    </span>
  );
}

/** What a ledger row's type and category say: a row type, a purchase category, and a BONUS row's reason. */
type TypedRow = { type: TransactionType; category?: Category | null; reason?: BonusReason | null };

/**
 * 'Earn · Purchase': the type label with the category after it (`stacked`: the category on its
 * own line). A BONUS row reads as its reason: 'Referral bonus'.
 */
export function TransactionTypeText({ tx, stacked }: { tx: TypedRow; stacked?: boolean }) {
  const category = tx.category ? (CATEGORY_LABELS[tx.category] ?? tx.category) : null;
  const bonus = tx.type === 'BONUS' && tx.reason ? (BONUS_REASON_LABELS[tx.reason] ?? tx.reason) : null;
  return (
    <>
      {bonus ?? TRANSACTION_TYPE_LABELS[tx.type] ?? tx.type}
      {category &&
        (stacked ? (
          <span className="block text-xs font-normal text-slate-500">{category}</span>
        ) : (
          <span className="font-normal text-slate-500"> · {category}</span>
        ))}
    </>
  );
}

/** The amount of a ledger row with '+$0.75 cashback' under it on EARN rows (the phone rows of the customer's views). */
export function AmountWithCashback({ tx }: { tx: { type: TransactionType; amountCents: number; cashbackCents: number } }) {
  const t = useMessages(componentsMessages);
  const cashback = cashbackText(tx);
  return (
    <div className="shrink-0 text-right">
      <p className={cn('text-sm font-semibold tabular-nums', amountTone(tx))}>{amountText(tx)}</p>
      {cashback && (
        <p className={cn('text-xs font-medium tabular-nums', tx.type === 'REFUND' ? 'text-red-700' : 'text-emerald-700')}>
          {t('cashbackSuffix', { cashback })}
        </p>
      )}
    </div>
  );
}

/** A ledger row of the customer's views (the children of a flex row): type icon, 'Earn · Purchase', the date, optional `details`, then the amount and cashback. */
export function TransactionSummary({ tx, details }: { tx: TypedRow & { createdAt: string; amountCents: number; cashbackCents: number }; details?: ReactNode }) {
  return (
    <>
      <TransactionTypeIcon type={tx.type} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">
          <TransactionTypeText tx={tx} />
        </p>
        <p className="text-xs text-slate-500">{formatDateTime(tx.createdAt)}</p>
        {details}
      </div>
      <AmountWithCashback tx={tx} />
    </>
  );
}

/** The Amount and Cashback columns of every ledger table (staff Transactions, the customer's own): right-aligned, tabular figures. */
export const LEDGER_MONEY_COLUMNS: Column<TransactionItem>[] = [
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    className: 'text-sm font-semibold tabular-nums whitespace-nowrap',
    cell: (tx) => <span className={amountTone(tx)}>{amountText(tx)}</span>,
  },
  {
    id: 'cashback',
    header: 'Cashback',
    align: 'right',
    className: 'text-sm font-medium tabular-nums whitespace-nowrap',
    cell: (tx) => <CashbackCell tx={tx} />,
  },
];
