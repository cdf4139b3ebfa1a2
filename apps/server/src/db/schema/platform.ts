import type { BillingPeriod, DefaultPlanKey, SubscriptionStatus } from '@loyalty/contract';
import { boolean, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, cents, id, tstz } from './columns.ts';

/** Plan limits; −1 means unlimited. */
export interface PlanLimits {
  stores: number;
  staff: number;
  cards: number;
  transactions: number;
}

/** Subscription plans sold to tenants. Platform-owned, not tenant-owned. */
export const plans = pgTable('plans', {
  id: id().primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceMonthlyCents: cents('price_monthly_cents').notNull(),
  billingPeriod: text('billing_period').$type<BillingPeriod>().notNull().default('monthly'),
  stripePriceId: text('stripe_price_id'),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  limits: jsonb('limits').$type<PlanLimits>().notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

/** Store businesses. The root of every tenant-owned row. */
export const tenants = pgTable('tenants', {
  id: id().primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  subscriptionStatus: text('subscription_status').$type<SubscriptionStatus>().notNull().default('TRIALING'),
  trialEndsAt: tstz('trial_ends_at'),
  graceEndsAt: tstz('grace_ends_at'),
  planId: uuid('plan_id').references(() => plans.id),
  freeTrialLimit: integer('free_trial_limit').notNull().default(40),
  /** Cards bought through paid card orders, added to the card quota (docs/product.md 'Card orders'). */
  purchasedCards: integer('purchased_cards').notNull().default(0),
  providerCustomerId: text('provider_customer_id'),
  providerSubscriptionId: text('provider_subscription_id'),
  currentPeriodStart: tstz('current_period_start'),
  currentPeriodEnd: tstz('current_period_end'),
  /** When the provider subscription in provider_subscription_id ended (deleted or canceled there); null while it runs (ADR 0021). */
  subscriptionEndedAt: tstz('subscription_ended_at'),
  /** The latest end of a period of that subscription the provider reported unpaid (failed invoice, past_due); null when none (ADR 0021). */
  unpaidPeriodEnd: tstz('unpaid_period_end'),
  /** IANA time zone of the business: expiry dates and the reports' day and month boundaries. */
  timezone: text('timezone').notNull().default('UTC'),
  /** Whether customers get an e-mail receipt after an earn, redeem or refund (docs/product.md 'E-mail'; off by default). */
  receiptsEnabled: boolean('receipts_enabled').notNull().default(false),
  createdAt: createdAt(),
});

/** Platform settings, one row with id 1 (docs/product.md 'Platform settings'). */
export interface PlatformSettingsValue {
  smtp: { host: string; port: number; username: string; password: string; fromEmail: string };
  security: { sessionTimeout: number; passwordMinLength: number; requireTwoFactor: boolean; maxLoginAttempts: number };
  platform: { defaultPlan: DefaultPlanKey; trialDays: number; allowSignups: boolean };
}

/** Server-side platform settings (docs/product.md 'Platform settings'). */
export const platformSettings = pgTable('platform_settings', {
  id: integer('id').primaryKey().default(1),
  value: jsonb('value').$type<PlatformSettingsValue>().notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
