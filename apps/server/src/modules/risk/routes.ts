import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, LimitSettings, RiskFlagItem, RiskFlagList, RiskFlagListQuery } from '@loyalty/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { ROLES, tenantCtx, tenantOf } from '../../http/tenant-context.ts';
import { putLimitSettings, readLimitSettings } from './limit-settings.ts';
import { listFlags } from './list-flags.ts';
import { reviewFlag, type FlagReview } from './review-flag.ts';

const slugParams = z.object({ slug: z.string() });
const flagParams = z.object({ slug: z.string(), id: z.string().max(100) });
const readErrors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * Velocity limits and their Review list (docs/product.md 'Velocity limits', ADR 0050):
 * GET/PUT /api/t/{slug}/rules/limits and GET /risk/flags, POST /risk/flags/{id}/dismiss and
 * …/block-card. All ROLES.admin (cashier and customer 403), tenant-scoped (another tenant's slug
 * or flag 404), 401 signed out. Money in cents.
 */
export const riskRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; jobs: Jobs }> = async (app, { db, config, jobs }) => {
  /** GET /rules/limits → LimitSettings, every limit off until first saved. ROLES.admin. */
  app.get(
    '/rules/limits',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Read the velocity limits',
        description: 'Per card: earns a day, purchase amount per earn, redeemed a day; per staff member: redeemed a day. Each refuses or flags.',
        tags: ['rules'],
        params: slugParams,
        response: { 200: LimitSettings, ...readErrors },
      },
    },
    async (request) => readLimitSettings(db, tenantOf(request).id),
  );

  /**
   * PUT /rules/limits (LimitSettings) → the saved LimitSettings. ROLES.admin. 400 with the field's
   * message for a count outside 1–1000 or an amount outside $0.01–$1,000,000.00 (nothing
   * written). Applies to the next movement; audited 'rules.limits.update'.
   */
  app.put(
    '/rules/limits',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Set the velocity limits',
        description: 'Counts 1 to 1000, amounts in cents $0.01 to $1,000,000.00; applies to the next movement. Audited.',
        tags: ['rules'],
        params: slugParams,
        body: LimitSettings,
        response: { 200: LimitSettings, 400: ErrorBody, ...readErrors },
      },
    },
    async (request) => putLimitSettings(db, tenantCtx(request), request.body),
  );

  /** GET /risk/flags?status=OPEN|ALL → RiskFlagList (newest first, at most 200, `openCount`). ROLES.admin. 400 for another status. */
  app.get(
    '/risk/flags',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'List the Review list of flagged cards',
        description: 'Movements accepted although they crossed a limit set to flag; OPEN (default) or ALL.',
        tags: ['risk'],
        params: slugParams,
        querystring: RiskFlagListQuery,
        response: { 200: RiskFlagList, 400: ErrorBody, ...readErrors },
      },
    },
    async (request) => listFlags(db, tenantOf(request).id, request.query),
  );

  const review = (path: string, verb: FlagReview, summary: string) =>
    app.post(
      path,
      {
        config: { roles: ROLES.admin },
        schema: {
          summary,
          description: 'Closes an open flag (409 when it was already reviewed). Audited.',
          tags: ['risk'],
          params: flagParams,
          response: { 200: RiskFlagItem, 409: ErrorBody, ...readErrors },
        },
      },
      async (request) => {
        const qr = { publicUrl: config.publicUrl, secret: config.qrTokenSecret, slug: tenantOf(request).slug, applePasses: config.wallet.applePasses };
        const flag = await reviewFlag(db, tenantCtx(request), qr, request.params.id, verb);
        if (verb === 'block_card') jobs.nudge('webhooks');
        return flag;
      },
    );
  /** POST /risk/flags/{id}/dismiss → the flag, DISMISSED. ROLES.admin; 404 unknown or another tenant's; 409 already reviewed. */
  review('/risk/flags/:id/dismiss', 'dismiss', 'Dismiss a flag');
  /** POST /risk/flags/{id}/block-card → the flag, CARD_BLOCKED, its card blocked. ROLES.admin; 404; 409 already reviewed. */
  review('/risk/flags/:id/block-card', 'block_card', 'Block the card of a flag');
};
