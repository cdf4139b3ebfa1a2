import type { BonusReason, Category, TransactionType } from '@loyalty/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, tenantId, tstz } from './columns.ts';
import { tenants } from './platform.ts';
import { cards } from './cards.ts';
import { customers } from './customers.ts';
import { stores } from './stores.ts';

/**
 * The ledger (docs/product.md 'Ledger', docs/product.md 'Money'): append-only, one
 * row per balance change with before/after balances in cents. For every card,
 * balance = Σ(after − before) over its rows.
 */
export const transactions = pgTable(
  'transactions',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    cardId: uuid('card_id').notNull(),
    customerId: uuid('customer_id'),
    storeId: uuid('store_id'),
    userId: uuid('user_id'),
    /** The API key that made this movement through /api/v1, else null; `userId` is then null. */
    apiKeyId: uuid('api_key_id'),
    type: text('type').$type<TransactionType>().notNull(),
    category: text('category').$type<Category>(),
    amountCents: cents('amount_cents').notNull(),
    cashbackCents: cents('cashback_cents').notNull().default(0),
    beforeBalanceCents: cents('before_balance_cents').notNull(),
    afterBalanceCents: cents('after_balance_cents').notNull(),
    note: text('note'),
    /** The ledger row this one reverses (REFUND → its EARN, VOID → its REDEEM), else null. */
    reversesTransactionId: uuid('reverses_transaction_id'),
    /** REFUND only: the claw-back (cents) the card no longer held, so was not taken back. */
    unrecoveredCents: cents('unrecovered_cents').notNull().default(0),
    /** BONUS only: why it was credited (docs/product.md 'Rewards'). */
    reason: text('reason').$type<BonusReason>(),
    /**
     * BONUS only: what makes it once-only, unique per tenant ('WELCOME:{customer}',
     * 'BIRTHDAY:{customer}:{year}', 'REFERRAL:{friend}:FRIEND' and ':REFERRER', 'WIN_BACK:{offer}'),
     * so that no retry or race pays a reward twice.
     */
    rewardKey: text('reward_key'),
    /** BONUS only: the purchase (EARN) it came with (a referral's first purchase, a win-back's purchase), else null. */
    forTransactionId: uuid('for_transaction_id'),
    /** When the movement happened (an earn made offline: the till's time, at most 72 hours before it arrived). */
    createdAt: createdAt(),
    /** An earn made offline and sent later: when the server received it; null for a movement received as it happened (docs/product.md 'Offline till'). */
    receivedAt: tstz('received_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.cardId], foreignColumns: [cards.tenantId, cards.id] }),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }),
    foreignKey({ columns: [t.tenantId, t.storeId], foreignColumns: [stores.tenantId, stores.id] }),
    foreignKey({ name: 'transactions_reverses_fk', columns: [t.tenantId, t.reversesTransactionId], foreignColumns: [t.tenantId, t.id] }),
    // Newest first (list, export keyset, dashboard's live part). The trailing type, category
    // and store_id let the list's filters and counts run as index-only scans (ADR 0006).
    // DESC NULLS FIRST is what a plain `ORDER BY created_at DESC` means; drizzle's bare
    // .desc() writes NULLS LAST, which PostgreSQL cannot use for that order (it sorted 2M rows).
    index('transactions_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.type, t.category, t.storeId),
    // With id and the filter columns, a search reads the matching rows' (created_at, id) from
    // these indexes alone, whatever the other filters (ADR 0006).
    index('transactions_tenant_card_idx').on(t.tenantId, t.cardId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.type, t.category, t.storeId),
    // A row's reversals (refunds of an EARN, the void of a REDEEM), and at most one VOID per REDEEM.
    index('transactions_reverses_idx')
      .on(t.tenantId, t.reversesTransactionId)
      .where(sql`reverses_transaction_id is not null`),
    uniqueIndex('transactions_reward_key_uq')
      .on(t.tenantId, t.rewardKey)
      .where(sql`reward_key is not null`),
    // A staff member's redemptions of a day, for the per-staff velocity limit (ADR 0050).
    index('transactions_user_redeem_idx')
      .on(t.tenantId, t.userId, t.createdAt)
      .where(sql`type = 'REDEEM' and user_id is not null`),
    index('transactions_for_transaction_idx')
      .on(t.tenantId, t.forTransactionId)
      .where(sql`for_transaction_id is not null`),
    uniqueIndex('transactions_one_void_uq')
      .on(t.tenantId, t.reversesTransactionId)
      .where(sql`type = 'VOID'`),
    index('transactions_tenant_customer_idx').on(
      t.tenantId,
      t.customerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.type,
      t.category,
      t.storeId,
    ),
  ],
);

/**
 * Daily rollup of the ledger (ADR 0006): per tenant, closed UTC day, store, type and
 * category, the row count and the sums of amount and cashback (cents). Filled lazily by the
 * reports module for days that closed more than a safety margin ago; days from
 * `ledger_rollup_state.rolled_until` on are read live from `transactions`. Derived data:
 * rebuilt from the ledger whenever a row lands in a rolled-up day (trigger in migration 0002).
 */
export const ledgerDailyTotals = pgTable(
  'ledger_daily_totals',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    storeId: uuid('store_id'),
    type: text('type').$type<TransactionType>().notNull(),
    category: text('category').$type<Category>(),
    txCount: bigint('tx_count', { mode: 'number' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    cashbackCents: cents('cashback_cents').notNull(),
    /** Surrogate key part: the natural key has nullable columns, and a primary key with tenant_id is what distribution needs. */
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('ledger_daily_totals_uq').on(t.tenantId, t.day, t.storeId, t.type, t.category).nullsNotDistinct(),
  ],
);

/**
 * How far a tenant's ledger is rolled up (ADR 0006): every UTC day before `rolledUntil` is
 * in `ledger_daily_totals`. The row is locked while a roll-up runs; a ledger row inserted
 * with a `created_at` before now() (back-dated: seeds, imports) pulls `rolledUntil` back to
 * its day, so that day and the following ones are rebuilt.
 */
export const ledgerRollupState = pgTable('ledger_rollup_state', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  rolledUntil: date('rolled_until', { mode: 'string' }).notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * Credited lots of a card's balance (docs/product.md 'Expiry', ADR 0015): every credit (an EARN's
 * cashback, ADD_FUNDS, a positive ADJUST, a VOID) opens a lot of `amount_cents`; every debit
 * (REDEEM, a REFUND's claw-back, a negative ADJUST) takes `remaining_cents` off the oldest open
 * lots first (credited_at, id); EXPIRE zeroes the lots whose `expires_at` has passed. For every
 * card, Σ remaining_cents = its balance. `expires_at` is null under the NEVER policy.
 */
export const cashbackLots = pgTable(
  'cashback_lots',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    cardId: uuid('card_id').notNull(),
    /** The ledger row that credited this lot. */
    sourceTransactionId: uuid('source_transaction_id').notNull(),
    creditedAt: tstz('credited_at').notNull(),
    expiresAt: tstz('expires_at'),
    amountCents: cents('amount_cents').notNull(),
    remainingCents: cents('remaining_cents').notNull(),
    /** When its card's holder was reminded that it expires (7 days before; one message per card and expiry instant). */
    remindedAt: tstz('reminded_at'),
    /** What the expiry took of it (cents; 0 until it expires): amount − remaining − expired is what was spent or taken back. */
    expiredCents: cents('expired_cents').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.cardId], foreignColumns: [cards.tenantId, cards.id] }),
    foreignKey({ columns: [t.tenantId, t.sourceTransactionId], foreignColumns: [transactions.tenantId, transactions.id] }),
    // A card's open lots, oldest first (FIFO debits, 'expires on' lines).
    index('cashback_lots_open_idx')
      .on(t.tenantId, t.cardId, t.creditedAt, t.id)
      .where(sql`remaining_cents > 0`),
    // Due lots across tenants (the expiry job) and per tenant (liability: expiring soon, by age).
    index('cashback_lots_due_idx')
      .on(t.expiresAt)
      .where(sql`remaining_cents > 0 and expires_at is not null`),
    index('cashback_lots_tenant_open_idx')
      .on(t.tenantId, t.creditedAt)
      .where(sql`remaining_cents > 0`),
    check('cashback_lots_remaining_range', sql`remaining_cents >= 0 and remaining_cents <= amount_cents`),
    // A ledger row's lot (the Rewards report reads the lots of BONUS rows).
    index('cashback_lots_source_idx').on(t.tenantId, t.sourceTransactionId),
  ],
);

