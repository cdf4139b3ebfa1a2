import type { Role } from '@loyalty/contract';
import { boolean, foreignKey, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { tenants } from './platform.ts';
import { stores } from './stores.ts';
import { customers } from './customers.ts';

/**
 * Every login: platform_admin (no tenant), tenant_admin and cashier (staff), customer
 * (linked to its customer record). E-mail, stored lower-case, is unique across the
 * platform (decisions.md 'Accounts').
 */
export const users = pgTable(
  'users',
  {
    id: id().primaryKey(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').$type<Role>().notNull(),
    storeId: uuid('store_id'),
    customerId: uuid('customer_id'),
    active: boolean('active').notNull().default(true),
    /** Invited by e-mail and not yet accepted (issue 16): no password of their own yet (an unusable random one). */
    invitationPending: boolean('invitation_pending').notNull().default(false),
    lastLogin: tstz('last_login'),
    createdAt: createdAt(),
  },
  (t) => [
    index('users_tenant_idx').on(t.tenantId),
    foreignKey({ columns: [t.tenantId, t.storeId], foreignColumns: [stores.tenantId, stores.id] }),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('cascade'),
  ],
);

/** Sign-in sessions: the cookie holds a random token, the table its SHA-256 (decisions.md). */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ttlSeconds: integer('ttl_seconds').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
