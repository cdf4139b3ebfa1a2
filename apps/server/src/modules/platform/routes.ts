import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActivityQuery,
  ActivityResponse,
  CreateTenantRequest,
  ErrorBody,
  PlatformStats,
  PlatformTenant,
  PlatformTenantAdminsResponse,
  SubscriptionAnalytics,
  SubscriptionAnalyticsQuery,
  TenantListQuery,
  TenantListResponse,
  UpdateTenantRequest,
} from '@loyalty/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { forbidden, unauthenticated } from '../../errors.ts';
import { getSubscriptionAnalytics } from './analytics.ts';
import { platformAuditPage } from './platform-audit.ts';
import { getActivity, getPlatformStats } from './stats.ts';
import { platformOperationsRoutes } from './operations-routes.ts';
import { createPlatformTenant, deletePlatformTenant, listPlatformTenants, updatePlatformTenant } from './tenants.ts';
import { listTenantAdmins, resetTenantUserTwoFactor } from './two-factor.ts';
import type { Jobs } from '../../lib/jobs.ts';

/** 403 text for a signed-in user who is not the platform operator (docs/product.md 'Roles'). */
const PLATFORM_ONLY = 'Platform admin access required';

/**
 * onRequest guard of every platform route (/platform is platform_admin's; the analytics
 * call answers 401 and 403 too): 401 'Please sign in' when signed out, 403 'Platform
 * admin access required' for tenant_admin, cashier and customer. It runs before the body is
 * parsed, so a refused caller learns nothing from validation errors.
 */
export async function requirePlatformAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
  if (request.user.role !== 'platform_admin') throw forbidden(PLATFORM_ONLY);
}

const guardErrors = { 401: ErrorBody, 403: ErrorBody } as const;
/** Any string: a malformed id answers 404 like an unknown one. */
const idParams = z.object({ id: z.string() });
/** Lenient so that a missing or empty body gets the service's own 400 'Type the tenant slug to confirm'. */
const DeleteTenantBody = z.object({ confirmSlug: z.string().optional() }).nullish();

/**
 * The platform operator's API under /api/platform (docs/product.md 'Roles',
 * 'Platform settings'). platform_admin only: every
 * route answers 401 signed out and 403 'Platform admin access required' for any other role.
 * Money in integer cents, times ISO-8601. Writes run in one transaction each.
 */
