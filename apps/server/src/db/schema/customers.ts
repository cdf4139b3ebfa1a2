import type { Tier } from '@loyalty/contract';
import { foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { cents, createdAt, id, tenantId, tstz } from './columns.ts';
import { tenants } from './platform.ts';

/**
 * A tenant's loyalty customers. Money in cents (`totalSpendCents`,
 * integers). E-mail unique within the tenant (docs/product.md 'Accounts and sign-in').
 */
export const customers = pgTable(
  'customers',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    tier: text('tier').$type<Tier>().notNull().default('SILVER'),
    totalSpendCents: cents('total_spend_cents').notNull().default(0),
    /** When the customer unsubscribed from the business's e-mails (one click, respected by every customer message); null = subscribed. */
    emailOptOutAt: tstz('email_opt_out_at'),
    /** When the customer's personal data was erased at their request (names 'Erased customer', no e-mail or phone; ADR 0026); null = not erased. */
    erasedAt: tstz('erased_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('customers_tenant_email_uq').on(t.tenantId, sql`lower(${t.email})`),
    index('customers_tenant_name_idx').on(t.tenantId, t.lastName, t.firstName),
    // Dashboard trend (customers created per month) and the customers.csv keyset (ADR 0006).
    index('customers_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
  ],
);

/**
 * A customer's request to erase their data, made from their own account page (modules/
 * customer-data, ADR 0026): listed to the Store Admins with one-click erasure, and carried out
 * by the hourly job 30 days after `requestedAt` at the latest. `carriedOutAt` is set when the
 * erasure ran (by a Store Admin or the job). At most one open request per customer.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    requestedAt: tstz('requested_at').notNull().defaultNow(),
    carriedOutAt: tstz('carried_out_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.customerId] }),
    foreignKey({ name: 'erasure_requests_customer_fk', columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete(
      'cascade',
    ),
    index('erasure_requests_due_idx')
      .on(t.requestedAt)
      .where(sql`carried_out_at is null`),
  ],
);
