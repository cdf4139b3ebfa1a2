import { sql } from 'drizzle-orm';
import type { RefundRequest, RefundResponse, Tier } from '@loyalty/contract';
import { clawbackCents, evaluateTier } from '@loyalty/domain';
import type { Database, Tx } from '../../db/client.ts';
import { idempotent } from '../../db/idempotency.ts';
import { transactions } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { readTierRules } from '../rules/index.ts';
import { assertOwnStore, CORRECTION_TEXT, ledgerRow, type PosContext, type PosResult, posActorOf } from './context.ts';
import { lockCard, lockHolder, recordPurchaseSql } from './holdings.ts';
import { clawBackReferralBonuses } from './purchase-rewards.ts';
import { enqueueReceipt } from './receipts.ts';
import { appendRow } from './rows.ts';

/** Σ purchase amount and Σ claw-back (cents) of the REFUND rows reversing `earnId`. Read after the card lock, so it includes every committed refund. */
async function refundedSoFar(tx: Tx, tenantId: string, earnId: string): Promise<{ amountCents: number; cashbackCents: number }> {
  const [row] = rowsOf<{ amount: string | number; cashback: string | number }>(
    await tx.execute(sql`select coalesce(sum(amount_cents), 0) as amount, coalesce(sum(cashback_cents), 0) as cashback
      from ${transactions} where tenant_id = ${tenantId} and reverses_transaction_id = ${earnId} and type = 'REFUND'`),
  );
  return { amountCents: Number(row.amount), cashbackCents: Number(row.cashback) };
}

/**
 * POST /transactions/{id}/refund (ADR 0014): refunds `amountCents` of the EARN row `id`'s
 * purchase (default: what is left of it) and claws back its cashback in proportion (domain
 * `clawbackCents`: floor of the share, the refund that completes the purchase taking the exact
 * remainder). In one DB transaction: locks the card (any status: a BLOCKED card can be
 * refunded), then the customer; debits the claw-back but never below 0 (the shortfall is
 * recorded in `unrecoveredCents`); takes the amount off the customer's total spend and
 * re-evaluates the tier (applies from the next purchase, ADR 0003); appends a REFUND row
 * (amount = purchase refunded, cashback = claw-back due, reverses = `id`, the EARN's
 * category, store and customer, note = reason) and an audit row 'transaction.refund'; with the
 * tenant's receipts on, the holder's receipt to the outbox (receipts.ts). The refund that
 * completes a purchase within 14 days of it takes back the referral bonuses that came with it
 * (purchase-rewards.ts `clawBackReferralBonuses`, docs/product.md 'Rewards').
 * Throws 404 'Transaction not found', 403 (a cashier and another store's row), 422
 * BUSINESS_RULE (not an EARN; fully refunded; 'Refund exceeds the remaining purchase
 * amount'), 409 key reuse.
 */
export async function refundEarn(db: Database, ctx: PosContext, id: string, input: RefundRequest): Promise<PosResult<RefundResponse>> {
  const tenantId = ctx.tenant.id;
  return idempotent(db, { tenantId: ctx.tenant.id, key: ctx.idempotencyKey, route: `refund:${id}`, body: input }, async (tx) => {
    const earn = await ledgerRow(tx, tenantId, id);
    if (earn.type !== 'EARN') throw new AppError('BUSINESS_RULE', CORRECTION_TEXT.onlyEarn);
    assertOwnStore(ctx, earn.storeId);
    const card = (await lockCard(tx, tenantId, earn.cardId))!;
    const prior = await refundedSoFar(tx, tenantId, earn.id);
    const remaining = earn.amountCents - prior.amountCents;
    if (remaining <= 0) throw new AppError('BUSINESS_RULE', CORRECTION_TEXT.fullyRefunded);
    const refunded = input.amountCents ?? remaining;
    if (refunded > remaining) throw new AppError('BUSINESS_RULE', CORRECTION_TEXT.exceeds, { remainingAmountCents: remaining });
    const due = clawbackCents({ amountCents: earn.amountCents, cashbackCents: earn.cashbackCents }, prior, refunded);
    const taken = Math.min(due, card.balanceCents);
    const after = card.balanceCents - taken;
    let tier: Tier | null = null;
    if (earn.customerId) {
      const holder = await lockHolder(tx, tenantId, earn.customerId);
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
      userId: posActorOf(ctx).id,
      apiKeyId: posActorOf(ctx).apiKeyId,
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
      ...auditActorOf(ctx),
      action: 'transaction.refund',
      entity: 'transaction',
      entityId: row,
      before: { transactionId: earn.id, balanceCents: card.balanceCents },
      after: { refundedAmountCents: refunded, clawbackDueCents: due, unrecoveredCents: due - taken, balanceCents: after, reason: input.reason ?? null },
    });
    const clawedBack =
      remaining === refunded
        ? await clawBackReferralBonuses(tx, { tenantId, id: earn.id, createdAt: earn.createdAt }, { ...auditActorOf(ctx), at: ctx.now })
        : null;
    const balanceCents = clawedBack?.get(card.id) ?? after;
    await enqueueReceipt(tx, ctx.tenant, ctx.links, {
      transactionId: row,
      kind: 'REFUND',
      cardId: card.id,
      storeId: earn.storeId,
      amountCents: refunded,
      cashbackCents: taken,
      balanceCents,
      at: ctx.now,
    });
    return {
      transactionId: row,
      refundedAmountCents: refunded,
      clawedBackCents: taken,
      unrecoveredCents: due - taken,
      remainingAmountCents: remaining - refunded,
      newBalanceCents: balanceCents,
      tier,
    };
  });
}
