import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { EarnRequest, EarnResponse } from '@loyalty/contract';
import { computeCashback, evaluateTier, normalizeCardUid } from '@loyalty/domain';
import type { Database, Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import { auditInsertSql } from '../audit/service.ts';
import { programmeColumnsSql, toProgramme, type ProgrammeColumns } from '../rules/service.ts';
import { storeExistsSql } from '../stores/service.ts';
import { announceLedgerRows } from './announce.ts';
import { assertCanTransact, bookedStore, cardRefusal, withInlineIdempotency, type PosContext, type PosResult } from './context.ts';
import { lockActiveCard, lockHolder, recordPurchaseSql, setBalanceSql } from './holdings.ts';
import { openLotsSql } from './lots.ts';
import { enqueueReceipt } from './receipts.ts';

/**
 * Reads the tenant's programme at `now` (rules module: cashback rules, tier rules, the offers
 * running now) and whether `storeId` is one of its stores (stores module), in one round trip
 * (the till's hot path): both owners hand over their part of the SELECT (ADR 0012). It must be
 * its own statement AFTER the holder's lock: a statement's snapshot is taken when it starts, so
 * read together with the lock it would miss a tier change that committed while the earn waited
 * for that lock (ADR 0007; earn-follows-rules.test.ts).
 */
async function loadProgramme(tx: Tx, tenantId: string, now: Date, storeId: string | null) {
  const [row] = rowsOf<ProgrammeColumns & { store_found: boolean }>(
    await tx.execute(sql`select ${programmeColumnsSql(tenantId, now.toISOString())}, ${storeExistsSql(tenantId, storeId)} as store_found`),
  );
  return { ...toProgramme(row), storeFound: Boolean(row.store_found) };
}

/**
 * POST /transactions/earn (spec §3, decisions.md 'Cashback'): in one DB transaction, locks
 * the card, then its customer (SELECT … FOR UPDATE, cards and customers modules), computes
 * cashback with the tenant's active rules, the customer's current tier and the offers running
 * now (domain computeCashback), credits the cashback (cents) to the card, appends an EARN
 * ledger row with before/after balances, adds the purchase to the customer's total spend and
 * re-evaluates the tier (the new tier applies from the next purchase: docs/decisions/0003).
 * Four statements on the happy path besides the key's claim: two locks, the programme (after
 * the locks, so it sees a tier change it waited for), and one write (the card's and the
 * customer's UPDATEs, built by their modules, the ledger INSERT, the cashback's lot (issue 14,
 * lots.ts) and the answer stored with the Idempotency-Key (issue 15), in one statement). With
 * the tenant's receipts on, the holder's receipt is written to the outbox in the same
 * transaction (issue 16, receipts.ts). Throws 403 SUBSCRIPTION_REQUIRED or FORBIDDEN (other store), 404 card/store,
 * 422 CARD_NOT_ACTIVE, 409 key reuse.
 */
export async function earn(db: Database, ctx: PosContext, input: EarnRequest): Promise<PosResult<EarnResponse>> {
  assertCanTransact(ctx.tenant, ctx.now ?? new Date());
  const storeId = bookedStore(ctx, input.storeId);
  const cardUid = normalizeCardUid(input.cardUid);
  return withInlineIdempotency(db, ctx, 'earn', input, async (tx, saveSql) => {
    const tenantId = ctx.tenant.id;
    // An ACTIVE card always has a customer (activation requires one); lock order card → customer.
    const card = await lockActiveCard(tx, tenantId, cardUid);
    const holder = card?.customerId ? await lockHolder(tx, tenantId, card.customerId) : null;
    if (!card || !holder) throw await cardRefusal(tx, tenantId, cardUid);
    const customerId = card.customerId!;
    const now = ctx.now ?? new Date();
    const programme = await loadProgramme(tx, tenantId, now, input.storeId ?? null);
    if (!programme.storeFound) throw notFound('Store not found');
    const tierBefore = holder.tier;
    const { rateBps, cashbackCents } = computeCashback({ amountCents: input.amountCents, category: input.category, tier: tierBefore, ...programme, now });
    const before = card.balanceCents;
    const after = before + cashbackCents;
    const totalSpendCents = holder.totalSpendCents + input.amountCents;
    const tier = evaluateTier(totalSpendCents, programme.tierRules);
    // The row's id is chosen here so that the answer, stored with the key, is known before the write.
    const answer: EarnResponse = { transactionId: randomUUID(), newBalance: after, cashbackEarned: cashbackCents, rateBps, tier };
    await tx.execute(sql`with
        card_update as (${setBalanceSql(tenantId, card.id, after)}),
        customer_update as (${recordPurchaseSql(tenantId, customerId, totalSpendCents, tier)}),
        earn_row as (insert into ${transactions} (tenant_id, id, card_id, customer_id, store_id, user_id, api_key_id, type, category, amount_cents, cashback_cents, before_balance_cents, after_balance_cents, note)
          values (${tenantId}, ${answer.transactionId}, ${card.id}, ${customerId}, ${storeId ?? card.storeId}, ${ctx.user.id}, ${ctx.user.apiKeyId ?? null}, 'EARN', ${input.category}, ${input.amountCents}, ${cashbackCents}, ${before}, ${after}, ${input.note ?? null})
          returning tenant_id, card_id, id, created_at, cashback_cents as credit),
        lot as (${openLotsSql(tenantId, sql`earn_row`)}),
        saved as (${saveSql(answer)}),
        audit as (${auditInsertSql({
          tenantId,
          userId: ctx.user.id,
          apiKeyId: ctx.user.apiKeyId ?? null,
          action: 'transaction.earn',
          entity: 'transaction',
          entityId: answer.transactionId,
          before: sql`${JSON.stringify({ cardUid, balanceCents: before, tier: tierBefore })}::jsonb`,
          after: sql`${JSON.stringify({ cardUid, amountCents: input.amountCents, cashbackCents, rateBps, balanceCents: after, tier, category: input.category })}::jsonb`,
        })})
        select 1`);
    await announceLedgerRows(tx, tenantId, [answer.transactionId], now);
    await enqueueReceipt(tx, ctx.tenant, ctx.links, { transactionId: answer.transactionId, kind: 'EARN', cardId: card.id, storeId: storeId ?? card.storeId, amountCents: input.amountCents, cashbackCents, balanceCents: after, at: now });
    return answer;
  });
}
