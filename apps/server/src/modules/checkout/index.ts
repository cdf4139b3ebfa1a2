/**
 * The checkout module's public face. Hosted checkouts (docs/product.md 'Payments'): money
 * entering from outside through the payment provider, for add funds (docs/product.md 'Add funds') and card orders
 * (docs/product.md 'Card orders'). The module owns `checkout_sessions`. A checkout is OPEN
 * until it is paid (COMPLETED, exactly once: its effect is applied in the transaction that
 * flips it) or CANCELED. What a paid checkout does belongs to the module that opened it: the
 * effects (CheckoutEffects) are handed in by the composition root (src/wiring.ts), so this
 * module depends on neither add funds nor card orders (ADR 0012). Money in integer cents.
 */
export { cancelCheckout, expireCheckoutSession } from './cancel-checkout.ts';
export { checkoutOfSession, type CheckoutEffect, type CheckoutEffects } from './checkouts.ts';
export { completeCheckout } from './complete-checkout.ts';
export { openCheckout } from './open-checkout.ts';
export { completedPaymentOfOrder, demoPaidCardOrders, openCheckoutIdsOfOrder, paidWithDemo } from './order-payments.ts';
export { checkoutRoutes } from './routes.ts';
