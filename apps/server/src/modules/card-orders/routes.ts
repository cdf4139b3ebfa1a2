import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import type { PaymentProvider } from '../../payments/port.ts';

/** Card orders under /api/t/{slug}/card-orders (decisions.md 'Card orders'; spec §7). */
export const cardOrderRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; provider: PaymentProvider }> = async () => {
  // Filled by the card-orders increment.
};

/** GET /api/card-orders/pricing (spec §7: no tenant). */
export const cardOrderPricingRoutes: FastifyPluginAsyncZod = async () => {
  // Filled by the card-orders increment.
};
