import type { Tier } from '@loyalty/contract';
import { foreignKey, index, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** The customer's referral code (8 Crockford base32 characters; docs/product.md 'Rewards'), made by the database function `referral_code_new` (migration 0038). */
    referralCode: text('referral_code')
      .notNull()
      .default(sql`referral_code_new()`),
    /** Who referred this customer (set once, when they joined with a referral code); null = not referred. */
    referredByCustomerId: uuid('referred_by_customer_id'),
    /** When the referral was settled: the first purchase of at least the minimum was earned (bonuses paid or not). Written by the ledger. */
    referralSettledAt: tstz('referral_settled_at'),
    /** Birthday (month 1–12, day 1–31, year optional); `birthdaySetAt` is when it was last set or changed (the 30-day rule). */
    birthdayMonth: smallint('birthday_month'),
    birthdayDay: smallint('birthday_day'),
    birthYear: smallint('birth_year'),
    birthdaySetAt: tstz('birthday_set_at'),
    /** The customer's open win-back offer (docs/product.md 'Rewards'): its id, bonus (cents) and the end of its window; cleared by the ledger when a purchase earns it. */
    winBackOfferId: uuid('win_back_offer_id'),
    winBackCents: cents('win_back_cents'),
    winBackUntil: tstz('win_back_until'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('customers_tenant_email_uq').on(t.tenantId, sql`lower(${t.email})`),
    uniqueIndex('customers_tenant_referral_code_uq').on(t.tenantId, t.referralCode),
    index('customers_tenant_referred_by_idx')
      .on(t.tenantId, t.referredByCustomerId)
      .where(sql`referred_by_customer_id is not null`),
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
