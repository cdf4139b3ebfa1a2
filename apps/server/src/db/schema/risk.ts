import type { LimitSettings, RiskFlagMovement, RiskFlagStatus, VelocityLimitKey } from '@loyalty/contract';
import { bigint, date, foreignKey, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, tstz } from './columns.ts';
import { tenants } from './platform.ts';
import { cards } from './cards.ts';

/**
 * A business's velocity limits (docs/product.md 'Velocity limits', ADR 0050), as the contract's
 * LimitSettings (money in cents). No row: every limit off. The earn reads it in its opening
 * statement (`ledger_earn_open`), the redeem before it opens its transaction.
 */
export const velocityLimits = pgTable('velocity_limits', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<LimitSettings>().notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * Flags of the Review list (docs/product.md 'Velocity limits', ADR 0050): a limit set to flag,
 * crossed on one card (the staff limit: by one staff member on one card) on one business day.
 * One row per (limit, subject, day), written under the card's lock; each accepted movement that
 * crosses the limit again that day is appended to `movements`.
 */
export const riskFlags = pgTable(
  'risk_flags',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    limitKey: text('limit_key').$type<VelocityLimitKey>().notNull(),
    /** The limit when it was crossed: a count for CARD_EARNS_PER_DAY, cents otherwise. */
    limitValue: bigint('limit_value', { mode: 'number' }).notNull(),
    /** 'card:{cardId}', or 'staff:{userId}:card:{cardId}' for the staff limit. */
    subject: text('subject').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    cardId: uuid('card_id').notNull(),
    customerId: uuid('customer_id'),
    userId: uuid('user_id'),
    storeId: uuid('store_id'),
    movements: jsonb('movements').$type<RiskFlagMovement[]>().notNull(),
    status: text('status').$type<RiskFlagStatus>().notNull().default('OPEN'),
    createdAt: createdAt(),
    reviewedAt: tstz('reviewed_at'),
    reviewedBy: uuid('reviewed_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'risk_flags_card_fk', columns: [t.tenantId, t.cardId], foreignColumns: [cards.tenantId, cards.id] }).onDelete('cascade'),
    uniqueIndex('risk_flags_subject_day_uq').on(t.tenantId, t.limitKey, t.subject, t.day),
    index('risk_flags_tenant_status_idx').on(t.tenantId, t.status, t.createdAt),
    index('risk_flags_card_day_idx').on(t.tenantId, t.cardId, t.day),
  ],
);
