import type { ApiKeyScope, WebhookDeliveryStatus, WebhookEventType } from '@loyalty/contract';
import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, tstz } from './columns.ts';
import { tenants } from './platform.ts';
import { stores } from './stores.ts';

/**
 * Tenant API keys (modules/api-keys, ADR 0020). The key itself (`lc_live_`/`lc_test_`
 * + 256 random bits) is shown once; only its SHA-256 (`keyHash`, hex) is stored, with its first
 * characters (`prefix`) to tell keys apart. `storeId` books every movement to that store and
 * limits the key to it, as a cashier bound to a store. `lastUsedAt` is written at most once a
 * minute. A revoked key (`revokedAt`) stays listed and never authenticates again.
 * Lookups by hash come from the bearer header alone (no tenant yet): a plain index on key_hash;
 * the unique key carries tenant_id.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    storeId: uuid('store_id'),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at'),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'api_keys_store_fk', columns: [t.tenantId, t.storeId], foreignColumns: [stores.tenantId, stores.id] }).onDelete('cascade'),
    uniqueIndex('api_keys_hash_uq').on(t.tenantId, t.keyHash),
    index('api_keys_hash_idx').on(t.keyHash),
  ],
);

/**
 * Outgoing webhook endpoints (docs/product.md 'API keys and webhooks'; modules/webhook-endpoints): where a
 * tenant's events are POSTed, signed per Standard Webhooks with `secret` (`whsec_` + base64 of
 * 32 random bytes; the signer needs it, so it is stored as is and shown once). `events` the
 * subscribed event types. `failingSince` starts at the first failed delivery after a success;
 * after 5 days of failures the endpoint is disabled (`enabled` false, `disabledReason`) and
 * its owners are e-mailed.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    failingSince: tstz('failing_since'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('webhook_endpoints_enabled_idx')
      .on(t.tenantId)
      .where(sql`enabled`),
  ],
);

/**
 * One event for one endpoint: written in the event's own DB transaction (the
 * outbox of the webhooks), then POSTed by the worker with retries and exponential back-off
 * for 3 days. `eventId` is the `webhook-id` (same on every attempt and on a resend),
 * `payload` the JSON body `{ type, timestamp, data }`. The last attempt's outcome is kept:
 * HTTP status (null when there was no answer), duration (ms) and a 500-character excerpt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    endpointId: uuid('endpoint_id').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').$type<WebhookEventType | 'webhook.test'>().notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the current round of attempts began (creation, or the last Resend): the 3 days count from here. */
    roundStartedAt: tstz('round_started_at').notNull().defaultNow(),
    nextAttemptAt: tstz('next_attempt_at'),
    lastAttemptAt: tstz('last_attempt_at'),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    responseExcerpt: text('response_excerpt'),
    /** Claimed by a worker until this instant (a crashed worker's claim lapses). */
    lockedUntil: tstz('locked_until'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'webhook_deliveries_endpoint_fk',
      columns: [t.tenantId, t.endpointId],
      foreignColumns: [webhookEndpoints.tenantId, webhookEndpoints.id],
    }).onDelete('cascade'),
    index('webhook_deliveries_endpoint_idx').on(t.tenantId, t.endpointId, t.createdAt.desc().nullsFirst()),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);
