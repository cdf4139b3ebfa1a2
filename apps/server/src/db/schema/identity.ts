import { sql } from 'drizzle-orm';
import type { Role } from '@loyalty/contract';
import { boolean, foreignKey, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { tenants } from './platform.ts';
import { stores } from './stores.ts';
import { customers } from './customers.ts';

/**
 * Every login: platform_admin (no tenant), tenant_admin and cashier (staff), customer
 * (linked to its customer record). E-mail, stored lower-case, is unique across the
 * platform (docs/product.md 'Accounts and sign-in').
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
    /** Invited by e-mail and not yet accepted: no password of their own yet (an unusable random one). */
    invitationPending: boolean('invitation_pending').notNull().default(false),
    lastLogin: tstz('last_login'),
    /**
     * Two-factor sign-in (TOTP, RFC 6238; ADR 0024): the base32 secret, encrypted
     * (lib/secret-box.ts). Set by set-up before it is confirmed; null when off.
     */
    twoFactorSecret: text('two_factor_secret'),
    /** When two-factor was confirmed with a code; null = off (a secret without it is a set-up in progress). */
    twoFactorEnabledAt: tstz('two_factor_enabled_at'),
    /** The newest TOTP time step accepted (30 s steps since the epoch): a code of a step ≤ it is refused (each code works once). */
    twoFactorLastStep: integer('two_factor_last_step'),
    /** SHA-256 (hex) of each recovery code not yet used; a used one is removed. */
    twoFactorRecoveryHashes: text('two_factor_recovery_hashes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('users_tenant_idx').on(t.tenantId),
    foreignKey({ columns: [t.tenantId, t.storeId], foreignColumns: [stores.tenantId, stores.id] }),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('cascade'),
  ],
);

/** Sign-in sessions: the cookie holds a random token, the table its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ttlSeconds: integer('ttl_seconds').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    /**
     * The operator requires two-factor and this platform admin or Store Admin signed in without
     * it (ADR 0024): the session reaches only /api/auth/me, /api/auth/2fa/* and sign-out until
     * two-factor is set up, which clears the flag on every session of the user.
     */
    twoFactorSetupRequired: boolean('two_factor_setup_required').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
