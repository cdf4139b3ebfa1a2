import { and, eq } from 'drizzle-orm';
import { cardOrders } from '../../db/schema/index.ts';
import { type AuditActor, writeAudit } from '../audit/index.ts';
import { recordPayment } from '../billing/index.ts';
import { insertUnassignedCards } from '../cards/index.ts';
import type { CheckoutEffect } from '../checkout/index.ts';
import { oldestActiveStoreId } from '../stores/index.ts';
import { addPurchasedCards, lockTenant } from '../tenants/index.ts';
import { enqueueCardOrderStatus } from './status-emails.ts';

/** What a paid card-order checkout does: the order's cards and the raised quota (ADR 0008). */

/**
 * The audit actor of a paid checkout's effect: whoever opened the checkout. The request that
 * confirms the payment is the provider's (or the Demo page's), so no API key and no client address.
 */
function openerOf(checkout: { createdBy: string | null }): AuditActor {
  return { userId: checkout.createdBy, apiKeyId: null, ip: null };
}

/**
 * What a paid CARD_ORDER checkout does (completeCheckout, ADR 0008). `lockFirst` takes the
 * tenant row's lock (ADR 0005) before the checkout row, the lock order of this module's own
 * use cases (tenant → order → checkouts). `apply`, in the transaction that completed the
 * checkout: locks the order row; when it is PENDING_PAYMENT it becomes PAID (paidAt = `now`),
 * `quantity` UNASSIGNED cards are inserted with card_order_id set (store: the tenant's oldest
 * active store, else none), the quantity is added to the tenant's purchased cards (quota),
 * a `payments` row (kind 'card_order', status 'paid', amount = the order's total in cents,
 * planId null, the provider's payment id, the tenant's name) and an audit_log row
 * 'card_order.status' (PENDING_PAYMENT → PAID, by whoever opened the checkout) are written. When the order is no
 * longer PENDING_PAYMENT (cannot happen through our routes: cancelling an order cancels its
 * OPEN checkouts under the same tenant lock), nothing changes but an audit_log row
 * `checkout.card_order_not_applied` that records it for a manual refund.
 */
export const cardOrderEffect: CheckoutEffect = {
  async lockFirst(tx, tenantId) {
    await lockTenant(tx, tenantId);
  },
  async apply(tx, checkout, payment, now) {
    const tenant = await lockTenant(tx, checkout.tenantId);
    const tenantId = tenant.id;
    const providerPaymentId = payment.providerPaymentId;
    const [order] = checkout.cardOrderId
      ? await tx
          .select()
          .from(cardOrders)
          .where(and(eq(cardOrders.tenantId, tenantId), eq(cardOrders.id, checkout.cardOrderId)))
          .for('update')
      : [];
    if (!order || order.status !== 'PENDING_PAYMENT') {
      await writeAudit(tx, {
        tenantId,
        ...openerOf(checkout),
        action: 'checkout.card_order_not_applied',
        entity: 'checkout',
        entityId: checkout.id,
        before: null,
        after: {
          reason: order ? `order is ${order.status}` : 'order not found',
          cardOrderId: checkout.cardOrderId,
          amountCents: checkout.amountCents,
          providerPaymentId,
        },
      });
      return;
    }
    await tx
      .update(cardOrders)
      .set({ status: 'PAID', paidAt: now })
      .where(and(eq(cardOrders.tenantId, tenantId), eq(cardOrders.id, order.id)));
    const storeId = await oldestActiveStoreId(tx, tenantId);
    await insertUnassignedCards(tx, tenantId, order.quantity, { storeId, cardOrderId: order.id });
    await addPurchasedCards(tx, tenantId, order.quantity);
    await recordPayment(tx, {
      tenantId,
      tenantName: tenant.name,
      planId: null,
      kind: 'card_order',
      amountCents: order.totalCents,
      status: 'paid',
      providerPaymentId,
    });
    // The payment changes the card quota and is money in: the owner's Activity shows it.
    await writeAudit(tx, {
      tenantId,
      ...openerOf(checkout),
      action: 'card_order.status',
      entity: 'card_order',
      entityId: order.id,
      before: { status: order.status },
      after: { status: 'PAID', quantity: order.quantity, totalCents: order.totalCents, providerPaymentId },
    });
    await enqueueCardOrderStatus(tx, tenant, order, 'PAID', now);
  },
};
