import type { CardStatus } from '@loyalty/contract';
import { bigint, check, foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { cents, createdAt, id, tenantId, tstz } from './columns.ts';
import { tenants } from './platform.ts';
import { customers } from './customers.ts';
import { stores } from './stores.ts';

/**
 * QR-coded loyalty cards (docs/product.md 'Cards'). `cardUid` is unique across the platform
 * (docs/product.md 'Cards'); balance in cents, never negative (CHECK in the migration).
 */
export const cards = pgTable(
  'cards',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    cardUid: text('card_uid').notNull().unique(),
    customerId: uuid('customer_id'),
    storeId: uuid('store_id'),
    status: text('status').$type<CardStatus>().notNull().default('UNASSIGNED'),
    balanceCents: cents('balance_cents').notNull().default(0),
    activatedAt: tstz('activated_at'),
    /** The paid card order that added this card (docs/product.md 'Card orders'); null for batch-created cards. */
    cardOrderId: uuid('card_order_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }),
    foreignKey({ columns: [t.tenantId, t.storeId], foreignColumns: [stores.tenantId, stores.id] }),
    index('cards_tenant_status_idx').on(t.tenantId, t.status, t.createdAt),
    index('cards_tenant_customer_idx').on(t.tenantId, t.customerId),
    // Dashboard trend: cards created per month (ADR 0006).
    index('cards_tenant_created_idx').on(t.tenantId, t.createdAt),
    check('cards_balance_non_negative', sql`${t.balanceCents} >= 0`),
  ],
);

/** store_id of the summary rows of cards without a store (a primary key cannot hold null). */
export const NO_STORE_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Σ card balances and the number of cards holding one, per (tenant, store of the card): the
 * liability report's 'outstanding' and 'by store' (ADR 0016) without reading
 * 250,000 cards. Derived data kept by triggers on `cards` (migration 0013): every statement
 * that changes a balance, a store or the set of cards appends its net change to
 * `card_balance_deltas`; `compactCardBalances` folds the deltas into these totals. The figure is
 * always totals + deltas; `store_id` is NO_STORE_ID for cards without a store. Money in cents.
 */
export const cardBalanceTotals = pgTable(
  'card_balance_totals',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').notNull(),
    balanceCents: cents('balance_cents').notNull(),
    cardsWithBalance: bigint('cards_with_balance', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.storeId] })],
);

/** Net changes to `card_balance_totals` not yet folded in (append-only between compactions; ADR 0016). */
export const cardBalanceDeltas = pgTable(
  'card_balance_deltas',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    storeId: uuid('store_id').notNull(),
    balanceCents: cents('balance_cents').notNull(),
    cardsWithBalance: bigint('cards_with_balance', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
