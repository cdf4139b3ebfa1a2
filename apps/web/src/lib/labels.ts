/**
 * The one place where the enums of the contract (packages/contract/src/enums.ts,
 * card-orders.ts, checkout.ts, plans) get their human labels and badge tones. Every map is a
 * `Record<Enum, …>`, so a value added to an enum fails the typecheck until it has a label here.
 * The texts are the ones the screens and the e2e suite read: change them only together.
 */
import type {
  BillingPeriod,
  CardOrderPricingResponse,
  CardOrderStatus,
  CardOrderType,
  CardStatus,
  Category,
  CheckoutKind,
  OutboxStatus,
  Role,
  SubscriptionStatus,
  Tier,
  TransactionType,
  WebhookDeliveryStatus,
} from '@loyalty/contract';

/** Colour names of the Badge component (components/ui/badge.tsx). */
export type BadgeColor = 'grey' | 'green' | 'red' | 'blue' | 'orange' | 'yellow' | 'purple' | 'indigo';

/** Human label of a role (tenant_admin is 'Store Admin'). */
export const ROLE_LABELS: Record<Role, string> = {
  platform_admin: 'Platform Admin',
  tenant_admin: 'Store Admin',
  cashier: 'Cashier',
  customer: 'Customer',
};

/** Badge tone of a staff role (Staff Management): Store Admin purple, Cashier blue, Platform Admin indigo, Customer grey. */
export const ROLE_COLORS: Record<Role, BadgeColor> = { tenant_admin: 'purple', cashier: 'blue', platform_admin: 'indigo', customer: 'grey' };

/** Human label of a loyalty tier. */
export const TIER_LABELS: Record<Tier, string> = { SILVER: 'Silver', GOLD: 'Gold', PLATINUM: 'Platinum' };

/** Badge tone of a tier: SILVER grey, GOLD yellow, PLATINUM purple. */
export const TIER_COLORS: Record<Tier, BadgeColor> = { SILVER: 'grey', GOLD: 'yellow', PLATINUM: 'purple' };

/** Human label of a card status. */
export const CARD_STATUS_LABELS: Record<CardStatus, string> = {
  ACTIVE: 'Active',
  BLOCKED: 'Blocked',
  UNASSIGNED: 'Unassigned',
};

/** Badge tone of a card status: ACTIVE green, BLOCKED red, UNASSIGNED grey. */
export const CARD_STATUS_COLORS: Record<CardStatus, BadgeColor> = { ACTIVE: 'green', BLOCKED: 'red', UNASSIGNED: 'grey' };

/** Human label of a ledger row type (docs/product.md 'Refunds and voids'). */
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  EARN: 'Earn',
  REDEEM: 'Redeem',
  ADJUST: 'Adjustment',
  ADD_FUNDS: 'Added funds',
  REFUND: 'Refund',
  VOID: 'Void',
  EXPIRE: 'Expired',
};

/** Badge tone of a ledger row type: Earn green, Redeem orange, Adjustment purple, Added funds blue, Refund red, Void and Expired grey. */
export const TRANSACTION_TYPE_COLORS: Record<TransactionType, BadgeColor> = {
  EARN: 'green',
  REDEEM: 'orange',
  ADJUST: 'purple',
  ADD_FUNDS: 'blue',
  REFUND: 'red',
  VOID: 'grey',
  EXPIRE: 'grey',
};

/** Human label of a purchase category. */
export const CATEGORY_LABELS: Record<Category, string> = { PURCHASE: 'Purchase', REPAIR: 'Repair', OTHER: 'Other' };

/**
 * Badge label of a subscription status: Active, Trial, Past Due; no subscription and
 * cancelled both read 'Inactive'.
 */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  ACTIVE: 'Active',
  TRIALING: 'Trial',
  PAST_DUE: 'Past Due',
  CANCELED: 'Inactive',
  NONE: 'Inactive',
};

/** Badge tone of a subscription status: ACTIVE green, TRIALING blue, PAST_DUE orange, else grey. */
export const SUBSCRIPTION_STATUS_COLORS: Record<SubscriptionStatus, BadgeColor> = {
  ACTIVE: 'green',
  TRIALING: 'blue',
  PAST_DUE: 'orange',
  CANCELED: 'grey',
  NONE: 'grey',
};

/** Names of the subscription statuses where each must be told apart (the platform's distribution chart). */
export const SUBSCRIPTION_STATUS_NAMES: Record<SubscriptionStatus, string> = {
  ACTIVE: 'Active',
  TRIALING: 'Trial',
  PAST_DUE: 'Past Due',
  CANCELED: 'Canceled',
  NONE: 'No subscription',
};

