import { and, asc, eq, sql } from 'drizzle-orm';
import { CASHIER_VOID_WINDOW_MS, type Tier, type AdjustRequest, type AdjustResponse, type RefundRequest, type RefundResponse, type TransactionDetail, type VoidRequest, type VoidResponse } from '@loyalty/contract';
import { clawbackCents, evaluateTier, normalizeCardUid } from '@loyalty/domain';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { AppError, conflict, forbidden, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { rowsOf } from '../../lib/sql.ts';
import { writeAudit } from '../audit/service.ts';
import { lockCard, lockCardByUid, setBalanceSql } from '../cards/service.ts';
import { lockCustomerForPurchase, recordPurchaseSql } from '../customers/service.ts';
import { readTierRules } from '../rules/views.ts';
import { consumeLots, openLotsSql } from './lots.ts';
import { enqueueReceipt } from './receipts.ts';
import { announceLedgerRows, ledgerItemsByIds, withIdempotency, type PosContext, type PosResult } from './service.ts';

/**
 * The money lifecycle beyond earn and redeem (issue 14, ADR 0014): refunds of a purchase, the
 * void of a redemption, and an owner's adjustment. Each is one DB transaction that locks the
 * card row (which also serialises every reversal of that card's rows), appends one ledger row
 * with before/after balances and, for a reversal, `reverses_transaction_id`, writes an audit
 * row (who, why) and honours the request's Idempotency-Key. None is gated on the
 * subscription: a correction must stay possible when the till is locked.
 */


/** Texts of the refusals (issue 14), as the API and the screens show them. */
export const LIFECYCLE_TEXT = {
  notFound: 'Transaction not found',
  onlyEarn: 'Only purchases (EARN) can be refunded',
  onlyRedeem: 'Only redemptions (REDEEM) can be voided',
  fullyRefunded: 'This purchase is already fully refunded',
  exceeds: 'Refund exceeds the remaining purchase amount',
  alreadyVoided: 'Transaction already voided',
  otherStore: 'You can only process transactions for your own store',
  voidWindow: 'Cashiers can void a redemption only within 15 minutes; ask an admin',
  belowZero: 'Balance cannot go below zero',
} as const;

/** A lifecycle request's context: the POS context (tenant, user, Idempotency-Key) and the clock's `now`. */
export interface LifecycleContext extends PosContext {
  now: Date;
}

/** The ledger row `id` of the tenant, or 404 'Transaction not found' (another tenant's row too). */
async function ledgerRow(db: DbOrTx, tenantId: string, id: string) {
  if (!isUuid(id)) throw notFound(LIFECYCLE_TEXT.notFound);
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.id, id)));
  if (!row) throw notFound(LIFECYCLE_TEXT.notFound);
  return row;
}

/** 403 unless the user may act on a row booked to `storeId`: a cashier bound to a store only on that store's rows (spec §2 'POS'). */
function assertOwnStore(ctx: PosContext, storeId: string | null): void {
  if (ctx.user.role === 'cashier' && ctx.user.storeId && ctx.user.storeId !== storeId) throw forbidden(LIFECYCLE_TEXT.otherStore);
}

/** Σ purchase amount and Σ claw-back (cents) of the REFUND rows reversing `earnId`. Read after the card lock, so it includes every committed refund. */
async function refundedSoFar(tx: Tx, tenantId: string, earnId: string): Promise<{ amountCents: number; cashbackCents: number }> {
  const [row] = rowsOf<{ amount: string | number; cashback: string | number }>(
    await tx.execute(sql`select coalesce(sum(amount_cents), 0) as amount, coalesce(sum(cashback_cents), 0) as cashback
      from ${transactions} where tenant_id = ${tenantId} and reverses_transaction_id = ${earnId} and type = 'REFUND'`),
  );
  return { amountCents: Number(row.amount), cashbackCents: Number(row.cashback) };
}

/**
 * POST /transactions/{id}/refund (issue 14): refunds `amountCents` of the EARN row `id`'s
 * purchase (default: what is left of it) and claws back its cashback in proportion (domain
 * `clawbackCents`: floor of the share, the refund that completes the purchase taking the exact
 * remainder). In one DB transaction: locks the card (any status: a BLOCKED card can be
 * refunded), then the customer; debits the claw-back but never below 0 (the shortfall is
 * recorded in `unrecoveredCents`); takes the amount off the customer's total spend and
 * re-evaluates the tier (applies from the next purchase, ADR 0003); appends a REFUND row
 * (amount = purchase refunded, cashback = claw-back due, reverses = `id`, the EARN's
 * category, store and customer, note = reason) and an audit row 'transaction.refund'; with the
 * tenant's receipts on, the holder's receipt to the outbox (issue 16, receipts.ts).
 * Throws 404 'Transaction not found', 403 (a cashier and another store's row), 422
 * BUSINESS_RULE (not an EARN; fully refunded; 'Refund exceeds the remaining purchase
 * amount'), 409 key reuse.
 */