/** expires_at of the summary rows of lots that never expire (a primary key cannot hold null). */
export const NEVER_EXPIRES = 'infinity';

/**
 * Σ remaining cents of open lots per (tenant, UTC hour of credit, expiry instant): the liability
 * report's ages and 'expiring in 30 days' (ADR 0016) without reading a
 * million lots. Derived data kept by triggers on `cashback_lots` (migration 0013): every
 * statement appends its net change to `lot_total_deltas`; `compactLotTotals` folds them in.
 * The figure is always totals + deltas; `expires_at` is 'infinity' for lots that never expire.
 */
export const lotTotals = pgTable(
  'lot_totals',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    /** date_trunc('hour', credited_at, 'UTC'). */
    creditedHour: tstz('credited_hour').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    remainingCents: cents('remaining_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.creditedHour, t.expiresAt] })],
);

/** Net changes to `lot_totals` not yet folded in (append-only between compactions; ADR 0016). */
export const lotTotalDeltas = pgTable(
  'lot_total_deltas',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    creditedHour: tstz('credited_hour').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    remainingCents: cents('remaining_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/**
 * Win-back offers (docs/product.md 'Rewards', ADR 0049): a bonus of `bonusCents` promised by
 * e-mail to a customer with no purchase for a while, earned with a purchase until `validUntil`.
 * The customer row carries the open offer (the ledger's reward state); the BONUS row it pays has
 * the reward key 'WIN_BACK:{id}'. At most one offer per customer every 90 days.
 */
export const winBackOffers = pgTable(
  'win_back_offers',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    customerId: uuid('customer_id').notNull(),
    sentAt: tstz('sent_at').notNull(),
    validUntil: tstz('valid_until').notNull(),
    bonusCents: cents('bonus_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'win_back_offers_customer_fk', columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete(
      'cascade',
    ),
    index('win_back_offers_customer_idx').on(t.tenantId, t.customerId, t.sentAt),
    index('win_back_offers_sent_idx').on(t.tenantId, t.sentAt),
  ],
);
