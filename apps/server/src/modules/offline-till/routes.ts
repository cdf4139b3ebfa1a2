import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, OfflineSettings, SyncConflictItem, SyncConflictList, SyncConflictListQuery } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { ROLES, tenantCtx, tenantOf } from '../../http/tenant-context.ts';
import { listSyncConflicts, resolveSyncConflict } from './conflicts.ts';
import { putOfflineSettings, readOfflineSettings } from './settings.ts';

const slugParams = z.object({ slug: z.string() });
const conflictParams = z.object({ slug: z.string(), id: z.string().max(100) });
const readErrors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * The offline till's settings and sync conflicts (docs/product.md 'Offline till', ADR 0051):
 * GET /api/t/{slug}/rules/offline (ROLES.staff: the till reads its caps), PUT /rules/offline,
 * GET /sync-conflicts and POST /sync-conflicts/{id}/resolve (ROLES.admin). Tenant-scoped (another
 * tenant's slug or conflict 404), 401 signed out, 403 for a role not named. Money in cents.
 */
export const offlineTillRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  /** GET /rules/offline → OfflineSettings (offline redemptions refused until a Store Admin allows them). ROLES.staff. */
  app.get(
    '/rules/offline',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: 'Read what tills may do offline',
        description: 'Offline redemptions: allowed or not, the most per redemption and per card a day (cents).',
        tags: ['rules'],
        params: slugParams,
        response: { 200: OfflineSettings, ...readErrors },
      },
    },
    async (request) => readOfflineSettings(db, tenantOf(request).id),
  );

  /** PUT /rules/offline (OfflineSettings) → the saved settings. ROLES.admin; 400 for a cap outside $0.01–$1,000.00 (nothing written); audited 'rules.offline.update'. */
  app.put(
    '/rules/offline',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Set what tills may do offline',
        description: 'Caps in cents, $0.01 to $1,000.00; the business carries the risk of an offline redemption. Audited.',
        tags: ['rules'],
        params: slugParams,
        body: OfflineSettings,
        response: { 200: OfflineSettings, 400: ErrorBody, ...readErrors },
      },
    },
    async (request) => putOfflineSettings(db, tenantCtx(request), request.body),
  );

  /** GET /sync-conflicts?status=OPEN|ALL → SyncConflictList (newest first, at most 200). ROLES.admin. */
  app.get(
    '/sync-conflicts',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'List the sync conflicts',
        description: 'Movements made offline that the server refused when they arrived; OPEN (default) or ALL.',
        tags: ['offline'],
        params: slugParams,
        querystring: SyncConflictListQuery,
        response: { 200: SyncConflictList, 400: ErrorBody, ...readErrors },
      },
    },
    async (request) => listSyncConflicts(db, tenantOf(request).id, request.query),
  );

  /** POST /sync-conflicts/{id}/resolve → the conflict, RESOLVED. ROLES.admin; 404 unknown or another tenant's; 409 already resolved. */
  app.post(
    '/sync-conflicts/:id/resolve',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Mark a sync conflict resolved',
        description: 'After the Store Admin settled it (an adjustment, a word with the customer). Audited.',
        tags: ['offline'],
        params: conflictParams,
        response: { 200: SyncConflictItem, 409: ErrorBody, ...readErrors },
      },
    },
    async (request) => resolveSyncConflict(db, tenantCtx(request), request.params.id),
  );
};
