import { and, eq } from 'drizzle-orm';
import type { CardOrder } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { cardOrders } from '../../db/schema/index.ts';
import { conflict } from '../../errors.ts';
import type { PaymentProvider } from '../../payments/port.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { recordPayment } from '../billing/index.ts';
import { deleteCardsOfOrder, lockCardsOfOrder } from '../cards/index.ts';
import { completedPaymentOfOrder } from '../checkout/index.ts';
import { addPurchasedCards, lockTenant } from '../tenants/index.ts';
import { ledgerRowsOnCards } from '../ledger/views.ts';
import { ORDER_NOT_CANCELLABLE, ORDER_CARDS_IN_USE, toCardOrder, lockOrder } from './card-order-rows.ts';
import { cancelOpenCheckouts } from './open-checkouts.ts';
import { type TenantRequestContext } from '../../context.ts';

/** Cancelling a card order before production starts, with the refund of a paid one. */

/**
 * DELETE /api/t/{slug}/card-orders/{id} → the CardOrder, CANCELED (docs/product.md
 * 'Card orders': cancel before shipping). In ONE transaction with the tenant row locked (ADR 0005:
 * card activations and batches of the tenant wait) and the order row locked:
 * - PENDING_PAYMENT → CANCELED; its OPEN checkouts become CANCELED (a Demo Pay on them
 *   answers 409 'This checkout was canceled').
 * - PAID → CANCELED with a full refund: the order's cards are locked and must all still be
 *   UNASSIGNED with balance 0 and no ledger rows, else 409 'Cards of this order are already
 *   in use' and nothing changes; then the cards are deleted, tenants.purchased_cards −=
 *   quantity (never below 0), the provider refunds the total (`provider.refund` with the
 *   providerPaymentId of the order's completed checkout; a provider error rolls everything
 *   back), and a `payments` row (kind 'card_order_refund', amount −total cents, status
 *   'refunded', providerPaymentId = the provider's refund id, planId null) is written.
 * - PROCESSING, SHIPPED, DELIVERED, CANCELED → 409 'This order can no longer be cancelled'.
 * Writes an audit_log row 'card_order.cancel' (before/after status, refunded cents, cards
 * removed). 404 'Order not found' (unknown, malformed or another tenant's id).
 */
export async function cancelCardOrder(db: Database, provider: PaymentProvider, ctx: TenantRequestContext, orderId: string): Promise<CardOrder> {
  return db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, ctx.tenant.id);
    const order = await lockOrder(tx, tenant.id, orderId);
    let refundedCents = 0;
    let cardsRemoved = 0;
    if (order.status === 'PENDING_PAYMENT') {
      await cancelOpenCheckouts(tx, tenant.id, order.id);
    } else if (order.status === 'PAID') {
      const orderCards = await lockCardsOfOrder(tx, tenant.id, order.id);
      const ids = orderCards.map((c) => c.id);
      const ledgerRows = await ledgerRowsOnCards(tx, tenant.id, ids);
      const inUse = orderCards.some((c) => c.status !== 'UNASSIGNED' || c.balanceCents !== 0 || c.customerId !== null) || ledgerRows > 0;
      if (inUse) throw conflict(ORDER_CARDS_IN_USE);
      if (ids.length) await deleteCardsOfOrder(tx, tenant.id, order.id);
      cardsRemoved = ids.length;
      await addPurchasedCards(tx, tenant.id, -order.quantity);
      const paid = await completedPaymentOfOrder(tx, tenant.id, order.id);
      const providerPaymentId = paid?.providerPaymentId ?? paid?.providerSessionId ?? order.providerCheckoutId ?? `order_${order.id}`;
      const { refundId } = await provider.refund(tx, tenant, providerPaymentId, order.totalCents);
      await recordPayment(tx, {
        tenantId: tenant.id,
        tenantName: tenant.name,
        planId: null,
        kind: 'card_order_refund',
        amountCents: -order.totalCents,
        status: 'refunded',
        providerPaymentId: refundId,
      });
      refundedCents = order.totalCents;
    } else {
      throw conflict(ORDER_NOT_CANCELLABLE);
    }
    const [updated] = await tx
      .update(cardOrders)
      .set({ status: 'CANCELED' })
      .where(and(eq(cardOrders.tenantId, tenant.id), eq(cardOrders.id, order.id)))
      .returning();
    await writeAudit(tx, {
      tenantId: tenant.id,
      ...auditActorOf(ctx),
      action: 'card_order.cancel',
      entity: 'card_order',
      entityId: order.id,
      before: { status: order.status },
      after: { status: 'CANCELED', refundedCents, cardsRemoved },
    });
    return toCardOrder(updated);
  });
}
