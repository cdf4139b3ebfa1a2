import { and, eq } from 'drizzle-orm';
import type { CheckoutUrlResponse } from '@loyalty/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { cardOrders } from '../../db/schema/index.ts';
import { conflict } from '../../errors.ts';
import type { PaymentProvider } from '../../payments/port.ts';
import { openCheckout } from '../checkout/index.ts';
import { lockTenant } from '../tenants/index.ts';
import { ORDER_ALREADY_PAID, ORDER_CANCELED, lockOrder } from './card-order-rows.ts';
import { cancelOpenCheckouts } from './open-checkouts.ts';
import { type TenantRequestContext, actingUserId } from '../../context.ts';

/** Paying a card order through the provider's hosted checkout. */

/**
 * POST /api/t/{slug}/card-orders/checkout `{ orderId }` → `{ checkoutUrl }`
 * (docs/product.md 'Card orders', 'Payments'). In ONE transaction with the tenant row locked
 * (ADR 0005) and the order row locked: only a PENDING_PAYMENT order can be paid; any OPEN
 * checkout of the order is CANCELED first and a fresh one is opened for the order's total
 * (cents), so an order has at most one payable checkout. (Decision: cancel-and-reopen rather
 * than reuse, because a provider's session URL is not stored and may have expired; a Demo
 * page still open on the old checkout answers 409 'This checkout was canceled' on Pay.) The
 * order's providerCheckoutId is set to the new session id. Return paths:
 * `/t/{slug}/card-orders?paid={orderId}` and `/t/{slug}/card-orders?canceled={orderId}`.
 * Errors (nothing written): 404 'Order not found'; 409 'This order is already paid' (PAID,
 * PROCESSING, SHIPPED, DELIVERED); 409 'This order was cancelled'.
 */
export async function openCardOrderCheckout(
  db: Database,
  provider: PaymentProvider,
  config: Pick<Config, 'publicUrl'>,
  ctx: TenantRequestContext,
  orderId: string,
): Promise<CheckoutUrlResponse> {
  return db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, ctx.tenant.id);
    const order = await lockOrder(tx, tenant.id, orderId);
    if (order.status === 'CANCELED') throw conflict(ORDER_CANCELED);
    if (order.status !== 'PENDING_PAYMENT') throw conflict(ORDER_ALREADY_PAID);
    await cancelOpenCheckouts(tx, tenant.id, order.id);
    const opened = await openCheckout(tx, provider, config, tenant, {
      kind: 'CARD_ORDER',
      amountCents: order.totalCents,
      description: `${order.quantity.toLocaleString('en-US')} printed loyalty cards (${order.cardType === 'SINGLE_SIDED' ? 'single-sided' : 'double-sided custom'})`,
      cardOrderId: order.id,
      returnPath: `/t/${tenant.slug}/card-orders?paid=${order.id}`,
      cancelPath: `/t/${tenant.slug}/card-orders?canceled=${order.id}`,
      createdBy: actingUserId(ctx),
    });
    await tx
      .update(cardOrders)
      .set({ providerCheckoutId: opened.providerSessionId })
      .where(and(eq(cardOrders.tenantId, tenant.id), eq(cardOrders.id, order.id)));
    return { checkoutUrl: opened.checkoutUrl };
  });
}
