import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { RedeemRequest, RedeemResponse } from '@loyalty/contract';
import { normalizeCardUid } from '@loyalty/domain';
import type { Database } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';
import { auditInsertSql } from '../audit/service.ts';
import { assertStoreOfTenant } from '../stores/service.ts';
import { announceLedgerRows } from './announce.ts';
import { assertCanTransact, bookedStore, cardRefusal, withInlineIdempotency, type PosContext, type PosResult } from './context.ts';
import { debitActiveCardSql } from './holdings.ts';
import { consumeLots } from './lots.ts';
import { enqueueReceipt } from './receipts.ts';

/**
 * POST /transactions/redeem (spec §3, decisions.md 'Cashback'): in one DB transaction, one
 * guarded statement debits the card only if it is ACTIVE and holds at least the amount
 * (`UPDATE … WHERE balance_cents >= amount`, which also serialises concurrent redeems on the
 * row) and appends a REDEEM ledger row with cashbackCents 0; a second statement then takes the
 * amount off the card's oldest lots (issue 14, lots.ts `consumeLots`); with the tenant's
 * receipts on, the holder's receipt goes to the outbox in the same transaction (issue 16). Throws 403
 * SUBSCRIPTION_REQUIRED or FORBIDDEN (other store), 404 card/store, 422 CARD_NOT_ACTIVE or
 * INSUFFICIENT_BALANCE (nothing written), 409 key reuse.
 */
export async function redeem(db: Database, ctx: PosContext, input: RedeemRequest): Promise<PosResult<RedeemResponse>> {
  assertCanTransact(ctx.tenant, ctx.now ?? new Date());
  const storeId = bookedStore(ctx, input.storeId);
  const cardUid = normalizeCardUid(input.cardUid);
  return withInlineIdempotency(db, ctx, 'redeem', input, async (tx, saveSql) => {
    const tenantId = ctx.tenant.id;
    await assertStoreOfTenant(tx, tenantId, input.storeId);
    // The row's id is chosen here; the answer (with the balance the debit leaves) is stored with the key in the same statement.
    const transactionId = randomUUID();
    const [row] = rowsOf<{ id: string; after: string | number; card_id: string; store_id: string | null }>(
      await tx.execute(sql`with debit as (${debitActiveCardSql(tenantId, cardUid, input.amountCents)}),
        saved as (${saveSql(sql`select jsonb_build_object('transactionId', ${transactionId}::text, 'newBalance', balance_cents, 'amountRedeemed', ${input.amountCents}::bigint) from debit`)}),
        audit as (${auditInsertSql({
          tenantId,
          userId: ctx.user.id,
          apiKeyId: ctx.user.apiKeyId ?? null,
          action: 'transaction.redeem',
          entity: 'transaction',
          entityId: transactionId,
          before: sql`jsonb_build_object('cardUid', ${cardUid}::text, 'balanceCents', debit.balance_cents + ${input.amountCents}::bigint)`,
          after: sql`jsonb_build_object('cardUid', ${cardUid}::text, 'amountCents', ${input.amountCents}::bigint, 'balanceCents', debit.balance_cents)`,
          from: sql`debit`,
        })})
        insert into ${transactions} (tenant_id, id, card_id, customer_id, store_id, user_id, api_key_id, type, category, amount_cents, cashback_cents, before_balance_cents, after_balance_cents, note)
        select ${tenantId}, ${transactionId}, debit.id, debit.customer_id, coalesce(${storeId}::uuid, debit.store_id), ${ctx.user.id}::uuid, ${ctx.user.apiKeyId ?? null}::uuid, 'REDEEM', null, ${input.amountCents}, 0, debit.balance_cents + ${input.amountCents}, debit.balance_cents, ${input.note ?? null}
        from debit
        returning id, after_balance_cents as after, card_id, store_id`),
    );
    if (!row) throw await cardRefusal(tx, tenantId, cardUid);
    // The card row is locked by the debit: this statement sees every committed change to its lots.
    await consumeLots(tx, tenantId, row.card_id, input.amountCents);
    const newBalance = Number(row.after);
    await announceLedgerRows(tx, tenantId, [row.id], ctx.now ?? new Date());
    await enqueueReceipt(tx, ctx.tenant, ctx.links, { transactionId: row.id, kind: 'REDEEM', cardId: row.card_id, storeId: row.store_id, amountCents: input.amountCents, cashbackCents: 0, balanceCents: newBalance, at: ctx.now ?? new Date() });
    return { transactionId: row.id, newBalance, amountRedeemed: input.amountCents };
  });
}
