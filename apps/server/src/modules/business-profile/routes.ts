import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, ReceiptsRequest, TenantResponse, TimezoneRequest, TrialStatusResponse } from '@loyalty/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { ROLES, tenantCtx, tenantOf } from '../../http/tenant-context.ts';
import { getTenantView, getTrialStatus, putTenantReceipts, putTenantTimezone } from './service.ts';

/**
 * Tenant routes under /api/t/{slug}:
 * - GET /tenant → TenantResponse. Any member of the tenant (tenant_admin, cashier, customer;
 *   platform_admin anywhere). Its `paymentProvider` is `config.paymentProvider` (the
 *   web's 'Demo payments: no money is taken' notice).
 * - GET /trial/status → TrialStatusResponse. ROLES.staff (tenant_admin, cashier): the
 *   dashboard and Cards page banners.
 * - PUT /tenant/timezone (TimezoneRequest `{ timezone }`) → TenantResponse. ROLES.admin:
 *   stores the tenant's IANA time zone, audited; 400 'Unknown time zone'.
 * - PUT /tenant/receipts (ReceiptsRequest `{ enabled }`) → TenantResponse. ROLES.admin:
 *   e-mail receipts after earn, redeem and refund on or off, audited.
 * 401 signed out, 404 other tenant, 403 a role outside the list.
 */
export const tenantRoutes: FastifyPluginAsyncZod<{ db: Database; config: Pick<Config, 'paymentProvider'> }> = async (app, { db, config }) => {
  /** GET /tenant → TenantResponse with counts, subscriptionInfo, canTransact, subscriptionRequired, paymentProvider; ROLES.member. */
  app.get(
    '/tenant',
    {
      config: { roles: ROLES.member },
      schema: {
        summary: 'Read the business',
        description: 'The business in the path with its counts, subscription state, whether it may transact and the payment provider in use.',
        tags: ['tenant'],
        params: z.object({ slug: z.string() }),
        response: { 200: TenantResponse, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getTenantView(db, tenantOf(request), config.paymentProvider, request.ctx.now),
  );

  /** GET /trial/status → `{ activationsUsed, trialLimit, activationsRemaining, subscriptionRequired }`; ROLES.staff. */
  app.get(
    '/trial/status',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: 'Read the trial allowance',
        description: 'Card activations used and left in the trial, and whether a subscription is now required, for the dashboard and Cards page banners.',
        tags: ['tenant'],
        params: z.object({ slug: z.string() }),
        response: { 200: TrialStatusResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getTrialStatus(db, tenantOf(request), request.ctx.now),
  );

  /**
   * PUT /tenant/timezone (TimezoneRequest `{ timezone }`) → TenantResponse with the new
   * `timezone`; ROLES.admin. 400 'Unknown time zone' (nothing written). Audited.
   */
  app.put(
    '/tenant/timezone',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: "Set the business's time zone",
        description: "Stores the business's IANA time zone (reports count days in it) and answers the business. 400 for an unknown time zone; audited.",
        tags: ['tenant'],
        params: z.object({ slug: z.string() }),
        body: TimezoneRequest,
        response: { 200: TenantResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => putTenantTimezone(db, tenantCtx(request), request.body.timezone, config.paymentProvider),
  );

  /**
   * PUT /tenant/receipts (ReceiptsRequest `{ enabled: boolean }`) → TenantResponse with the new
   * `receiptsEnabled`; ROLES.admin. 400 when `enabled` is not a boolean (nothing written). Audited.
   */
  app.put(
    '/tenant/receipts',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Turn e-mail receipts on or off',
        description: 'Whether customers get an e-mail receipt after earn, redeem and refund; answers the business. Audited.',
        tags: ['tenant'],
        params: z.object({ slug: z.string() }),
        body: ReceiptsRequest,
        response: { 200: TenantResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => putTenantReceipts(db, tenantCtx(request), request.body.enabled, config.paymentProvider),
  );
};
