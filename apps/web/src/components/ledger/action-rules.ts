import type { SessionUser, TransactionItem } from '@loyalty/contract';
import { mayActForStore, mayVoidAt } from '@loyalty/domain';
import { translate } from '@/lib/i18n';
import { componentsMessages } from '@/components/messages';

/** Which lifecycle action a ledger row offers, and why it is not allowed now (null: allowed). */
export interface LedgerAction {
  kind: 'refund' | 'void';
  /** The reason shown in the disabled button's tooltip; null when the action is allowed. */
  blockedBy: string | null;
}

/**
 * The action of a ledger row for `user` at `now` (EARN rows get 'Refund',
 * REDEEM rows 'Void'; actions not allowed are disabled with the reason), mirroring the
 * server's refusals: fully refunded, already voided, a cashier on another store's row (the
 * server's own rule, domain mayActForStore), a cashier after the 15-minute void window (domain
 * mayVoidAt). Null
 * for rows of other types.
 */
export function ledgerActionOf(
  tx: Pick<TransactionItem, 'type' | 'amountCents' | 'reversedAmountCents' | 'storeId' | 'createdAt'>,
  user: Pick<SessionUser, 'role' | 'storeId'> | null,
  now: number,
): LedgerAction | null {
  if (tx.type !== 'EARN' && tx.type !== 'REDEEM') return null;
  const otherStore = user && !mayActForStore(user, tx.storeId) ? translate(componentsMessages, 'blockedOtherStore') : null;
  if (tx.type === 'EARN') {
    return { kind: 'refund', blockedBy: tx.reversedAmountCents >= tx.amountCents ? translate(componentsMessages, 'blockedRefunded') : otherStore };
  }
  if (tx.reversedAmountCents > 0) return { kind: 'void', blockedBy: translate(componentsMessages, 'blockedVoided') };
  const late = user && !mayVoidAt(user, new Date(tx.createdAt), new Date(now)) ? translate(componentsMessages, 'blockedVoidWindow') : null;
  return { kind: 'void', blockedBy: otherStore ?? late };
}
