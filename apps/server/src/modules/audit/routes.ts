import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditListQuery, AuditListResponse, ErrorBody } from '@loyalty/contract';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { ROLES, tenantOf } from '../../http/tenant-context.ts';
import { auditExportQuery } from './export-audit.ts';
import { listAudit, toAuditEvent } from './list-audit.ts';

const slugParams = z.object({ slug: z.string() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** Headers of a CSV download: text/csv, `attachment; filename="…"`, no shared or stored copies. */
function asCsv(reply: FastifyReply, fileName: string): FastifyReply {
  return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store');
}

const ExportQuery = AuditListQuery.omit({ cursor: true, limit: true });

/**
 * The tenant's Activity (docs/security.md 'Audit trail') under /api/t/{slug}, tenant_admin
 * only (ROLES.admin; the platform admin passes too): 401 signed out, 403 cashier or customer,
 * 404 another tenant's slug, 400 a bad filter (an unknown action, a malformed date, actor or
 * cursor).
 * - GET /activity?actor=&action=&from=&to=&cursor=&limit= → AuditListResponse: newest first,
 *   `limit` (1–200, default 50) events and `nextCursor` (null on the last page). `from`/`to`
 *   are UTC days, both included; `actor` a user's or API key's id.
 * - GET /activity.csv?actor=&action=&from=&to= → activity.csv (AUDIT_CSV_COLUMNS), every
 *   matching event, written by PostgreSQL's COPY (ADR 0017).
 */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Database; copyCsv: DatabaseHandle['copyCsv'] }> = async (app, { db, copyCsv }) => {
  app.get(
    '/activity',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: "List the business's activity",
        description:
          'Audit events newest first, filtered by actor, action and UTC days; `limit` (1 to 200, default 50) a page, the next page from `nextCursor`.',
        tags: ['activity'],
        params: slugParams,
        querystring: AuditListQuery,
        response: { 200: AuditListResponse, ...errors },
      },
    },
    async (request) => {
      const page = await listAudit(db, { ...request.query, tenantId: tenantOf(request).id });
      return { items: page.rows.map((row) => toAuditEvent(row, null)), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/activity.csv',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: "Export the business's activity as CSV",
        description: 'Every audit event matching the filters as activity.csv.',
        tags: ['activity'],
        params: slugParams,
        querystring: ExportQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const csv = copyCsv(auditExportQuery(db, { ...request.query, tenantId: tenantOf(request).id }));
      csv.on('error', (err) => request.log.error({ err }, 'activity export failed'));
      return asCsv(reply, 'activity.csv').send(csv);
    },
  );
};