export async function refundEarn(db: Database, ctx: LifecycleContext, id: string, input: RefundRequest): Promise<PosResult<RefundResponse>> {
  const tenantId = ctx.tenant.id;
  return withIdempotency(db, ctx, `refund:${id}`, input, async (tx) => {
    const earn = await ledgerRow(tx, tenantId, id);
    if (earn.type !== 'EARN') throw new AppError('BUSINESS_RULE', LIFECYCLE_TEXT.onlyEarn);
    assertOwnStore(ctx, earn.storeId);
    const card = (await lockCard(tx, tenantId, earn.cardId))!;
    const prior = await refundedSoFar(tx, tenantId, earn.id);
    const remaining = earn.amountCents - prior.amountCents;
    if (remaining <= 0) throw new AppError('BUSINESS_RULE', LIFECYCLE_TEXT.fullyRefunded);
    const refunded = input.amountCents ?? remaining;
    if (refunded > remaining) throw new AppError('BUSINESS_RULE', LIFECYCLE_TEXT.exceeds, { remainingAmountCents: remaining });
    const due = clawbackCents({ amountCents: earn.amountCents, cashbackCents: earn.cashbackCents }, prior, refunded);
    const taken = Math.min(due, card.balanceCents);
    const after = card.balanceCents - taken;
    let tier: Tier | null = null;
    if (earn.customerId) {
      const holder = await lockCustomerForPurchase(tx, tenantId, earn.customerId);
      if (holder) {
        const spend = Math.max(0, holder.totalSpendCents - refunded);
        tier = evaluateTier(spend, await readTierRules(tx, tenantId));
        await tx.execute(recordPurchaseSql(tenantId, earn.customerId, spend, tier));
      }
    }
    const row = await appendRow(tx, {
      tenantId,
      cardId: card.id,
      customerId: earn.customerId,
      storeId: earn.storeId,
      userId: ctx.user.id,
      apiKeyId: ctx.user.apiKeyId ?? null,
      type: 'REFUND',
      category: earn.category,
      amountCents: refunded,
      cashbackCents: due,
      before: card.balanceCents,
      after,
      note: input.reason || null,
      reversesTransactionId: earn.id,
      unrecoveredCents: due - taken,
      at: ctx.now,
    });
    await writeAudit(tx, {
      tenantId,
      userId: ctx.user.id,
      apiKeyId: ctx.user.apiKeyId ?? null,
      action: 'transaction.refund',
      entity: 'transaction',
      entityId: row,
      before: { transactionId: earn.id, balanceCents: card.balanceCents },
      after: { refundedAmountCents: refunded, clawbackDueCents: due, unrecoveredCents: due - taken, balanceCents: after, reason: input.reason ?? null },
    });
    await enqueueReceipt(tx, ctx.tenant, ctx.links, { transactionId: row, kind: 'REFUND', cardId: card.id, storeId: earn.storeId, amountCents: refunded, cashbackCents: taken, balanceCents: after, at: ctx.now });
    return {
      transactionId: row,
      refundedAmountCents: refunded,
      clawedBackCents: taken,
      unrecoveredCents: due - taken,
      remainingAmountCents: remaining - refunded,
      newBalanceCents: after,
      tier,
    };
  });
}

/**
 * POST /transactions/{id}/void (issue 14): gives the amount of the REDEEM row `id` back to
 * its card, once. tenant_admin at any time; a cashier only on their own store's rows and
 * within 15 minutes of the redemption (CASHIER_VOID_WINDOW_MS, by the injectable clock). In
 * one DB transaction: locks the card (any status), refuses a second void (409 'Transaction
 * already voided'; a unique index backs it), credits the amount, appends a VOID row (amount =
 * the redemption's, reverses = `id`, note = reason) and an audit row 'transaction.void'.
 * Throws 404, 403 (store, 15 minutes), 422 BUSINESS_RULE (not a REDEEM), 409.
 */
