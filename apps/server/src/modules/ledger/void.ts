import { and, eq } from 'drizzle-orm';
import type { VoidRequest, VoidResponse } from '@loyalty/contract';
import { mayVoidAt } from '@loyalty/domain';
import type { Database } from '../../db/client.ts';
import { idempotent } from '../../db/idempotency.ts';
import { transactions } from '../../db/schema/index.ts';
import { AppError, conflict, forbidden } from '../../errors.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { assertOwnStore, CORRECTION_TEXT, ledgerRow, type PosContext, type PosResult, posActorOf } from './context.ts';
import { lockCard } from './holdings.ts';
import { appendRow } from './rows.ts';

/**
 * POST /transactions/{id}/void (ADR 0014): gives the amount of the REDEEM row `id` back to
 * its card, once. tenant_admin at any time; a cashier only on their own store's rows and
 * within 15 minutes of the redemption (domain mayVoidAt, by the injectable clock). In
 * one DB transaction: locks the card (any status), refuses a second void (409 'Transaction
 * already voided'; a unique index backs it), credits the amount, appends a VOID row (amount =
 * the redemption's, reverses = `id`, note = reason) and an audit row 'transaction.void'.
 * Throws 404, 403 (store, 15 minutes), 422 BUSINESS_RULE (not a REDEEM), 409.
 */
export async function voidRedeem(db: Database, ctx: PosContext, id: string, input: VoidRequest): Promise<PosResult<VoidResponse>> {
  const tenantId = ctx.tenant.id;
  return idempotent(db, { tenantId: ctx.tenant.id, key: ctx.idempotencyKey, route: `void:${id}`, body: input }, async (tx) => {
    const redeem = await ledgerRow(tx, tenantId, id);
    if (redeem.type !== 'REDEEM') throw new AppError('BUSINESS_RULE', CORRECTION_TEXT.onlyRedeem);
    assertOwnStore(ctx, redeem.storeId);
    if (!mayVoidAt(posActorOf(ctx), redeem.createdAt, ctx.now)) throw forbidden(CORRECTION_TEXT.voidWindow);
    const card = (await lockCard(tx, tenantId, redeem.cardId))!;
    const [voided] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.tenantId, tenantId), eq(transactions.reversesTransactionId, redeem.id), eq(transactions.type, 'VOID')));
    if (voided) throw conflict(CORRECTION_TEXT.alreadyVoided);
    const after = card.balanceCents + redeem.amountCents;
    const row = await appendRow(tx, {
      tenantId,
      cardId: card.id,
      customerId: redeem.customerId,
      storeId: redeem.storeId,
      userId: posActorOf(ctx).id,
      apiKeyId: posActorOf(ctx).apiKeyId,
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
      ...auditActorOf(ctx),
      action: 'transaction.void',
      entity: 'transaction',
      entityId: row,
      before: { transactionId: redeem.id, balanceCents: card.balanceCents },
      after: { restoredCents: redeem.amountCents, balanceCents: after, reason: input.reason },
    });
    return { transactionId: row, restoredCents: redeem.amountCents, newBalanceCents: after };
  });
}
