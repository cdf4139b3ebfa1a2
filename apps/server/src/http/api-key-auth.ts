import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '@loyalty/contract';
import { AppError, forbidden } from '../errors.ts';
import type { ApiKeyPrincipal, TenantContext } from '../context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on `/api/v1` routes after the API key guard ran. */
    apiKey: ApiKeyPrincipal | null;
  }
  interface FastifyContextConfig {
    /** The scope a `/api/v1` route requires; every v1 route names one. */
    scope?: ApiKeyScope;
    /**
     * True on a `/api/v1` route that reads across the whole business (the customer list and
     * details, the liability report): a key bound to a store acts as a cashier of that store,
     * and cashiers may not (docs/integrations.md 'Keys').
     */
    tenantWide?: boolean;
  }
}

/** 401 text of a missing, malformed, unknown or revoked key. */
const INVALID_API_KEY = 'Invalid or revoked API key';
/** 403 text of a store-bound key on a route that reads across the whole business. */
const STORE_BOUND_KEY = 'This API key is bound to a store';

/** The key a request carries as `Authorization: Bearer <key>`; null without one. */
function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/** The request's API key; throws if the route is not a `/api/v1` route (a programming error). */
export function apiKeyOf(request: FastifyRequest): ApiKeyPrincipal {
  if (!request.apiKey) throw new Error('apiKeyOf() called outside an /api/v1 route');
  return request.apiKey;
}

/**
 * What the guard needs (wiring.ts hands in the api-keys and tenants modules' lookups:
 * the HTTP layer reads no module's table, ADR 0012).
 */
export interface ApiKeyGuardDeps {
  /** The active key `key` authenticates as, or null (unknown, malformed, revoked); records its use at `now`. */
  authenticate(key: string, now: Date): Promise<ApiKeyPrincipal | null>;
  /** The tenant of id `tenantId` as a TenantContext, or null when it no longer exists. */
  findTenantById(tenantId: string): Promise<TenantContext | null>;
  now: () => Date;
}

/**
 * Registers the API key guard on the plugin scope of `/api/v1` (ADR 0020), as an
 * onRequest hook, so it answers before the body is parsed or validated: 401 UNAUTHENTICATED
 * 'Invalid or revoked API key' (with `WWW-Authenticate: Bearer`) without a bearer key or for
 * an unknown or revoked one; 403 FORBIDDEN 'This API key lacks the {scope} scope' when the
 * route's `config.scope` is not among the key's; 403 FORBIDDEN STORE_BOUND_KEY when the key is
 * bound to a store and the route is `config.tenantWide` (a cashier of that store could not read
 * it either: docs/integrations.md). Sets `request.apiKey` and `request.tenant`
 * (the tenant is the key's; there is no slug in v1 paths). Session cookies play no part.
 */
export function registerApiKeyGuard(app: FastifyInstance, deps: ApiKeyGuardDeps): void {
  app.decorateRequest('apiKey', null);
  app.decorateRequest('tenant', null);
  app.addHook('onRequest', async (request, reply) => {
    const token = bearerTokenOf(request);
    const principal = token ? await deps.authenticate(token, deps.now()) : null;
    const tenant = principal ? await deps.findTenantById(principal.tenantId) : null;
    if (!principal || !tenant) {
      reply.header('www-authenticate', 'Bearer realm="api"');
      throw new AppError('UNAUTHENTICATED', INVALID_API_KEY);
    }
    request.apiKey = principal;
    request.tenant = tenant;
    const scope = request.routeOptions.config.scope;
    if (!scope) throw new Error(`The /api/v1 route ${request.routeOptions.url} names no scope`);
    if (!principal.scopes.includes(scope)) throw forbidden(`This API key lacks the ${scope} scope`);
    if (principal.storeId && request.routeOptions.config.tenantWide) throw forbidden(STORE_BOUND_KEY);
  });
}
