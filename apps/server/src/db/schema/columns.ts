import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Integer cents column (bigint in SQL, JS number in code). docs/product.md 'Money'. */
export const cents = (name: string) => bigint(name, { mode: 'number' });
/** Timestamp with time zone, as a JS Date. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Random UUID primary-key part. */
export const id = () => uuid('id').notNull().defaultRandom();
/** The owning tenant of a tenant-owned row. */
export const tenantId = () => uuid('tenant_id').notNull();
/** created_at, defaulting to now(). */
export const createdAt = () => tstz('created_at').notNull().defaultNow();
