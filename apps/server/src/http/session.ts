import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TWO_FACTOR_SETUP_REQUIRED_TEXT } from '@loyalty/contract';
import { AppError, unauthenticated } from '../errors.ts';
import type { AuthUser, SessionStore, TenantContext } from '../context.ts';
import { hashToken } from '../lib/tokens.ts';

/** Name of the session cookie (HttpOnly, SameSite=Lax; docs/product.md 'Accounts and sign-in'). */
const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null (set by the session plugin on every request). */
    user: AuthUser | null;
    /** SHA-256 of the session token, when signed in. */
    sessionHash: string | null;
    /** The session must set up two-factor before anything else (ADR 0024); false when signed out. */
    twoFactorSetupRequired: boolean;
    /** The tenant of the URL's `/api/t/{slug}` as the session lookup read it with the session (the tenant guard uses it); undefined when not read. */
    sessionTenant: { slug: string; tenant: TenantContext | null } | undefined;
  }
}

/** Sets the session cookie (HttpOnly, SameSite=Lax, path /, `secure` over HTTPS) to `token` for `ttlSeconds` seconds. */
export function setSessionCookie(reply: FastifyReply, token: string, ttlSeconds: number, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: ttlSeconds });
}

/** Clears the session cookie (logout). */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * What a session waiting for the two-factor set-up may reach (ADR 0024): who it is, the set-up
 * itself, sign-out, and a fresh sign-in (which replaces the session). Paths without the query.
 */
function allowedBeforeTwoFactorSetup(path: string): boolean {
  return path === '/api/auth/me' || path === '/api/auth/logout' || path === '/api/auth/login' || path.startsWith('/api/auth/2fa/');
}

/**
 * The lower-cased `{slug}` of a `/api/t/{slug}/…` URL (the tenant guard's), else undefined. Only
 * a slug of letters, digits and hyphens is read with the session: anything else (a NUL byte, a
 * malformed escape) is left to the route's own validation, which answers 400 before the guard
 * looks the slug up (http/unsafe-text.ts).
 */
function tenantSlugOf(url: string): string | undefined {
  const m = /^\/api\/t\/([A-Za-z0-9-]{1,100})(?:[/?#]|$)/.exec(url);
  return m ? m[1].toLowerCase() : undefined;
}

/** Slide the expiry only when it has moved by more than this, to spare a write per request. */
const SLIDE_STEP_MS = 5 * 60 * 1000;

/**
 * Session plugin: resolves the cookie to `request.user` through `store` (null when absent,
 * expired or the user is deactivated) and slides the expiry by at most one write every 5
 * minutes. Never throws for a bad cookie. A session that must set up two-factor first (the
 * operator's 'Require two-factor authentication', ADR 0024) gets 403
 * TWO_FACTOR_SETUP_REQUIRED on every API path but `allowedBeforeTwoFactorSetup`'s; this runs
 * before every route's own guards, so no route can forget it.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { store: SessionStore }) => {
  const { store } = opts;
  app.decorateRequest('user', null);
  app.decorateRequest('sessionHash', null);
  app.decorateRequest('twoFactorSetupRequired', false);
  app.decorateRequest('sessionTenant', undefined);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    const tokenHash = hashToken(token);
    const now = new Date();
    const slug = tenantSlugOf(request.url);
    const found = await store.find(tokenHash, now, slug);
    if (!found || !found.active) return;
    if (slug !== undefined) request.sessionTenant = { slug, tenant: found.tenant ?? null };
    request.user = found.user;
    request.sessionHash = tokenHash;
    request.twoFactorSetupRequired = found.twoFactorSetupRequired;
    if (found.twoFactorSetupRequired && !allowedBeforeTwoFactorSetup(request.url.split('?')[0])) {
      throw new AppError('TWO_FACTOR_SETUP_REQUIRED', TWO_FACTOR_SETUP_REQUIRED_TEXT);
    }
    const fresh = now.getTime() + found.ttlSeconds * 1000;
    if (fresh - found.expiresAt.getTime() > SLIDE_STEP_MS) await store.slide(tokenHash, found.ttlSeconds);
  });
});

/** preHandler: 401 UNAUTHENTICATED unless signed in. */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
}