export async function voidRedeem(db: Database, ctx: LifecycleContext, id: string, input: VoidRequest): Promise<PosResult<VoidResponse>> {
  const tenantId = ctx.tenant.id;
  return withIdempotency(db, ctx, `void:${id}`, input, async (tx) => {
    const redeem = await ledgerRow(tx, tenantId, id);
    if (redeem.type !== 'REDEEM') throw new AppError('BUSINESS_RULE', LIFECYCLE_TEXT.onlyRedeem);
    assertOwnStore(ctx, redeem.storeId);
    if (ctx.user.role === 'cashier' && ctx.now.getTime() - redeem.createdAt.getTime() > CASHIER_VOID_WINDOW_MS) throw forbidden(LIFECYCLE_TEXT.voidWindow);
    const card = (await lockCard(tx, tenantId, redeem.cardId))!;
    const [voided] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.tenantId, tenantId), eq(transactions.reversesTransactionId, redeem.id), eq(transactions.type, 'VOID')));
    if (voided) throw conflict(LIFECYCLE_TEXT.alreadyVoided);
    const after = card.balanceCents + redeem.amountCents;
    const row = await appendRow(tx, {
      tenantId,
      cardId: card.id,
      customerId: redeem.customerId,
      storeId: redeem.storeId,
      userId: ctx.user.id,
      apiKeyId: ctx.user.apiKeyId ?? null,
      type: 'VOID',
      category: null,
      amountCents: redeem.amountCents,
      cashbackCents: 0,
      before: card.balanceCents,
      after,
      note: input.reason,
      reversesTransactionId: redeem.id,
      unrecoveredCents: 0,
      at: ctx.now,
    });
    await writeAudit(tx, {
      tenantId,
      userId: ctx.user.id,
      apiKeyId: ctx.user.apiKeyId ?? null,
      action: 'transaction.void',
      entity: 'transaction',
      entityId: row,
      before: { transactionId: redeem.id, balanceCents: card.balanceCents },
      after: { restoredCents: redeem.amountCents, balanceCents: after, reason: input.reason },
    });
    return { transactionId: row, restoredCents: redeem.amountCents, newBalanceCents: after };
  });
}

/**
 * POST /cards/{cardUid}/adjust (issue 14), tenant_admin only: changes the balance of the
 * card by `deltaCents` (non-zero, |delta| ≤ $1,000.00) with a reason. In one DB transaction:
 * locks the card (any status, but it must have a holder), refuses a result below zero (422
 * 'Balance cannot go below zero', nothing written), appends an ADJUST row (amount = the
 * signed delta, as the ledger's ADJUST rows always had it; note = reason) and an audit row
 * 'card.adjust'. Throws 404 'Card not found', 422 CARD_NOT_ACTIVE (no holder yet) or
 * BUSINESS_RULE, 409 key reuse.
 */
export async function adjustBalance(db: Database, ctx: LifecycleContext, rawUid: string, input: AdjustRequest): Promise<PosResult<AdjustResponse>> {
  const tenantId = ctx.tenant.id;
  const cardUid = normalizeCardUid(rawUid);
  return withIdempotency(db, ctx, `adjust:${cardUid}`, input, async (tx) => {
    const card = await lockCardByUid(tx, tenantId, cardUid);
    if (!card) throw notFound('Card not found');
    if (!card.customerId) throw new AppError('CARD_NOT_ACTIVE', 'This card is not activated yet');
    const after = card.balanceCents + input.deltaCents;
    if (after < 0) throw new AppError('BUSINESS_RULE', LIFECYCLE_TEXT.belowZero, { balanceCents: card.balanceCents });
    const row = await appendAdjustment(tx, tenantId, card, { userId: ctx.user.id, apiKeyId: ctx.user.apiKeyId ?? null }, input.deltaCents, input.reason, ctx.now);
    return { transactionId: row, deltaCents: input.deltaCents, newBalanceCents: after };
  });
}

/** A card locked by the caller, as an adjustment needs it: balance in cents. */
interface AdjustableCard {
  id: string;
  balanceCents: number;
  customerId: string | null;
  storeId: string | null;
}

/**
 * One ADJUST of the locked `card` by `deltaCents` (signed) with `reason`: the ledger row with
 * its lot or oldest-first debit (appendRow), and the audit row 'card.adjust', in `tx`. The
 * caller has checked that the balance stays ≥ 0. Returns the ledger row's id.
 */
