import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.ts';
import { users } from './identity.ts';

/**
 * Single-use secrets sent to a person (the production set-up link; later password
 * resets and invitations). Only the SHA-256 of the token is stored; `purpose` says what it
 * may do, `usedAt` is set once when it is spent (in the same transaction as its effect), and
 * a token past `expiresAt` does nothing. `userId` is the account it acts on (null for 'setup').
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId), index('auth_tokens_purpose_idx').on(t.purpose)],
);

/**
 * Fixed-window counters shared by every app instance (rate limits and the login
 * throttle of ADR 0009 live in the database, not in process memory). `key` names what is
 * counted (e.g. 'login-fail:acct:{email}'); `count` hits since the window opened; the window
 * closes at `resetAt` (the next hit then starts a new one); `lastHitAt` is the newest hit
 * (the login throttle's back-off runs from it). Rows past `resetAt` are purged lazily.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: tstz('reset_at').notNull(),
    lastHitAt: tstz('last_hit_at').notNull(),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
);

/**
 * Devices a user has signed in from (ADR 0009, OWASP 'device cookies'): the browser's `did`
 * cookie holds a random token, this table its SHA-256 once per account that signed in with
 * it. A login presenting a device of the account is not held back by the account-wide
 * failure ceiling, so strangers' failed guesses cannot lock the owner out; the device has a
 * failure limit of its own.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
    lastUsedAt: tstz('last_used_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] }), index('trusted_devices_user_idx').on(t.userId)],
);

/**
 * Forgot-password requests waiting for the outbox worker (docs/security.md 'Passwords'): the
 * route only writes the e-mail typed here and answers 202, so it takes the same time whether
 * or not the address has an account; the worker looks the account up, issues the link and
 * writes the message. Rows are deleted as they are taken.
 */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    requestedAt: tstz('requested_at').notNull(),
  },
  (t) => [index('password_reset_requests_requested_idx').on(t.requestedAt)],
);
