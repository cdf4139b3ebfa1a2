import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import type { PaymentProvider } from '../../payments/port.ts';

/**
 * Hosted checkouts under /api/t/{slug}/checkout (decisions.md 'Payments'): the Demo checkout
 * page's data, Pay and Cancel.
 */
export const checkoutRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; provider: PaymentProvider }> = async () => {
  // Filled by the checkout increment.
};
