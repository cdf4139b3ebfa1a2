import { foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, tenantId } from './columns.ts';
import { tenants } from './platform.ts';
import { cards } from './cards.ts';
import { customers } from './customers.ts';
import { stores } from './stores.ts';

/**
 * The ledger (spec §3 'Transaction', decisions.md 'Money and the ledger'): append-only, one
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
    type: text('type').notNull(),
    category: text('category'),
    amountCents: cents('amount_cents').notNull(),
    cashbackCents: cents('cashback_cents').notNull().default(0),
    beforeBalanceCents: cents('before_balance_cents').notNull(),
    afterBalanceCents: cents('after_balance_cents').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.cardId], foreignColumns: [cards.tenantId, cards.id] }),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }),
    foreignKey({ columns: [t.tenantId, t.storeId], foreignColumns: [stores.tenantId, stores.id] }),
    index('transactions_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('transactions_tenant_card_idx').on(t.tenantId, t.cardId, t.createdAt.desc()),
    index('transactions_tenant_customer_idx').on(t.tenantId, t.customerId, t.createdAt.desc()),
  ],
);
