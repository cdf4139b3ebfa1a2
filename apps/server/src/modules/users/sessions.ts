import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { hashToken, newSessionToken } from '../../lib/tokens.ts';
import type { SessionStore, TenantContext } from '../../context.ts';
import { storeNames } from '../stores/index.ts';
import { tenantContexts } from '../tenants/index.ts';

/**
 * Sign-in sessions (docs/product.md 'Accounts and sign-in'): the users module owns `sessions` beside
 * `users`. The cookie holds a random token; the table its SHA-256, the user, the sliding step
 * (`ttlSeconds`) and the expiry. The HTTP layer's session plugin reads them through
 * `sessionStore` (wired in app.ts).
 */

/**
 * The columns of a signed-in account as the session and sign-in read it: the user's id, e-mail,
 * names, role, tenant, store (with its name from `sn`, the `storeNames` subquery joined on the
 * user's store), customer and active flag.
 */
export function accountColumns(sn: ReturnType<typeof storeNames>) {
  return {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    role: users.role,
    tenantId: users.tenantId,
    storeId: users.storeId,
    storeName: sn.name,
    customerId: users.customerId,
    active: users.active,
  };
}

/**
 * The store the session plugin reads (http/session.ts): `find` joins the session with its
 * user, the user's store name and, given a slug, that tenant's TenantContext (tenants's
 * `tenantContexts` projection) in one prepared query (one round trip per signed-in request);
 * `slide` moves the expiry to now + the session's step.
 */
export function sessionStore(db: Database): SessionStore {
  // Prepared once for this database: every signed-in
  // request runs it, so drizzle builds its SQL once and PostgreSQL parses it once per connection.
  // The tenant of a `/api/t/{slug}` request is joined by slug in the same statement (one round
  // trip instead of two on every tenant-scoped request: the till's card lookup, earn, redeem).
  const sn = storeNames(db);
  const tc = tenantContexts(db);
  const find = db
    .select({
      ...accountColumns(sn),
      ttlSeconds: sessions.ttlSeconds,
      expiresAt: sessions.expiresAt,
      twoFactorSetupRequired: sessions.twoFactorSetupRequired,
      tenant: {
        id: tc.id,
        slug: tc.slug,
        name: tc.name,
        subscriptionStatus: tc.subscriptionStatus,
        trialEndsAt: tc.trialEndsAt,
        graceEndsAt: tc.graceEndsAt,
        planId: tc.planId,
        freeTrialLimit: tc.freeTrialLimit,
        purchasedCards: tc.purchasedCards,
        timezone: tc.timezone,
        receiptsEnabled: tc.receiptsEnabled,
        createdAt: tc.createdAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(sn, and(eq(sn.tenantId, users.tenantId), eq(sn.id, users.storeId)))
    .leftJoin(tc, eq(tc.slug, sql.placeholder('slug')))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_find');
  return {
    async find(tokenHash, now, slug) {
      const [row] = await find.execute({ tokenHash, now, slug: slug ?? '' });
      if (!row) return null;
      const { active, ttlSeconds, expiresAt, twoFactorSetupRequired, tenant, ...user } = row;
      return {
        user,
        active,
        ttlSeconds,
        expiresAt,
        twoFactorSetupRequired,
        ...(slug !== undefined ? { tenant: tenant?.id ? (tenant as TenantContext) : null } : {}),
      };
    },
    async slide(tokenHash, ttlSeconds) {
      await db
        .update(sessions)
        .set({ expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` })
        .where(eq(sessions.tokenHash, tokenHash));
    },
  };
}

/** A session just started: the token for the session cookie and its lifetime (seconds, sliding). */
export interface NewSession {
  token: string;
  ttlSeconds: number;
}

/**
 * Creates a session for `userId`, valid `ttlSeconds` seconds with sliding expiry (on the
 * database's clock, as `slide` and `applySessionTimeout` keep it), and returns its token for the cookie (the route sets it). With `twoFactorSetupRequired` the session may
 * only reach the two-factor set-up until it is done (ADR 0024; the guard is in
 * http/session.ts). The table keeps only the token's SHA-256.
 */
export async function startSession(db: Database, userId: string, ttlSeconds: number, twoFactorSetupRequired = false): Promise<NewSession> {
  const token = newSessionToken();
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, ttlSeconds, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`, twoFactorSetupRequired });
  return { token, ttlSeconds };
}

/** Deletes the session whose token hash is `sessionHash` (logout); nothing when null (signed out). */
export async function endSession(db: Database, sessionHash: string | null): Promise<void> {
  if (sessionHash) await db.delete(sessions).where(eq(sessions.tokenHash, sessionHash));
}

/**
 * Ends every session of `userId` except the one whose token hash is `keepHash` (the caller's
 * own session stays signed in; null ends them all: a deactivated user). Used when a password
 * changes (the own password change, a staff password reset) and when staff
 * is deactivated. Runs in the caller's transaction when given one. Returns how many ended.
 */
export async function endOtherSessions(db: DbOrTx, userId: string, keepHash: string | null): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepHash ? ne(sessions.tokenHash, keepHash) : undefined))
    .returning({ tokenHash: sessions.tokenHash });
  return ended.length;
}

/**
 * Applies a new session timeout to the sessions that exist (the operator's
 * `security.sessionTimeout` takes effect for existing sessions too, not only new ones): every
 * live session gets `ttl_seconds = ttlSeconds` (its sliding step from now on) and
 * `expires_at = least(expires_at, now() + ttlSeconds)`, so a shorter timeout cuts sessions at
 * once while a longer one only lets them slide further from their next request. Runs in the
 * caller's transaction (the operator's settings save). `ttlSeconds` in seconds (≥ 1). Returns
 * how many sessions were updated.
 */
export async function applySessionTimeout(db: DbOrTx, ttlSeconds: number): Promise<number> {
  const ttl = Math.max(1, Math.floor(ttlSeconds));
  const updated = await db
    .update(sessions)
    .set({ ttlSeconds: ttl, expiresAt: sql`least(${sessions.expiresAt}, now() + make_interval(secs => ${ttl}))` })
    .where(gt(sessions.expiresAt, sql`now()`))
    .returning({ tokenHash: sessions.tokenHash });
  return updated.length;
}
