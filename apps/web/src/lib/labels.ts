/**
 * The one place where the enums of the contract (packages/contract/src/enums.ts,
 * card-orders.ts, checkout.ts, plans) get their human labels and badge tones. Every map is a
 * `Record<Enum, …>`, so a value added to an enum fails the typecheck until it has a label. The
 * labels' texts live in the catalogs of `messages-labels.ts` (ADR 0042); the maps here read them
 * in the current language. The texts are the ones the screens and the e2e suite read: change
 * them only together.
 */
import type {
  BillingPeriod,
  BonusReason,
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
import { translate, type Catalog, type MessageKey } from './i18n';
import {
  bonusReasonLabelTexts,
  cardOrderTypeLabelTexts,
  cardStatusLabelTexts,
  categoryLabelTexts,
  checkoutKindLabelTexts,
  labelsMessages,
  orderStatusLabelTexts,
  outboxStatusLabelTexts,
  periodLabelTexts,
  periodNameTexts,
  roleLabelTexts,
  subscriptionStatusLabelTexts,
  subscriptionStatusNameTexts,
  subscriptionStatusOptionTexts,
  tierLabelTexts,
  transactionTypeLabelTexts,
  webhookDeliveryStatusLabelTexts,
} from './messages-labels';

/** Colour names of the Badge component (components/ui/badge.tsx). */
export type BadgeColor = 'grey' | 'green' | 'red' | 'blue' | 'orange' | 'yellow' | 'purple' | 'indigo';

/**
 * The label map of an enum whose catalog is keyed by the enum's values: each property reads the
 * catalog when it is read, so callers index a plain `Record` (`ROLE_LABELS[role]`, `Object.keys`,
 * `labelOptions`) and still get the current language. A value the catalog lacks reads `undefined`.
 */
function labelsFrom<K extends string>(catalog: Catalog<Record<K, string>>): Record<K, string> {
  const map = {} as Record<K, string>;
  for (const key of Object.keys(catalog.en) as K[]) {
    Object.defineProperty(map, key, { enumerable: true, get: () => translate(catalog, key as MessageKey<Record<K, string>>) });
  }
  return Object.freeze(map);
}

/** Human label of a role (tenant_admin is 'Store Admin'). */
export const ROLE_LABELS: Record<Role, string> = labelsFrom(roleLabelTexts);

/** Badge tone of a staff role (Staff Management): Store Admin purple, Cashier blue, Platform Admin indigo, Customer grey. */
export const ROLE_COLORS: Record<Role, BadgeColor> = { tenant_admin: 'purple', cashier: 'blue', platform_admin: 'indigo', customer: 'grey' };

/** Human label of a loyalty tier. */
export const TIER_LABELS: Record<Tier, string> = labelsFrom(tierLabelTexts);

/** Badge tone of a tier: SILVER grey, GOLD yellow, PLATINUM purple. */
export const TIER_COLORS: Record<Tier, BadgeColor> = { SILVER: 'grey', GOLD: 'yellow', PLATINUM: 'purple' };

/** Human label of a card status. */
export const CARD_STATUS_LABELS: Record<CardStatus, string> = labelsFrom(cardStatusLabelTexts);

/** Badge tone of a card status: ACTIVE green, BLOCKED red, UNASSIGNED grey. */
export const CARD_STATUS_COLORS: Record<CardStatus, BadgeColor> = { ACTIVE: 'green', BLOCKED: 'red', UNASSIGNED: 'grey' };

/** Human label of a ledger row type (docs/product.md 'Refunds and voids'). */
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = labelsFrom(transactionTypeLabelTexts);

/** Badge tone of a ledger row type: Earn green, Redeem orange, Adjustment purple, Added funds blue, Refund red, Void and Expired grey, Bonus yellow. */
export const TRANSACTION_TYPE_COLORS: Record<TransactionType, BadgeColor> = {
  EARN: 'green',
  REDEEM: 'orange',
  ADJUST: 'purple',
  ADD_FUNDS: 'blue',
  REFUND: 'red',
  VOID: 'grey',
  EXPIRE: 'grey',
  BONUS: 'yellow',
};

/** Human label of a purchase category. */
export const CATEGORY_LABELS: Record<Category, string> = labelsFrom(categoryLabelTexts);

/** What a BONUS ledger row reads as, by its reason: 'Welcome bonus', 'Birthday reward', 'Referral bonus', 'Win-back bonus'. */
export const BONUS_REASON_LABELS: Record<BonusReason, string> = labelsFrom(bonusReasonLabelTexts);

/**
 * The line under a ledger row's type: a BONUS row's reason ('Referral bonus'), else the purchase
 * category ('Purchase'), else null.
 */
export function transactionDetailLabel(tx: { type: TransactionType; category?: Category | null; reason?: BonusReason | null }): string | null {
  if (tx.type === 'BONUS' && tx.reason) return BONUS_REASON_LABELS[tx.reason] ?? tx.reason;
  return tx.category ? (CATEGORY_LABELS[tx.category] ?? tx.category) : null;
}

/**
 * Badge label of a subscription status: Active, Trial, Past Due; no subscription and
 * cancelled both read 'Inactive'.
 */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = labelsFrom(subscriptionStatusLabelTexts);

/** Badge tone of a subscription status: ACTIVE green, TRIALING blue, PAST_DUE orange, else grey. */
export const SUBSCRIPTION_STATUS_COLORS: Record<SubscriptionStatus, BadgeColor> = {
  ACTIVE: 'green',
  TRIALING: 'blue',
  PAST_DUE: 'orange',
  CANCELED: 'grey',
  NONE: 'grey',
};

/** Names of the subscription statuses where each must be told apart (the platform's distribution chart). */
export const SUBSCRIPTION_STATUS_NAMES: Record<SubscriptionStatus, string> = labelsFrom(subscriptionStatusNameTexts);

/** The words of a subscription status in a select (the tenants' status filter, the Edit dialog), in the order they are offered. */
export const SUBSCRIPTION_STATUS_OPTION_LABELS: Record<SubscriptionStatus, string> = labelsFrom(subscriptionStatusOptionTexts);

/** Badge label of a subscription status, 'Inactive' when there is none. */
export function subscriptionLabel(status: SubscriptionStatus | null | undefined): string {
  return status ? SUBSCRIPTION_STATUS_LABELS[status] : SUBSCRIPTION_STATUS_LABELS.NONE;
}

/** Human label of a card-order status (docs/product.md 'Card orders'). */
export const ORDER_STATUS_LABELS: Record<CardOrderStatus, string> = labelsFrom(orderStatusLabelTexts);

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
export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = labelsFrom(outboxStatusLabelTexts);

/** Badge tone of an outbox status: waiting yellow, being sent blue, sent green, failed red, not sent (no SMTP server) orange. */
export const OUTBOX_STATUS_COLORS: Record<OutboxStatus, BadgeColor> = {
  PENDING: 'yellow',
  SENDING: 'blue',
  SENT: 'green',
  FAILED: 'red',
  NOT_SENT: 'orange',
};

/** Human label of a webhook delivery's status: waiting for its next attempt, delivered (2xx), given up after 3 days. */
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = labelsFrom(webhookDeliveryStatusLabelTexts);

/** Badge tone of a webhook delivery status: retrying yellow, delivered green, failed red. */
export const WEBHOOK_DELIVERY_STATUS_COLORS: Record<WebhookDeliveryStatus, BadgeColor> = {
  pending: 'yellow',
  succeeded: 'green',
  failed: 'red',
};

/** Built-in names of the printed card kinds (the price list names them when it is loaded). */
const CARD_ORDER_TYPE_LABELS: Record<CardOrderType, string> = labelsFrom(cardOrderTypeLabelTexts);

/** The name of a card kind: the price list's name when `pricing` is loaded, else the built-in one. */
export function cardTypeName(type: CardOrderType, pricing?: CardOrderPricingResponse): string {
  return pricing?.cardTypes.find((t) => t.type === type)?.name ?? CARD_ORDER_TYPE_LABELS[type] ?? type;
}

/** What a checkout pays for (the checkout page's heading line). */
export const CHECKOUT_KIND_LABELS: Record<CheckoutKind, string> = labelsFrom(checkoutKindLabelTexts);

/** Suffix of a plan price per billing period: /month, /3 months, /6 months, /year. */
export const PERIOD_LABELS: Record<BillingPeriod, string> = labelsFrom(periodLabelTexts);

/** Names of the billing periods in the plan form's select. */
export const PERIOD_NAMES: Record<BillingPeriod, string> = labelsFrom(periodNameTexts);

/** The customer's name on a ledger row, or 'Unknown Customer' for a card without a customer. */
export function customerLabel(tx: { customerName?: string | null }): string {
  return tx.customerName?.trim() || translate(labelsMessages, 'unknownCustomer');
}

/** Select options of an enum from its label map, in the map's order: `[{ value, label }]`. */
export function labelOptions<K extends string>(labels: Record<K, string>): { value: K; label: string }[] {
  return (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));
}
