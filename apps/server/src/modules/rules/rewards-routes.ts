import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, RewardSettings } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { ROLES, tenantOf, tenantCtx } from '../../http/tenant-context.ts';
import { putRewardSettings, readRewardSettings } from './rewards.ts';

const slugParams = z.object({ slug: z.string() });
const readErrors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * Rules & Settings → Rewards under /api/t/{slug}/rules/rewards (docs/product.md 'Rewards', ADR
 * 0049): ROLES.admin (cashier and customer 403), tenant-scoped (another tenant's slug 404), 401
 * signed out. Money in cents (0 to 100000 = $1,000.00).
 */
export const rewardRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  /** GET /rules/rewards → RewardSettings, every reward off until first saved. ROLES.admin. */
  app.get(
    '/rules/rewards',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Read the reward settings',
        description: 'Welcome bonus, birthday reward, referrals and win-back offers; each off until switched on.',
        tags: ['rules'],
        params: slugParams,
        response: { 200: RewardSettings, ...readErrors },
      },
    },
    async (request) => readRewardSettings(db, tenantOf(request).id),
  );

  /**
   * PUT /rules/rewards (RewardSettings) → RewardSettings, the saved settings. ROLES.admin. 400 with
   * the field's message for an amount outside $0.00–$1,000.00 or a count out of range (nothing
   * written). Applies from then on; audited 'rules.rewards.update'.
   */
  app.put(
    '/rules/rewards',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Set the reward settings',
        description: 'Amounts $0.00 to $1,000.00 in cents; applies from then on (a bonus already credited stays). Audited.',
        tags: ['rules'],
        params: slugParams,
        body: RewardSettings,
        response: { 200: RewardSettings, 400: ErrorBody, ...readErrors },
      },
    },
    async (request) => putRewardSettings(db, tenantCtx(request), request.body),
  );
};
