import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@loyalty/contract';
import type { TenantContext, TenantRequestContext } from '../context.ts';
import { forbidden, notFound, unauthenticated } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route under /api/t/:slug after the tenant guard ran. */
    tenant: TenantContext | null;
  }
  interface FastifyContextConfig {
    /** Roles allowed on this route. platform_admin passes wherever tenant_admin does. */
    roles?: readonly Role[];
  }
}

/** The request's tenant; throws if the route is not tenant-scoped (a programming error). */
export function tenantOf(request: FastifyRequest): TenantContext {
  if (!request.tenant) throw new Error('tenantOf() called outside a tenant-scoped route');
  return request.tenant;
}

/**
 * The request's context for a use case of its business (src/context.ts `TenantRequestContext`):
 * `request.ctx` with the tenant the guard (or the API key) set. Throws outside a tenant-scoped
 * route (a programming error).
 */
export function tenantCtx(request: FastifyRequest): TenantRequestContext {
  const ctx = request.ctx;
  if (!ctx.tenant) throw new Error('tenantCtx() called outside a tenant-scoped route');
  return ctx as TenantRequestContext;
}

/**
 * Registers the tenant guard on a plugin scope mounted at `/api/t/:slug`. `findTenant` resolves
 * a slug to its tenant or null (handed in from src/wiring.ts: the HTTP layer reads no module's
 * table itself, ADR 0012), unless the session lookup already read it in the same statement as
 * the session (`request.sessionTenant`). 401 when signed out; 404 'Tenant not found' when the
 * slug is unknown or belongs to another tenant than the user's (platform_admin may enter any); 403 when the
 * route's `config.roles` excludes the user's role.
 */
export function registerTenantGuard(app: FastifyInstance, findTenant: (slug: string) => Promise<TenantContext | null>): void {
  app.decorateRequest('tenant', null);
  app.addHook('preHandler', async (request) => {
    const user = request.user;
    if (!user) throw unauthenticated();
    const slug = ((request.params as { slug?: string }).slug ?? '').toLowerCase();
    // Read with the session in one statement when the URL named this slug (http/session.ts).
    const tenant = request.sessionTenant?.slug === slug ? request.sessionTenant.tenant : await findTenant(slug);
    const isPlatformAdmin = user.role === 'platform_admin';
    if (!tenant || (!isPlatformAdmin && user.tenantId !== tenant.id)) throw notFound('Tenant not found');
    request.tenant = tenant;
    const roles = request.routeOptions.config.roles;
    if (roles) {
      const allowed = roles.includes(user.role) || (isPlatformAdmin && roles.includes('tenant_admin'));
      if (!allowed) throw forbidden();
    }
  });
}

/** Who may call a tenant route, by route group (docs/product.md 'Roles'). */
export const ROLES = {
  /** dashboard, cards, transactions, pos: tenant_admin and cashier. */
  staff: ['tenant_admin', 'cashier'] as const,
  /** billing, customers, stores, staff, rules: tenant_admin only. */
  admin: ['tenant_admin'] as const,
  /** the customer page. */
  customer: ['customer'] as const,
  /** anything a member of the tenant may read about the tenant itself. */
  member: ['tenant_admin', 'cashier', 'customer'] as const,
} satisfies Record<string, readonly Role[]>;
