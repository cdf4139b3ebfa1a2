import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';

/** The signed-in customer's own account under /api/t/{slug}/me (issue 4, customer self-service). Built in issue 4. */
export const meRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async () => {};
