import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Role } from '@loyalty/contract';
import type { Database } from '../db/client.ts';
import { sessions, stores, users } from '../db/schema/index.ts';
import { unauthenticated } from './errors.ts';

/** Name of the session cookie (HttpOnly, SameSite=Lax; decisions.md 'Accounts'). */
export const SESSION_COOKIE = 'sid';

/** The signed-in user of a request. */
export interface AuthUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  tenantId: string | null;
  storeId: string | null;
  storeName: string | null;
  customerId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null (set by the session plugin on every request). */
    user: AuthUser | null;
    /** SHA-256 of the session token, when signed in. */
    sessionHash: string | null;
  }
}

/** SHA-256 hex of a session token: what the sessions table stores. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Creates a session for a user, valid `ttlSeconds` with sliding expiry, and sets the cookie.
 * Returns the token hash.
 */
export async function startSession(
  db: Database,
  reply: FastifyReply,
  userId: string,
  ttlSeconds: number,
  secure: boolean,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  await db.insert(sessions).values({ tokenHash, userId, ttlSeconds, expiresAt: new Date(Date.now() + ttlSeconds * 1000) });
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: ttlSeconds });
  return tokenHash;
}

/** Deletes the request's session and clears the cookie (logout). */
export async function endSession(db: Database, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.sessionHash) await db.delete(sessions).where(eq(sessions.tokenHash, request.sessionHash));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Slide the expiry only when it has moved by more than this, to spare a write per request. */
const SLIDE_STEP_MS = 5 * 60 * 1000;

/**
 * Session plugin: resolves the cookie to `request.user` (null when absent, expired or the
 * user is deactivated) and slides the expiry. Never throws for a bad cookie.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { db: Database }) => {
  const { db } = opts;
  app.decorateRequest('user', null);
  app.decorateRequest('sessionHash', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    const tokenHash = hashToken(token);
    const now = new Date();
    const [row] = await db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        tenantId: users.tenantId,
        storeId: users.storeId,
        storeName: stores.name,
        customerId: users.customerId,
        active: users.active,
        ttlSeconds: sessions.ttlSeconds,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(stores, and(eq(stores.tenantId, users.tenantId), eq(stores.id, users.storeId)))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
      .limit(1);
    if (!row || !row.active) return;
    const { active: _a, ttlSeconds, expiresAt, ...user } = row;
    request.user = { ...user, role: user.role as Role };
    request.sessionHash = tokenHash;
    const fresh = now.getTime() + ttlSeconds * 1000;
    if (fresh - expiresAt.getTime() > SLIDE_STEP_MS) {
      await db.update(sessions).set({ expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` }).where(eq(sessions.tokenHash, tokenHash));
    }
  });
});

/** preHandler: 401 UNAUTHENTICATED unless signed in. */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
}
