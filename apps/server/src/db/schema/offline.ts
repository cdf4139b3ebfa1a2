import type { OfflineSettings, SyncConflictStatus } from '@loyalty/contract';
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, tenantId, tstz } from './columns.ts';
import { tenants } from './platform.ts';

/**
 * What a business lets its tills do offline (docs/product.md 'Offline till', ADR 0051), as the
 * contract's OfflineSettings (caps in cents). No row: offline redemptions refused.
 */
export const offlineSettings = pgTable('offline_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<OfflineSettings>().notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * Sync conflicts (docs/product.md 'Offline till', ADR 0051): a movement made offline that the
 * server refused when it arrived, recorded once per Idempotency-Key however often the till
 * retries it, for the Store Admins to settle.
 */
export const syncConflicts = pgTable(
  'sync_conflicts',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').$type<'EARN' | 'REDEEM'>().notNull(),
    cardUid: text('card_uid').notNull(),
    amountCents: cents('amount_cents').notNull(),
    occurredAt: tstz('occurred_at').notNull(),
    code: text('code').notNull(),
    message: text('message').notNull(),
    userId: uuid('user_id'),
    apiKeyId: uuid('api_key_id'),
    storeId: uuid('store_id'),
    status: text('status').$type<SyncConflictStatus>().notNull().default('OPEN'),
    createdAt: createdAt(),
    resolvedAt: tstz('resolved_at'),
    resolvedBy: uuid('resolved_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sync_conflicts_key_uq').on(t.tenantId, t.idempotencyKey),
    index('sync_conflicts_status_idx').on(t.tenantId, t.status, t.createdAt),
  ],
);
