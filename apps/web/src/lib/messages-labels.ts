import type {
  BillingPeriod,
  BonusReason,
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
import { defineMessages } from './i18n';

/*
 * The words of the contract's enums (ADR 0042), one catalog per enum keyed by the enum's values;
 * `lib/labels.ts` serves them as its label maps. `satisfies` keeps every value of an enum labelled.
 * Values are docs/product.md's texts: the screens and the e2e suite read them.
 */

/** Roles (tenant_admin is 'Store Admin'). */
export const roleLabelTexts = defineMessages('labels.role', {
  platform_admin: 'Platform Admin',
  tenant_admin: 'Store Admin',
  cashier: 'Cashier',
  customer: 'Customer',
} satisfies Record<Role, string>);

/** Loyalty tiers. */
export const tierLabelTexts = defineMessages('labels.tier', { SILVER: 'Silver', GOLD: 'Gold', PLATINUM: 'Platinum' } satisfies Record<Tier, string>);

/** Card statuses. */
export const cardStatusLabelTexts = defineMessages('labels.cardStatus', {
  ACTIVE: 'Active',
  BLOCKED: 'Blocked',
  UNASSIGNED: 'Unassigned',
} satisfies Record<CardStatus, string>);

/** Ledger row types (docs/product.md 'Refunds and voids'). */
export const transactionTypeLabelTexts = defineMessages('labels.transactionType', {
  EARN: 'Earn',
  REDEEM: 'Redeem',
  ADJUST: 'Adjustment',
  ADD_FUNDS: 'Added funds',
  REFUND: 'Refund',
  VOID: 'Void',
  EXPIRE: 'Expired',
  BONUS: 'Bonus',
} satisfies Record<TransactionType, string>);

/** Why a BONUS ledger row was credited (docs/product.md 'Rewards'): what the row reads as. */
export const bonusReasonLabelTexts = defineMessages('labels.bonusReason', {
  WELCOME: 'Welcome bonus',
  BIRTHDAY: 'Birthday reward',
  REFERRAL: 'Referral bonus',
  WIN_BACK: 'Win-back bonus',
} satisfies Record<BonusReason, string>);

/** Purchase categories. */
export const categoryLabelTexts = defineMessages('labels.category', { PURCHASE: 'Purchase', REPAIR: 'Repair', OTHER: 'Other' } satisfies Record<
  Category,
  string
>);

/** A subscription status's badge: no subscription and cancelled both read 'Inactive'. */
export const subscriptionStatusLabelTexts = defineMessages('labels.subscriptionStatus', {
  ACTIVE: 'Active',
  TRIALING: 'Trial',
  PAST_DUE: 'Past Due',
  CANCELED: 'Inactive',
  NONE: 'Inactive',
} satisfies Record<SubscriptionStatus, string>);

/** A subscription status where each must be told apart (the platform's distribution chart). */
export const subscriptionStatusNameTexts = defineMessages('labels.subscriptionStatusName', {
  ACTIVE: 'Active',
  TRIALING: 'Trial',
  PAST_DUE: 'Past Due',
  CANCELED: 'Canceled',
  NONE: 'No subscription',
} satisfies Record<SubscriptionStatus, string>);

/** A subscription status in a select (the tenants' status filter, the Edit dialog), in the order offered. */
export const subscriptionStatusOptionTexts = defineMessages('labels.subscriptionStatusOption', {
  ACTIVE: 'Active',
  TRIALING: 'Trial',
  PAST_DUE: 'Past Due',
  CANCELED: 'Canceled',
  NONE: 'None (no subscription)',
} satisfies Record<SubscriptionStatus, string>);

/** Card-order statuses (docs/product.md 'Card orders'). */
export const orderStatusLabelTexts = defineMessages('labels.orderStatus', {
  PENDING_PAYMENT: 'Pending payment',
  PAID: 'Paid',
  PROCESSING: 'Processing',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELED: 'Cancelled',
} satisfies Record<CardOrderStatus, string>);

/** Outbox message statuses. */
export const outboxStatusLabelTexts = defineMessages('labels.outboxStatus', {
  PENDING: 'Pending',
  SENDING: 'Sending',
  SENT: 'Sent',
  FAILED: 'Failed',
  NOT_SENT: 'Not sent',
} satisfies Record<OutboxStatus, string>);

/** Webhook delivery statuses: waiting for the next attempt, delivered (2xx), given up after 3 days. */
export const webhookDeliveryStatusLabelTexts = defineMessages('labels.webhookDeliveryStatus', {
  pending: 'Retrying',
  succeeded: 'Delivered',
  failed: 'Failed',
} satisfies Record<WebhookDeliveryStatus, string>);

/** Built-in names of the printed card kinds (the price list names them when it is loaded). */
export const cardOrderTypeLabelTexts = defineMessages('labels.cardOrderType', {
  SINGLE_SIDED: 'Single-sided',
  DOUBLE_SIDED_CUSTOM: 'Double-sided custom',
} satisfies Record<CardOrderType, string>);

/** What a checkout pays for (the checkout page's heading line). */
export const checkoutKindLabelTexts = defineMessages('labels.checkoutKind', {
  ADD_FUNDS: 'Add funds to a card',
  CARD_ORDER: 'Printed card order',
} satisfies Record<CheckoutKind, string>);

/** Suffix of a plan price per billing period. */
export const periodLabelTexts = defineMessages('labels.period', {
  monthly: '/month',
  '3months': '/3 months',
  '6months': '/6 months',
  yearly: '/year',
} satisfies Record<BillingPeriod, string>);

/** Billing periods in the plan form's select. */
export const periodNameTexts = defineMessages('labels.periodName', {
  monthly: 'Monthly',
  '3months': 'Every 3 months',
  '6months': 'Every 6 months',
  yearly: 'Yearly',
} satisfies Record<BillingPeriod, string>);

/** The labels' other words. */
export const labelsMessages = defineMessages('labels', {
  unknownCustomer: 'Unknown Customer',
});
