import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';
import { announceLedgerRows } from './announce.ts';
import { setBalanceSql } from './holdings.ts';
import { consumeLots, openLotsSql } from './lots.ts';

/**
 * The row writer of the corrections (refund, void, adjust; ADR 0014): the card's new balance,
 * the ledger row and its lot (or the oldest-first debit of the lots), and the webhook event.
 */

/** One ledger row to append: the card (locked by the caller) moves from `before` to `after` (cents). */
export interface NewLedgerRow {
  tenantId: string;
  cardId: string;
  customerId: string | null;
  storeId: string | null;
  userId: string | null;
  apiKeyId: string | null;
  type: 'REFUND' | 'VOID' | 'ADJUST';
  category: (typeof transactions.$inferSelect)['category'];
  amountCents: number;
  cashbackCents: number;
  before: number;
  after: number;
  note: string | null;
  reversesTransactionId: string | null;
  unrecoveredCents: number;
  /** The request's instant (the webhook event's timestamp). */
  at: Date;
}

/**
 * Sets the locked card's balance to `r.after`, appends the ledger row and opens its lot when it
 * credits the card (VOID, a positive ADJUST), in one statement; a debit (a REFUND's claw-back,
 * a negative ADJUST) then takes the oldest lots first (lots.ts, ADR 0015). Returns the row's id.
 */
export async function appendRow(tx: Tx, r: NewLedgerRow): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`with card_update as (${setBalanceSql(r.tenantId, r.cardId, r.after)}),
      new_row as (insert into ${transactions} (tenant_id, card_id, customer_id, store_id, user_id, api_key_id, type, category, amount_cents, cashback_cents, before_balance_cents, after_balance_cents, note, reverses_transaction_id, unrecovered_cents)
        values (${r.tenantId}, ${r.cardId}, ${r.customerId}, ${r.storeId}, ${r.userId}::uuid, ${r.apiKeyId}::uuid, ${r.type}, ${r.category}, ${r.amountCents}, ${r.cashbackCents}, ${r.before}, ${r.after}, ${r.note}, ${r.reversesTransactionId}, ${r.unrecoveredCents})
        returning tenant_id, card_id, id, created_at, after_balance_cents - before_balance_cents as credit),
      lot as (${openLotsSql(sql`new_row`)})
      select id from new_row`),
  );
  if (r.after < r.before) await consumeLots(tx, r.tenantId, r.cardId, r.before - r.after);
  await announceLedgerRows(tx, r.tenantId, [row.id], r.at);
  return row.id;
}
