import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';

/** Report routes under /api/t/{slug}/reports (spec §7: dashboard, exports). Built in issue 4. */
export const reportRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async () => {};
