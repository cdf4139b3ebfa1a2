import type { ApiKeyScope, Role, SubscriptionStatus } from '@loyalty/contract';
import { unauthenticated } from './errors.ts';

/**
 * Who and where a use case acts for, as plain values (ADR 0029): the signed-in user, the
 * tenant of a `/api/t/:slug` request, the API key of a `/api/v1` request, and the session store
 * the HTTP layer is handed (wiring.ts). The HTTP layer fills them from the request; services
 * take them as arguments and never read a request themselves.
 */

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

/** The tenant a `/api/t/:slug` request works in. */
export interface TenantContext {
  id: string;
  slug: string;
  name: string;
  subscriptionStatus: SubscriptionStatus;
  trialEndsAt: Date | null;
  graceEndsAt: Date | null;
  planId: string | null;
  freeTrialLimit: number;
  /** Cards bought through paid card orders (added to the quota; docs/product.md 'Card orders'). */
  purchasedCards: number;
  /** IANA time zone of the business (default 'UTC'): expiry dates, report days and months. */
  timezone: string;
  /** Whether customers get an e-mail receipt after an earn, redeem or refund (docs/product.md 'E-mail'; default false). */
  receiptsEnabled: boolean;
  createdAt: Date;
}

/** The API key a `/api/v1` request authenticated with: never the key itself. */
export interface ApiKeyPrincipal {
  id: string;
  tenantId: string;
  name: string;
  scopes: ApiKeyScope[];
  /** The store the key is bound to (a cashier's store rules), null: any store. */
  storeId: string | null;
}

/** A live session as the store finds it: its user (active or not), its sliding step and its current expiry. */
interface FoundSession {
  user: AuthUser;
  active: boolean;
  ttlSeconds: number;
  expiresAt: Date;
  /** The operator requires two-factor and the user has none yet (ADR 0024). */
  twoFactorSetupRequired: boolean;
  /** The tenant whose slug `find` was given, read in the same statement (null: no such tenant); absent when no slug was given. */
  tenant?: TenantContext | null;
}

/**
 * Where sessions live (the users module's `sessionStore`, wired in app.ts: the HTTP layer
 * reads no module's table itself, ADR 0012).
 */
export interface SessionStore {
  /**
   * The session whose token hash is `tokenHash` and whose expiry is after `now`, with its user;
   * null when none. With `slug` (a `/api/t/{slug}` request), the tenant of that slug too, in the
   * same statement (the tenant guard then reads nothing more).
   */
  find(tokenHash: string, now: Date, slug?: string): Promise<FoundSession | null>;
  /** Moves the session's expiry to now + `ttlSeconds` (the sliding expiry). */
  slide(tokenHash: string, ttlSeconds: number): Promise<void>;
}

/**
 * Who a use case acts for: a signed-in user (staff, a customer or the operator), the API key of
 * an `/api/v1` request, nobody (a public page, a sign-in, a webhook from the payment provider),
 * or the system (a background job acting on its own, e.g. the erasure job of ADR 0026; its
 * audit rows have no user, API key or address: docs/security.md 'Audit trail'). One
 * discriminated type, so a use case that needs a user says so by its kind.
 */
export type Actor = { kind: 'user'; user: AuthUser } | { kind: 'apiKey'; apiKey: ApiKeyPrincipal } | { kind: 'anonymous' } | { kind: 'system' };

/**
 * Everything a use case needs to know about the request it serves, built once per request by
 * the HTTP layer (http/request-context.ts) after its guards ran:
 * - `requestId`: the id the log carries (`reqId`), to tie an audit row or an error to a log line;
 * - `now`: the instant of the request from the app's clock (tests move the clock), the one
 *   'now' every rule of the request uses (expiry, trial ends, offer windows, void windows);
 * - `tenant`: the business of a `/api/t/{slug}` request or of the API key, else null;
 * - `actor`: who acts (see `Actor`);
 * - `ip`: the client address (`request.ip`, which honours TRUST_PROXY), for the audit trail.
 */
export interface RequestContext {
  requestId: string;
  now: Date;
  tenant: TenantContext | null;
  actor: Actor;
  ip: string | null;
}

/** A `RequestContext` whose tenant is set: what a use case of one business takes (a `/api/t/{slug}` route after the tenant guard, or an `/api/v1` key's business). */
export type TenantRequestContext = RequestContext & { tenant: TenantContext };

/** The id of the user acting in `ctx`; null when an API key, nobody or the system acts (audit rows and ledger rows record it as user_id). */
export function actingUserId(ctx: RequestContext): string | null {
  return ctx.actor.kind === 'user' ? ctx.actor.user.id : null;
}

/** The id of the `/api/v1` API key acting in `ctx`, else null (recorded as api_key_id). */
export function actingApiKeyId(ctx: RequestContext): string | null {
  return ctx.actor.kind === 'apiKey' ? ctx.actor.apiKey.id : null;
}

/**
 * The signed-in user acting in `ctx` (for a use case on the user's own account: their password,
 * their two-factor). Throws 401 UNAUTHENTICATED when an API key, nobody or the system acts (the
 * routes' session guards answer that before; docs/product.md 'Accounts and sign-in').
 */
export function actingUser(ctx: RequestContext): AuthUser {
  if (ctx.actor.kind !== 'user') throw unauthenticated();
  return ctx.actor.user;
}

/** The `requestId` of a context a job builds (it serves no request). */
const SYSTEM_REQUEST_ID = 'system';

/**
 * The context of a background job that acts on its own, with no request (e.g. the erasure job,
 * ADR 0026): the job run's instant `now` (from main.ts's clock, never read in a module), the
 * business it acts in (null: none), the system as actor (`{ kind: 'system' }`: no user, no API
 * key) and no client address, so its audit rows record user_id, api_key_id and ip null
 * (docs/security.md 'Audit trail'); `requestId` is 'system'.
 */
export function systemContext(now: Date): RequestContext;
export function systemContext(now: Date, tenant: TenantContext): TenantRequestContext;
export function systemContext(now: Date, tenant: TenantContext | null = null): RequestContext {
  return { requestId: SYSTEM_REQUEST_ID, now, tenant, actor: { kind: 'system' }, ip: null };
}
