import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import type { PaymentProvider } from '../../payments/port.ts';

/**
 * Payment provider webhooks under /api/webhooks (issue 6): POST /api/webhooks/stripe,
 * verified with STRIPE_WEBHOOK_SECRET and idempotent per event id. Registered in its own
 * scope so its JSON body stays raw for signature checks.
 */
export const webhookRoutes: FastifyPluginAsync<{ db: Database; config: Config; provider: PaymentProvider }> = async () => {
  // Filled by the Stripe webhook increment.
};