async function appendAdjustment(tx: Tx, tenantId: string, card: AdjustableCard, actor: { userId: string | null; apiKeyId: string | null }, deltaCents: number, reason: string, at: Date): Promise<string> {
  const after = card.balanceCents + deltaCents;
  const row = await appendRow(tx, {
    tenantId,
    cardId: card.id,
    customerId: card.customerId,
    storeId: card.storeId,
    userId: actor.userId,
    apiKeyId: actor.apiKeyId,
    type: 'ADJUST',
    category: null,
    amountCents: deltaCents,
    cashbackCents: 0,
    before: card.balanceCents,
    after,
    note: reason,
    reversesTransactionId: null,
    unrecoveredCents: 0,
    at,
  });
  await writeAudit(tx, {
    tenantId,
    userId: actor.userId,
    apiKeyId: actor.apiKeyId,
    action: 'card.adjust',
    entity: 'card',
    entityId: card.id,
    before: { balanceCents: card.balanceCents },
    after: { balanceCents: after, deltaCents, reason, transactionId: row },
  });
  return row;
}

/** The note of the ADJUST row that writes off an erased customer's balance (ADR 0026). */
export const ERASURE_WRITE_OFF_NOTE = "Erased at the customer's request";

/**
 * Writes off the whole balance of the locked card `card` (cards `lockCardsOfCustomer`, in the
 * erasure's transaction `tx`; ADR 0026): an owner's adjustment of −balance (cents) with the note
 * ERASURE_WRITE_OFF_NOTE (ledger row, lots taken oldest first, audit row, `transaction.created`
 * event). Nothing for a card holding 0. It happens once: the erasure runs it under the
 * customer's row lock and only while the customer is not yet erased (its own idempotency).
 * Returns the cents written off.
 */
export async function writeOffBalance(tx: Tx, tenantId: string, card: AdjustableCard, userId: string | null, now: Date): Promise<number> {
  if (card.balanceCents <= 0) return 0;
  await appendAdjustment(tx, tenantId, card, { userId, apiKeyId: null }, -card.balanceCents, ERASURE_WRITE_OFF_NOTE, now);
  return card.balanceCents;
}

/** One ledger row to append: the card (locked by the caller) moves from `before` to `after` (cents). */
interface NewLedgerRow {
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
  /** The request's instant (the webhook event's timestamp, issue 17). */
  at: Date;
}

/**
 * Sets the locked card's balance to `r.after`, appends the ledger row and opens its lot when it
 * credits the card (VOID, a positive ADJUST), in one statement; a debit (a REFUND's claw-back,
 * a negative ADJUST) then takes the oldest lots first (lots.ts, ADR 0015). Returns the row's id.
 */
async function appendRow(tx: Tx, r: NewLedgerRow): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`with card_update as (${setBalanceSql(r.tenantId, r.cardId, r.after)}),
      new_row as (insert into ${transactions} (tenant_id, card_id, customer_id, store_id, user_id, api_key_id, type, category, amount_cents, cashback_cents, before_balance_cents, after_balance_cents, note, reverses_transaction_id, unrecovered_cents)
        values (${r.tenantId}, ${r.cardId}, ${r.customerId}, ${r.storeId}, ${r.userId}::uuid, ${r.apiKeyId}::uuid, ${r.type}, ${r.category}, ${r.amountCents}, ${r.cashbackCents}, ${r.before}, ${r.after}, ${r.note}, ${r.reversesTransactionId}, ${r.unrecoveredCents})
        returning tenant_id, card_id, id, created_at, after_balance_cents - before_balance_cents as credit),
      lot as (${openLotsSql(r.tenantId, sql`new_row`)})
      select id from new_row`),
  );
  if (r.after < r.before) await consumeLots(tx, r.tenantId, r.cardId, r.before - r.after);
  await announceLedgerRows(tx, r.tenantId, [row.id], r.at);
  return row.id;
}

/**
 * GET /transactions/{id} (issue 14): the tenant's ledger row `id` as a TransactionItem with
 * `reversals`, the REFUND or VOID rows reversing it, oldest first. Throws 404 'Transaction not
 * found' (also for another tenant's row or a malformed id).
 */
export async function getTransaction(db: DbOrTx, tenantId: string, id: string): Promise<TransactionDetail> {
  const row = await ledgerRow(db, tenantId, id);
  const reversalIds = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.reversesTransactionId, row.id)))
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
  const [item, ...reversals] = await ledgerItemsByIds(db, tenantId, [row.id, ...reversalIds.map((r) => r.id)]);
  return { ...item, reversals };
}
