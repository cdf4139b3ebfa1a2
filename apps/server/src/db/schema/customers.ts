import type { Tier } from '@loyalty/contract';
import { index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { cents, createdAt, id, tenantId, tstz } from './columns.ts';
import { tenants } from './platform.ts';

/**
 * A tenant's loyalty customers (spec §3 'Customer'). Money in cents (`totalSpendCents`,
 * decisions.md 'API shape'). E-mail unique within the tenant (decisions.md 'Accounts').
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
    /** When the customer unsubscribed from the business's e-mails (issue 16: one click, respected by every customer message); null = subscribed. */
    emailOptOutAt: tstz('email_opt_out_at'),
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
