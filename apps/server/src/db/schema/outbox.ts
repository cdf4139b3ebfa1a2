import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, tstz } from './columns.ts';
import { tenants } from './platform.ts';

/**
 * Outgoing e-mail, written in the same transaction as the event that causes it and
 * sent later by the outbox worker (modules/outbox). `status`: PENDING (due at
 * `nextAttemptAt`), SENDING (claimed by a worker: never claimed again, so a message goes out at
 * most once), SENT, FAILED (refused until `retryUntil`, 24 hours), NOT_SENT (no SMTP server
 * when its turn came; Resend makes it PENDING again). `dedupeKey` makes a message that must
 * exist once (one expiry reminder per card and date) unique. `tenantId` is null for platform
 * mail (a platform admin's password reset).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Extra message headers (List-Unsubscribe, List-Unsubscribe-Post), name → value. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: ['PENDING', 'SENDING', 'SENT', 'FAILED', 'NOT_SENT'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    /** No attempt after this instant: 24 hours after it was written, or after the operator's Resend. */
    retryUntil: tstz('retry_until')
      .notNull()
      .default(sql`now() + interval '24 hours'`),
    lastError: text('last_error'),
    sentAt: tstz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'PENDING'`),
    index('outbox_created_idx').on(t.createdAt, t.id),
    index('outbox_tenant_idx').on(t.tenantId),
    uniqueIndex('outbox_dedupe_key_idx').on(t.dedupeKey),
  ],
);

/** Each hand-over of an outbox message to the SMTP server: accepted or the error, and how long it took. */
export const outboxAttempts = pgTable(
  'outbox_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    ok: boolean('ok').notNull(),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    attemptedAt: createdAt(),
  },
  (t) => [index('outbox_attempts_outbox_idx').on(t.outboxId, t.attemptedAt)],
);