/** The words of a subscription status in a select (the tenants' status filter, the Edit dialog), in the order they are offered. */
export const SUBSCRIPTION_STATUS_OPTION_LABELS: Record<SubscriptionStatus, string> = {
  ACTIVE: 'Active',
  TRIALING: 'Trial',
  PAST_DUE: 'Past Due',
  CANCELED: 'Canceled',
  NONE: 'None (no subscription)',
};

/** Badge label of a subscription status, 'Inactive' when there is none. */
export function subscriptionLabel(status: SubscriptionStatus | null | undefined): string {
  return status ? SUBSCRIPTION_STATUS_LABELS[status] : 'Inactive';
}

/** Human label of a card-order status (docs/product.md 'Card orders'). */
export const ORDER_STATUS_LABELS: Record<CardOrderStatus, string> = {
  PENDING_PAYMENT: 'Pending payment',
  PAID: 'Paid',
  PROCESSING: 'Processing',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELED: 'Cancelled',
};

/** Badge tone of a card-order status: waiting yellow, paid green, in production blue, on its way indigo, delivered purple, cancelled grey. */
export const ORDER_STATUS_COLORS: Record<CardOrderStatus, BadgeColor> = {
  PENDING_PAYMENT: 'yellow',
  PAID: 'green',
  PROCESSING: 'blue',
  SHIPPED: 'indigo',
  DELIVERED: 'purple',
  CANCELED: 'grey',
};

/** Human label of an outbox message's status. */
export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  PENDING: 'Pending',
  SENDING: 'Sending',
  SENT: 'Sent',
  FAILED: 'Failed',
  NOT_SENT: 'Not sent',
};

/** Badge tone of an outbox status: waiting yellow, being sent blue, sent green, failed red, not sent (no SMTP server) orange. */
export const OUTBOX_STATUS_COLORS: Record<OutboxStatus, BadgeColor> = {
  PENDING: 'yellow',
  SENDING: 'blue',
  SENT: 'green',
  FAILED: 'red',
  NOT_SENT: 'orange',
};

/** Human label of a webhook delivery's status: waiting for its next attempt, delivered (2xx), given up after 3 days. */
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Retrying',
  succeeded: 'Delivered',
  failed: 'Failed',
};

/** Badge tone of a webhook delivery status: retrying yellow, delivered green, failed red. */
export const WEBHOOK_DELIVERY_STATUS_COLORS: Record<WebhookDeliveryStatus, BadgeColor> = {
  pending: 'yellow',
  succeeded: 'green',
  failed: 'red',
};

/** Built-in names of the printed card kinds (the price list names them when it is loaded). */
const CARD_ORDER_TYPE_LABELS: Record<CardOrderType, string> = { SINGLE_SIDED: 'Single-sided', DOUBLE_SIDED_CUSTOM: 'Double-sided custom' };

/** The name of a card kind: the price list's name when `pricing` is loaded, else the built-in one. */
export function cardTypeName(type: CardOrderType, pricing?: CardOrderPricingResponse): string {
  return pricing?.cardTypes.find((t) => t.type === type)?.name ?? CARD_ORDER_TYPE_LABELS[type] ?? type;
}

/** What a checkout pays for (the checkout page's heading line). */
export const CHECKOUT_KIND_LABELS: Record<CheckoutKind, string> = { ADD_FUNDS: 'Add funds to a card', CARD_ORDER: 'Printed card order' };

/** Suffix of a plan price per billing period: /month, /3 months, /6 months, /year. */
export const PERIOD_LABELS: Record<BillingPeriod, string> = {
  monthly: '/month',
  '3months': '/3 months',
  '6months': '/6 months',
  yearly: '/year',
};

/** Names of the billing periods in the plan form's select. */
export const PERIOD_NAMES: Record<BillingPeriod, string> = {
  monthly: 'Monthly',
  '3months': 'Every 3 months',
  '6months': 'Every 6 months',
  yearly: 'Yearly',
};

/** The customer's name on a ledger row, or 'Unknown Customer' for a card without a customer. */
export function customerLabel(tx: { customerName?: string | null }): string {
  return tx.customerName?.trim() || 'Unknown Customer';
}

/** Select options of an enum from its label map, in the map's order: `[{ value, label }]`. */
export function labelOptions<K extends string>(labels: Record<K, string>): { value: K; label: string }[] {
  return (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));
}
