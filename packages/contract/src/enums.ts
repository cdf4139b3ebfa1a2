import { z } from 'zod';

/** User roles (docs/product.md 'Roles'). */
export const Role = z.enum(['platform_admin', 'tenant_admin', 'cashier', 'customer']);
export type Role = z.infer<typeof Role>;

/** Tenant subscription status (docs/product.md 'Subscription gates'). */
export const SubscriptionStatus = z.enum(['NONE', 'TRIALING', 'ACTIVE', 'PAST_DUE', 'CANCELED']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** Card lifecycle status (docs/product.md 'Cards'). */
export const CardStatus = z.enum(['UNASSIGNED', 'ACTIVE', 'BLOCKED']);
export type CardStatus = z.infer<typeof CardStatus>;

/** Customer loyalty tier (docs/product.md 'Tiers'). */
export const Tier = z.enum(['SILVER', 'GOLD', 'PLATINUM']);
export type Tier = z.infer<typeof Tier>;

/**
 * Ledger row type (docs/product.md 'Ledger'): EARN (a purchase's cashback in),
 * REDEEM (balance paid out at the till), ADJUST (an owner's correction, either sign), ADD_FUNDS
 * (money the customer paid online), REFUND (a purchase refunded: its cashback clawed back),
 * VOID (a redemption undone: the amount back), EXPIRE (expired cashback lots out), BONUS (a
 * reward the programme gives, with its `reason`: docs/product.md 'Rewards').
 */
export const TransactionType = z.enum(['EARN', 'REDEEM', 'ADJUST', 'ADD_FUNDS', 'REFUND', 'VOID', 'EXPIRE', 'BONUS']);
export type TransactionType = z.infer<typeof TransactionType>;

/**
 * Why a BONUS ledger row was credited (docs/product.md 'Rewards'): WELCOME (a new customer's first
 * card activated), BIRTHDAY (once a year on the birthday), REFERRAL (a referred friend's first
 * qualifying purchase: one row for the friend, one for the referrer), WIN_BACK (a purchase within
 * a win-back offer's window).
 */
export const BonusReason = z.enum(['WELCOME', 'BIRTHDAY', 'REFERRAL', 'WIN_BACK']);
export type BonusReason = z.infer<typeof BonusReason>;

/** Purchase category that selects the cashback rule. */
export const Category = z.enum(['PURCHASE', 'REPAIR', 'OTHER']);
export type Category = z.infer<typeof Category>;

/** Card order status (docs/product.md 'Card orders'). */
export const CardOrderStatus = z.enum(['PENDING_PAYMENT', 'PAID', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELED']);
export type CardOrderStatus = z.infer<typeof CardOrderStatus>;

/** Plan billing period. */
export const BillingPeriod = z.enum(['monthly', '3months', '6months', 'yearly']);
export type BillingPeriod = z.infer<typeof BillingPeriod>;

/** Cashback expiry policy of a tenant (docs/product.md 'Expiry'): never, or a number of days after each credit. */
export const ExpiryPolicy = z.enum(['NEVER', 'AFTER_EARN']);
export type ExpiryPolicy = z.infer<typeof ExpiryPolicy>;
