import { bigint, pgTable, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './platform.ts';

/**
 * Per-tenant counts of customers, cards and ACTIVE cards for the dashboard (docs/product.md
 * 'Reports', ADR 0006), kept by triggers on `customers` and `cards` (migration 0005:
 * statement-level on insert and delete, row-level on a status change), so the dashboard
 * reads three numbers instead of counting 450,000 rows. Derived data: recomputable at any
 * time with COUNT(*).
 */
export const tenantCounters = pgTable('tenant_counters', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  customers: bigint('customers', { mode: 'number' }).notNull().default(0),
  cards: bigint('cards', { mode: 'number' }).notNull().default(0),
  activeCards: bigint('active_cards', { mode: 'number' }).notNull().default(0),
  /** Cards with an activation date, any status now (trial quota, GET /tenant; migration 0015). */
  activatedCards: bigint('activated_cards', { mode: 'number' }).notNull().default(0),
});
