import { foreignKey, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, tenantId, tstz } from './columns.ts';
import { tenants } from './platform.ts';
import { stores } from './stores.ts';

/**
 * Customer self-enrolment requests (docs/product.md 'Online sign-up'; modules/enrolment): a
 * sign-up from a store's 'Join our rewards' page, waiting for its confirmation link. The link's
 * token (256 bits) is stored as its SHA-256 (`tokenHash`); it works for 24 hours. At most one
 * pending request (not confirmed) per e-mail and tenant: a new sign-up replaces it (partial
 * unique index). Confirming creates the customer and a digital ACTIVE card and records them
 * here (`customerId`, `cardId`), so the link opens the same card again afterwards.
 * `consentedAt` is when the consent box was ticked; `ip` the client address of the sign-up.
 */
export const enrolmentRequests = pgTable(
  'enrolment_requests',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    storeId: uuid('store_id').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    consentedAt: tstz('consented_at').notNull(),
    ip: text('ip'),
    confirmedAt: tstz('confirmed_at'),
    customerId: uuid('customer_id'),
    cardId: uuid('card_id'),
    /** The referral code of the link the sign-up came through (`/{slug}/join?ref=`), else null. */
    referralCode: text('referral_code'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'enrolment_requests_store_fk', columns: [t.tenantId, t.storeId], foreignColumns: [stores.tenantId, stores.id] }).onDelete('cascade'),
    uniqueIndex('enrolment_requests_token_uq').on(t.tenantId, t.tokenHash),
    uniqueIndex('enrolment_requests_pending_email_uq')
      .on(t.tenantId, sql`lower(${t.email})`)
      .where(sql`confirmed_at is null`),
  ],
);
