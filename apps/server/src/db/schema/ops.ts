import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId } from './columns.ts';
import { tenants } from './platform.ts';

/**
 * Idempotency records of POS calls (ADR 0004): the key,
 * a hash of the route and body, and the first answer, replayed on a retry.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

/** Who changed what, when, with before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id().primaryKey(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    /** The API key of /api/v1 that made the change (user_id then null); no foreign key, so a revoked or deleted key's events stay. */
    apiKeyId: uuid('api_key_id'),
    /** The client address (request.ip, honouring TRUST_PROXY); null for jobs and webhooks. */
    ip: text('ip'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  // The Activity list pages on (created_at desc, id desc) within a tenant; the action and actor
  // filters each have their own index, so a filtered page is an index range read, not a scan.
  // Ascending on purpose: a backward scan serves `order by created_at desc, id desc` (whose
  // nulls come first), which a `desc nulls last` index, as drizzle writes `.desc()`, does not.
  (t) => [
    index('audit_log_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('audit_log_tenant_action_idx').on(t.tenantId, t.action, t.createdAt, t.id),
    // The actor is a user or an API key, never both: one expression serves the actor filter.
    index('audit_log_tenant_actor_idx').on(t.tenantId, sql`coalesce(${t.userId}, ${t.apiKeyId})`, t.createdAt, t.id),
  ],
);
