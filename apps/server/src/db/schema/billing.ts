import type { CardOrderStatus, CardOrderType, CheckoutKind, CheckoutStatus, PaymentProviderKind, ShippingAddress } from '@loyalty/contract';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, tenantId, tstz } from './columns.ts';
import { plans, tenants } from './platform.ts';

/**
 * Subscription events (the platform's subscription analytics). Platform revenue
 * records keep `tenantId` nullable so they survive a tenant's deletion, detached
 *; tenant name and slug are copied for that reason.
 */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: id().primaryKey(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    tenantName: text('tenant_name').notNull(),
    tenantSlug: text('tenant_slug').notNull(),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    eventType: text('event_type').notNull(),
    data: jsonb('data'),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_events_created_idx').on(t.createdAt)],
);

/** Money received by the platform (its recent payments and revenue). amount in cents. */
export const payments = pgTable(
  'payments',
  {
    id: id().primaryKey(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    tenantName: text('tenant_name').notNull(),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    kind: text('kind').notNull().default('subscription'),
    amountCents: cents('amount_cents').notNull(),
    status: text('status').notNull(),
    providerPaymentId: text('provider_payment_id').unique(),
    createdAt: createdAt(),
  },
  (t) => [index('payments_created_idx').on(t.createdAt)],
);

/** Invoices of a tenant's subscription. */
export const invoices = pgTable(
  'invoices',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    providerInvoiceId: text('provider_invoice_id'),
    amountPaidCents: cents('amount_paid_cents').notNull(),
    status: text('status').notNull(),
    periodStart: tstz('period_start').notNull(),
    periodEnd: tstz('period_end').notNull(),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    invoicePdf: text('invoice_pdf'),
    createdAt: createdAt(),
  },
  // One row per provider invoice, so a webhook delivered twice records it once.
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('invoices_provider_invoice_idx').on(t.tenantId, t.providerInvoiceId)],
);

/** Saved cards of a tenant; only provider ids and display data. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Orders of printed cards (docs/product.md 'Card orders'). Money in cents. */
export const cardOrders = pgTable(
  'card_orders',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    cardType: text('card_type').$type<CardOrderType>().notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: cents('unit_price_cents').notNull(),
    totalCents: cents('total_cents').notNull(),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    status: text('status').$type<CardOrderStatus>().notNull().default('PENDING_PAYMENT'),
    providerCheckoutId: text('provider_checkout_id'),
    paidAt: tstz('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('card_orders_tenant_created_idx').on(t.tenantId, t.createdAt)],
);

/**
 * Hosted checkouts of money entering from outside (docs/product.md 'Payments'): add funds to a
 * card (kind ADD_FUNDS: cardId, customerId) or pay a card order (kind CARD_ORDER: cardOrderId).
 * status OPEN → COMPLETED (exactly once: the effect is applied in the transaction that flips
 * it) or CANCELED. amount in cents. `providerSessionId` is the provider's checkout id (Demo:
 * `demo_cs_…`), unique so a webhook finds its checkout; `providerPaymentId` is set on
 * completion (Stripe: the payment intent, for refunds).
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    kind: text('kind').$type<CheckoutKind>().notNull(),
    status: text('status').$type<CheckoutStatus>().notNull().default('OPEN'),
    provider: text('provider').$type<PaymentProviderKind>().notNull(),
    amountCents: cents('amount_cents').notNull(),
    description: text('description').notNull(),
    customerId: uuid('customer_id'),
    cardId: uuid('card_id'),
    cardOrderId: uuid('card_order_id'),
    providerSessionId: text('provider_session_id').unique(),
    providerPaymentId: text('provider_payment_id'),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    createdBy: uuid('created_by'),
    completedAt: tstz('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('checkout_sessions_order_idx').on(t.tenantId, t.cardOrderId)],
);

/**
 * Provider webhook events already processed (idempotent per event id). The row is
 * inserted in the same transaction as the event's effect, so a failure leaves no row and the
 * provider's retry is processed; a second delivery finds the row and changes nothing.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
