/**
 * The card-orders module's public face: the only file of `modules/card-orders/` that other
 * modules and the app import. The module owns `card_orders`: printed cards ordered by a
 * tenant_admin, priced from the domain's price list (PENDING_PAYMENT), paid through the
 * provider's hosted checkout (PAID: `cardOrderEffect` adds the order's UNASSIGNED cards and
 * raises the quota), cancellable and refunded until production starts, and fulfilled by the
 * operator (see docs/product.md 'Card orders'). The cards, the quota, checkouts and payments are
 * written through their owners (ADR 0012). Money in integer cents.
 */
export { ORDER_NOT_FOUND, toCardOrder } from './card-order-rows.ts';
export { listAllCardOrders, lockAnyCardOrder, setCardOrderStatus } from './fulfil-card-orders.ts';
export { cardOrderEffect } from './pay-card-order.ts';
export { cardOrderPricingRoutes, cardOrderRoutes } from './routes.ts';
export { enqueueCardOrderStatus } from './status-emails.ts';