export const platformRoutes: FastifyPluginAsyncZod<{ db: Database; config: Pick<Config, 'env'>; jobs: Jobs }> = async (app, opts) => {
  const { db, config, jobs } = opts;
  app.addHook('onRequest', requirePlatformAdmin);

  /** GET /stats → PlatformStats (figures and trends as in stats.ts). */
  app.get(
    '/stats',
    {
      schema: {
        summary: 'Read the platform figures',
        description: "Counts and trends over every business for the operator's dashboard.",
        tags: ['platform'],
        response: { 200: PlatformStats, ...guardErrors },
      },
    },
    async (request) => getPlatformStats(db, request.ctx.now),
  );

  /**
   * GET /activity?limit=&tenant=&actor=&action=&from=&to=&cursor= → `{ activity, items,
   * nextCursor }`: the dashboard's recent feed (unchanged) and a page of the audit trail across
   * tenants and platform events (platform_audit.ts); 400 for a bad limit or filter, 404 'Tenant
   * not found' for an unknown tenant slug.
   */
  app.get(
    '/activity',
    {
      schema: {
        summary: 'List the platform activity',
        description:
          "The dashboard's recent feed and a page of the audit trail across businesses and platform events, filtered by business, actor, action and dates, with `nextCursor`.",
        tags: ['platform'],
        querystring: ActivityQuery,
        response: { 200: ActivityResponse, 400: ErrorBody, 404: ErrorBody, ...guardErrors },
      },
    },
    async (request) => {
      const [feed, page] = await Promise.all([getActivity(db, request.query.limit), platformAuditPage(db, request.query)]);
      return { ...feed, ...page };
    },
  );

  /** GET /tenants?status=&search=&page=&limit= → TenantListResponse (newest first; summary over all tenants); 400 bad query. */
  app.get(
    '/tenants',
    {
      schema: {
        summary: 'List the businesses',
        description: 'Every business newest first, filtered by status and search, paged, with a summary over all of them.',
        tags: ['platform'],
        querystring: TenantListQuery,
        response: { 200: TenantListResponse, 400: ErrorBody, ...guardErrors },
      },
    },
    async (request) => listPlatformTenants(db, request.query, request.ctx.now),
  );

  /**
   * POST /tenants (CreateTenantRequest) → 201 PlatformTenant: tenant on trial, owner, default
   * rules and store in one transaction. 400 validation, a reserved slug (SLUG_TEXT) or an
   * owner password below the platform's passwordMinLength; 409
   * 'Slug is already taken' / 'An account with this email already exists'.
   */
  app.post(
    '/tenants',
    {
      schema: {
        summary: 'Create a business',
        description:
          "Creates the business on trial with its owner, default rules and a store in one transaction. 409 when the slug or the owner's email is taken.",
        tags: ['platform'],
        body: CreateTenantRequest,
        response: { 201: PlatformTenant, 400: ErrorBody, 409: ErrorBody, ...guardErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createPlatformTenant(db, request.ctx, request.body)),
  );

  /** PUT /tenants/{id} (UpdateTenantRequest) → PlatformTenant; 400 validation; 404 'Tenant not found'. */
  app.put(
    '/tenants/:id',
    {
      schema: {
        summary: 'Update a business',
        description: "Changes the business's name and subscription status.",
        tags: ['platform'],
        params: idParams,
        body: UpdateTenantRequest,
        response: { 200: PlatformTenant, 400: ErrorBody, 404: ErrorBody, ...guardErrors },
      },
    },
    async (request) => updatePlatformTenant(db, request.ctx, request.params.id, request.body),
  );

  /**
   * DELETE /tenants/{id} with body `{ confirmSlug }` → 204: the tenant and all its rows gone
   * (payments and subscription events stay, detached). 400 'Type the tenant slug to confirm';
   * 404 'Tenant not found'.
   */
  app.delete(
    '/tenants/:id',
    {
      schema: {
        summary: 'Delete a business',
        description: "Needs the business's slug typed as `confirmSlug`; every row of the business goes, payments and subscription events stay detached.",
        tags: ['platform'],
        params: idParams,
        body: DeleteTenantBody,
        response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody, ...guardErrors },
      },
    },
    async (request, reply) => {
      await deletePlatformTenant(db, request.ctx, request.params.id, request.body?.confirmSlug);
      return reply.status(204).send(null);
    },
  );

  /** GET /tenants/{id}/admins → PlatformTenantAdminsResponse `{ admins }` with their two-factor state (ADR 0024); 404 'Tenant not found'. */
  app.get(
    '/tenants/:id/admins',
    {
      schema: {
        summary: "List a business's Store Admins",
        description: "The business's Store Admins with their two-factor state.",
        tags: ['platform'],
        params: idParams,
        response: { 200: PlatformTenantAdminsResponse, 404: ErrorBody, ...guardErrors },
      },
    },
    async (request) => listTenantAdmins(db, request.params.id),
  );

  /**
   * POST /tenants/{id}/users/{userId}/2fa/reset → 204 (ADR 0024): turns off a Store Admin's (or
   * cashier's) two-factor; audited, the person e-mailed. 404 'Tenant not found' / 'Staff member
   * not found' (also another tenant's user); 409 'Two-factor authentication is not on for this account'.
   */
  app.post(
    '/tenants/:id/users/:userId/2fa/reset',
    {
      schema: {
        summary: "Reset a staff member's two-factor sign-in",
        description: 'Turns off two-factor sign-in of a Store Admin or cashier of the business and e-mails them; audited. 409 when it is not on.',
        tags: ['platform'],
        params: z.object({ id: z.string(), userId: z.string() }),
        response: { 204: z.null(), 404: ErrorBody, 409: ErrorBody, ...guardErrors },
      },
    },
    async (request, reply) => {
      await resetTenantUserTwoFactor(db, request.ctx, request.params.id, request.params.userId);
      jobs.nudge('outbox');
      return reply.status(204).send(null);
    },
  );

  // The plans, reports, settings and card orders: their own file (platform/operations-routes.ts), under the same prefix and guard.
  await app.register(platformOperationsRoutes, { db, config });
};

/**
 * The subscription analytics under /api/admin (docs/product.md 'Reports': GET
 * /admin/analytics/subscriptions?timeframe=7d|30d|90d|1y, default 30d; 401 and 403).
 * platform_admin only (same guard); 400 for another timeframe.
 */
export const adminAnalyticsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, opts) => {
  const { db } = opts;
  app.addHook('onRequest', requirePlatformAdmin);

  /** GET /analytics/subscriptions?timeframe= → SubscriptionAnalytics (analytics.ts). */
  app.get(
    '/analytics/subscriptions',
    {
      schema: {
        summary: 'Read the subscription analytics',
        description: 'Subscription figures over a `timeframe` of 7d, 30d, 90d or 1y (default 30d).',
        tags: ['platform'],
        querystring: SubscriptionAnalyticsQuery,
        response: { 200: SubscriptionAnalytics, 400: ErrorBody, ...guardErrors },
      },
    },
    async (request) => getSubscriptionAnalytics(db, request.query.timeframe, request.ctx.now),
  );
};
