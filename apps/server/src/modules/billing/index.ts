/**
 * The billing module's public face (docs/product.md 'Subscription gates', 'Payments'). It owns
 * the platform's money records (`subscription_events`, `payments`, `invoices`) and the tenant's
 * billing use cases under /api/t/{slug}/billing: plans, usage, payment methods, subscribe,
 * invoices, portal. Subscription state follows facts applied in any order (ADR 0021), and an
 * hourly check marks lapsed subscriptions PAST_DUE. The tenant row (status, plan, period,
 * provider ids) is the tenants module's, locked and written through it (ADR 0005, ADR
 * 0012); saved cards live with the payment provider (payments/demo.ts keeps the Demo
 * provider's `payment_methods`). The operator's revenue figures are read here too.
 */
export { applySubscriptionFact } from './apply-subscription-fact.ts';
export { markLapsedSubscriptions } from './mark-lapsed-subscriptions.ts';
export { paymentRecorded, recordPayment, recordSubscriptionEvent } from './records.ts';
export {
  latestPayments,
  latestSubscriptionEvents,
  revenueByDaySince,
  revenueByMonthSince,
  revenueFigures,
  revenueSince,
  subscriptionsCreatedSince,
  topPlansSince,
} from './revenue.ts';
export { billingRoutes } from './routes.ts';
export { subscribe } from './subscribe.ts';
