import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DashboardResponse,
  EndOfDayQuery,
  EndOfDayReport,
  ErrorBody,
  LiabilityQuery,
  LiabilityReport,
  RewardsReport,
  RewardsReportQuery,
  TransactionExportQuery,
} from '@loyalty/contract';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { ROLES, tenantOf } from '../../http/tenant-context.ts';
import { dashboard, exportCustomersCsv, exportTransactionsCsv } from './service.ts';
import { liabilityCsv, liabilityReport } from './liability.ts';
import { rewardsCsv, rewardsReport } from './rewards-report.ts';
import { endOfDayCsv, endOfDayReport } from './end-of-day.ts';
import { renderEndOfDayPdf } from './end-of-day-pdf.ts';

const slugParams = z.object({ slug: z.string() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Headers of a download of `contentType`: `attachment; filename="…"`, no shared or stored copies. */
function asDownload(reply: FastifyReply, contentType: string, fileName: string): FastifyReply {
  return reply.type(contentType).header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store');
}

/** Headers of a CSV download (text/csv). */
function asCsv(reply: FastifyReply, fileName: string): FastifyReply {
  return asDownload(reply, 'text/csv; charset=utf-8', fileName);
}

/**
 * Report routes under /api/t/{slug}/reports (dashboard, exports; ADR 0006).
 * 401 signed out, 404 another tenant (tenant guard), 403 a role outside `config.roles`.
 */
export const reportRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; copyCsv: DatabaseHandle['copyCsv'] }> = async (app, { db, copyCsv }) => {
  /**
   * GET /reports/dashboard → DashboardResponse (docs/product.md 'Reports'): six figures in
   * cents or counts, their trends (this UTC month against the last) and the 5 newest
   * transactions, at the app's clock (the till's too: both read the same offer window at the
   * same instant). tenant_admin and cashier (ROLES.staff).
   */
  app.get(
    '/reports/dashboard',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: 'Read the dashboard figures',
        description: 'Six figures in cents or counts with their trends (this UTC month against the last) and the 5 newest transactions.',
        tags: ['reports'],
        params: slugParams,
        response: { 200: DashboardResponse, ...errors },
      },
    },
    async (request) => dashboard(db, tenantOf(request).id, request.ctx.now),
  );

  /**
   * GET /reports/export/transactions?type&category&from&to&storeFilter (the list's
   * filters except search and page; dates YYYY-MM-DD, UTC, inclusive) → transactions.csv,
   * written by PostgreSQL (COPY) and streamed with constant memory. 400 VALIDATION_ERROR with details for a bad filter.
   * tenant_admin and cashier (ROLES.staff).
   */
  app.get(
    '/reports/export/transactions',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: 'Export transactions as CSV',
        description: "The transactions matching the list's filters (dates YYYY-MM-DD, UTC, inclusive) as a streamed transactions.csv.",
        tags: ['reports'],
        params: slugParams,
        querystring: TransactionExportQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const csv = exportTransactionsCsv(copyCsv, db, tenantOf(request).id, request.query);
      csv.on('error', (err) => request.log.error({ err }, 'transactions export failed'));
      return asCsv(reply, 'transactions.csv').send(csv);
    },
  );

  /**
   * GET /reports/export/customers → customers.csv (every customer of the tenant, oldest
   * first), streamed with constant memory. tenant_admin only: customers are an admin area
   * (ROLES.admin).
   */
  app.get(
    '/reports/export/customers',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Export customers as CSV',
        description: 'Every customer of the business, oldest first, as a streamed customers.csv.',
        tags: ['reports'],
        params: slugParams,
        response: errors,
      },
    },
    async (request, reply) => {
      const csv = exportCustomersCsv(copyCsv, db, tenantOf(request).id);
      csv.on('error', (err) => request.log.error({ err }, 'customers export failed'));
      return asCsv(reply, 'customers.csv').send(csv);
    },
  );

  /**
   * GET /reports/liability?from=&to= → LiabilityReport (docs/product.md 'Reports'; dates YYYY-MM-DD
   * in the tenant's time zone, default the last 30 days up to today). 400 for a bad date or
   * from after to. tenant_admin only (ROLES.admin).
   */
  app.get(
    '/reports/liability',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Report the cashback owed to customers',
        description:
          "Cashback owed to customers (cents) by store and age, and the period's movements; dates YYYY-MM-DD in the business's time zone, by default the last 30 days.",
        tags: ['reports'],
        params: slugParams,
        querystring: LiabilityQuery,
        response: { 200: LiabilityReport, ...errors },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      return liabilityReport(db, tenant.id, tenant.timezone, request.query, request.ctx.now);
    },
  );

  /** GET /reports/liability.csv?from=&to= → the same figures as liability-{from}-{to}.csv (contract LIABILITY_CSV_COLUMNS). tenant_admin only. */
  app.get(
    '/reports/liability.csv',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Export the cashback owed to customers as CSV',
        description: 'The figures of the liability report for the same period as liability-{from}-{to}.csv.',
        tags: ['reports'],
        params: slugParams,
        querystring: LiabilityQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const report = await liabilityReport(db, tenant.id, tenant.timezone, request.query, request.ctx.now);
      return asCsv(reply, `liability-${report.from}-${report.to}.csv`).send(liabilityCsv(report));
    },
  );

  /**
   * GET /reports/rewards?from=&to= → RewardsReport (docs/product.md 'Rewards'; months YYYY-MM in the
   * business's time zone, default the last 12): bonuses by reason (count, cents, cents spent),
   * referrals invited/joined/converted, win-back offers sent and taken up, and totals.
   * tenant_admin only (ROLES.admin); 400 for a bad month or more than 24 months.
   */
  app.get(
    '/reports/rewards',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Read what the rewards achieved',
        description: 'Per month and reason the bonuses issued and spent, referrals invited, joined and converted, win-back offers sent and taken up.',
        tags: ['reports'],
        params: slugParams,
        querystring: RewardsReportQuery,
        response: { 200: RewardsReport, ...errors },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      return rewardsReport(db, tenant.id, tenant.timezone, request.query, request.ctx.now);
    },
  );

  /** GET /reports/rewards.csv?from=&to= → the same figures as rewards-{from}-{to}.csv. tenant_admin only. */
  app.get(
    '/reports/rewards.csv',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Export what the rewards achieved as CSV',
        description: 'The figures of the Rewards report for the same months as rewards-{from}-{to}.csv.',
        tags: ['reports'],
        params: slugParams,
        querystring: RewardsReportQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const report = await rewardsReport(db, tenant.id, tenant.timezone, request.query, request.ctx.now);
      return asCsv(reply, `rewards-${report.from}-${report.to}.csv`).send(rewardsCsv(report));
    },
  );

  /** The end-of-day report of the request's day and store for its user (see end-of-day.ts `endOfDayReport`). */
  const endOfDayOf = (request: FastifyRequest, query: EndOfDayQuery) => {
    const user = request.user!;
    return endOfDayReport(db, tenantOf(request), { role: user.role, storeId: user.storeId }, query, request.ctx.now);
  };

  /**
   * GET /reports/end-of-day?date=&storeId= → EndOfDayReport (docs/product.md 'Reports'): a local day's
   * movements per store and staff member with totals (cents). ROLES.staff; a cashier bound to a
   * store sees that store only (another is 403). 400 bad date or store id, 404 unknown store.
   */
  app.get(
    '/reports/end-of-day',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: "Read the day's movements for the cash-up",
        description:
          "One day of the business's time zone (default today): per store and staff member the purchases and cashback, redemptions, refunds and claw-backs, voids, adjustments, add funds, bonuses and expiries, with totals.",
        tags: ['reports'],
        params: slugParams,
        querystring: EndOfDayQuery,
        response: { 200: EndOfDayReport, ...errors },
      },
    },
    async (request) => endOfDayOf(request, request.query),
  );

  /** GET /reports/end-of-day.csv?date=&storeId= → end-of-day-{date}.csv: the same figures, a line per staff member, store and the totals. ROLES.staff. */
  app.get(
    '/reports/end-of-day.csv',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: "Export the day's movements as CSV",
        description: 'The end-of-day figures as end-of-day-{date}.csv: a line per staff member, per store and the totals, money in dollars.',
        tags: ['reports'],
        params: slugParams,
        querystring: EndOfDayQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const report = await endOfDayOf(request, request.query);
      return asCsv(reply, `end-of-day-${report.date}.csv`).send(endOfDayCsv(report));
    },
  );

  /** GET /reports/end-of-day.pdf?date=&storeId= → end-of-day-{date}.pdf, A4 landscape, printable. ROLES.staff. */
  app.get(
    '/reports/end-of-day.pdf',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: "Print the day's movements",
        description: 'The end-of-day figures as a printable A4 PDF (end-of-day-{date}.pdf).',
        tags: ['reports'],
        params: slugParams,
        querystring: EndOfDayQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const report = await endOfDayOf(request, request.query);
      const pdf = await renderEndOfDayPdf(report, tenantOf(request).name);
      return asDownload(reply, 'application/pdf', `end-of-day-${report.date}.pdf`).send(pdf);
    },
  );
};
