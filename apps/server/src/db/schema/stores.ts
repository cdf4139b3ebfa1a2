import { boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId } from './columns.ts';
import { tenants } from './platform.ts';

/** A tenant's shops (spec §3 'Store'). Key (tenant_id, id). */
export const stores = pgTable(
  'stores',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    name: text('name').notNull(),
    address: text('address'),
    active: boolean('active').notNull().default(true),
    /** Whether the store's 'Join our rewards' page takes sign-ups (issue 16 'Customer self-enrolment'); off: the join page is a 404. */
    selfEnrolment: boolean('self_enrolment').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
