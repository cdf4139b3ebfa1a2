import { boolean, check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, tenantId } from './columns.ts';
import { tenants } from './platform.ts';

/** A tenant's shops. Key (tenant_id, id). */
export const stores = pgTable(
  'stores',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    name: text('name').notNull(),
    address: text('address'),
    active: boolean('active').notNull().default(true),
    /**
     * Whether the store's 'Join our rewards' page takes sign-ups; off (the default: the Store
     * Admin turns it on, ADR 0027): the join page is a 404.
     */
    selfEnrolment: boolean('self_enrolment').notNull().default(false),
    /** Cards that online sign-ups of this store may create per day of the business's time zone (1–1000, default 50; ADR 0027). */
    selfEnrolmentDailyCap: integer('self_enrolment_daily_cap').notNull().default(50),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), check('stores_self_enrolment_daily_cap_range', sql`${t.selfEnrolmentDailyCap} between 1 and 1000`)],
);
