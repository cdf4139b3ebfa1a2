import type { Category, ExpiryPolicy, RewardSettings, Tier } from '@loyalty/contract';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, tstz } from './columns.ts';
import { tenants } from './platform.ts';

/** One cashback rate per category (docs/product.md 'Cashback'); rate in bps 0–10000. */
export const cashbackRules = pgTable(
  'cashback_rules',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    category: text('category').$type<Category>().notNull(),
    baseRateBps: integer('base_rate_bps').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('cashback_rules_tenant_category_uq').on(t.tenantId, t.category)],
);

/** Tier thresholds and bonus rates (docs/product.md 'Tiers'); cents and bps. */
export const tierRules = pgTable(
  'tier_rules',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    tier: text('tier').$type<Tier>().notNull(),
    name: text('name').notNull(),
    minTotalSpendCents: integer('min_total_spend_cents').notNull(),
    baseRateBps: integer('base_rate_bps').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('tier_rules_tenant_tier_uq').on(t.tenantId, t.tier)],
);

/** Time-boxed bonus rates (docs/product.md 'Offers'); `rateMultiplierBps` is added bps. */
export const offers = pgTable(
  'offers',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    rateMultiplierBps: integer('rate_multiplier_bps').notNull(),
    startAt: tstz('start_at').notNull(),
    endAt: tstz('end_at').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('offers_tenant_window_idx').on(t.tenantId, t.startAt, t.endAt)],
);

/**
 * The tenant's cashback expiry rule (docs/product.md 'Expiry'): NEVER (no row means NEVER too) or
 * AFTER_EARN, each credited lot then expiring `days` (30–1825) after it was credited. A change
 * applies to lots credited afterwards.
 */
export const expiryRules = pgTable('expiry_rules', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  policy: text('policy').$type<ExpiryPolicy>().notNull().default('NEVER'),
  days: integer('days').notNull().default(365),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * A business's reward settings (docs/product.md 'Rewards'): welcome, birthday, referral and
 * win-back, as the contract's RewardSettings (amounts in cents). No row: every reward off.
 */
export const rewardSettings = pgTable('reward_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<RewardSettings>().notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
