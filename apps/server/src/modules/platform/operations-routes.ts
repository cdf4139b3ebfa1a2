import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  PlanInput,
  PlatformAnalytics,
  PlatformCardOrder,
  PlatformCardOrderListResponse,
  PlatformCardOrderQuery,
  PlatformLiabilityQuery,
  PlatformLiabilityReport,
  PlatformPlan,
  PlatformPlanListResponse,
  PlatformSettings,
  UpdateCardOrderStatusRequest,
} from '@loyalty/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { getPlatformAnalytics } from './analytics.ts';
import { advanceCardOrder, listPlatformCardOrders } from './card-orders.ts';
import { platformLiability } from './liability.ts';
import { createPlan, deletePlan, listPlatformPlans, updatePlan } from './plans.ts';
import { getPlatformSettings } from '../settings/index.ts';
import { savePlatformSettings, settingsView } from './settings.ts';

const guardErrors = { 401: ErrorBody, 403: ErrorBody } as const;
/** Any string: a malformed id answers 404 like an unknown one. */
const idParams = z.object({ id: z.string() });

/**
 * The platform operator's plans, liability report, analytics, settings and card order
 * fulfilment under /api/platform (docs/product.md 'Roles', 'Platform settings'), registered by
 * `platformRoutes` inside its scope, so behind its guard (401 signed out, 403 any role but
 * platform_admin). Money in integer cents, times ISO-8601.
 */
export const platformOperationsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Pick<Config, 'env'> }> = async (app, opts) => {
  const { db, config } = opts;

  /** GET /plans → `{ plans }`: every plan incl. inactive, by sortOrder then price, with tenantsCount. */
  app.get(
    '/plans',
    {
      schema: {
        summary: 'List every subscription plan',
        description: 'All plans, inactive ones too, by sort order then price (cents), with how many businesses use each.',
        tags: ['platform'],
        response: { 200: PlatformPlanListResponse, ...guardErrors },
      },
    },
    async () => listPlatformPlans(db),
  );

  /** POST /plans (PlanInput; priceMonthly cents) → 201 PlatformPlan; 400 validation. */
  app.post(
    '/plans',
    {
      schema: {
        summary: 'Create a subscription plan',
        description: 'A plan with its monthly price in cents, billing period and limits.',
        tags: ['platform'],
        body: PlanInput,
        response: { 201: PlatformPlan, 400: ErrorBody, ...guardErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createPlan(db, request.ctx, request.body)),
  );

  /** PUT /plans/{id} (PlanInput) → PlatformPlan; 400 validation; 404 'Plan not found'. */
  app.put(
    '/plans/:id',
    {
      schema: {
        summary: 'Update a subscription plan',
        description: "Replaces the plan's fields; the monthly price is in cents.",
        tags: ['platform'],
        params: idParams,
        body: PlanInput,
        response: { 200: PlatformPlan, 400: ErrorBody, 404: ErrorBody, ...guardErrors },
      },
    },
    async (request) => updatePlan(db, request.ctx, request.params.id, request.body),
  );

  /** DELETE /plans/{id} → 204; 404 'Plan not found'; 409 'This plan is used by {n} tenant(s) and cannot be deleted'. */
  app.delete(
    '/plans/:id',
    {
      schema: {
        summary: 'Delete a subscription plan',
        description: 'Only a plan no business uses can be deleted (409 otherwise).',
        tags: ['platform'],
        params: idParams,
        response: { 204: z.null(), 404: ErrorBody, 409: ErrorBody, ...guardErrors },
      },
    },
    async (request, reply) => {
      await deletePlan(db, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );

  /**
   * GET /reports/liability?from=&to=&sort=outstanding|name|expired&order=asc|desc →
   * PlatformLiabilityReport: every tenant's outstanding and period (UTC days, default
   * the last 30), sorted, and the platform totals; 400 for a bad date, sort or order.
   */
  app.get(
    '/reports/liability',
    {
      schema: {
        summary: 'Report the cashback owed by every business',
        description: "Each business's outstanding cashback and period movements (cents, UTC days, by default the last 30), sorted, with the platform totals.",
        tags: ['platform'],
        querystring: PlatformLiabilityQuery,
        response: { 200: PlatformLiabilityReport, 400: ErrorBody, ...guardErrors },
      },
    },
    async (request) => platformLiability(db, request.query, request.ctx.now),
  );

  /** GET /analytics → PlatformAnalytics (12 UTC months oldest first, tenants per status, monthly growth %). */
  app.get(
    '/analytics',
    {
      schema: {
        summary: 'Read the platform growth analytics',
        description: 'The last 12 UTC months oldest first: businesses per status and monthly growth in percent.',
        tags: ['platform'],
        response: { 200: PlatformAnalytics, ...guardErrors },
      },
    },
    async (request) => getPlatformAnalytics(db, request.ctx.now),
  );

  /** GET /settings → PlatformSettings (smtp.password '' with passwordSet; sessionTimeout hours, trialDays days). */
  app.get(
    '/settings',
    {
      schema: {
        summary: 'Read the platform settings',
        description:
          'SMTP, security (session timeout in hours, password length, two-factor) and platform settings such as trial days; the SMTP password is never sent, only whether one is set.',
        tags: ['platform'],
        response: { 200: PlatformSettings, ...guardErrors },
      },
    },
    async () => settingsView(await getPlatformSettings(db)),
  );

  /** PUT /settings (PlatformSettings) → the saved settings as GET shows them; an empty SMTP password keeps the stored one; 400 validation. */
  app.put(
    '/settings',
    {
      schema: {
        summary: 'Update the platform settings',
        description: 'Saves the settings and answers them as read; an empty SMTP password keeps the stored one.',
        tags: ['platform'],
        body: PlatformSettings,
        response: { 200: PlatformSettings, 400: ErrorBody, ...guardErrors },
      },
    },
    async (request) => savePlatformSettings(db, request.ctx, request.body),
  );

  /** GET /card-orders?status= → `{ orders }` of every tenant, newest first, ≤ 200, with their tenant (docs/product.md 'Card orders'); 400 bad status. */
  app.get(
    '/card-orders',
    {
      schema: {
        summary: "List every business's card orders",
        description: 'Up to 200 printed card orders of all businesses, newest first, filtered by status.',
        tags: ['platform'],
        querystring: PlatformCardOrderQuery,
        response: { 200: PlatformCardOrderListResponse, 400: ErrorBody, ...guardErrors },
      },
    },
    async (request) => listPlatformCardOrders(db, request.query.status),
  );

  /**
   * PUT /card-orders/{id} `{ status }` → PlatformCardOrder: the next fulfilment step only
   * (PAID → PROCESSING → SHIPPED → DELIVERED). 400 bad status value, 404 'Order not found',
   * 409 for any other move, and in production (config.env) 409 'This order was paid with demo
   * payments (no money was taken) and cannot be fulfilled' for a demo-paid order;
   * nothing changed on an error.
   */
  app.put(
    '/card-orders/:id',
    {
      schema: {
        summary: "Advance a card order's fulfilment",
        description:
          'Moves a paid order one step: PAID, PROCESSING, SHIPPED, DELIVERED (409 for any other move, and in production for an order paid with demo payments).',
        tags: ['platform'],
        params: idParams,
        body: UpdateCardOrderStatusRequest,
        response: { 200: PlatformCardOrder, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...guardErrors },
      },
    },
    async (request) => advanceCardOrder(db, config, request.ctx, request.params.id, request.body.status),
  );
};
