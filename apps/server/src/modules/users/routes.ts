import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';

/** Staff (user) routes under /api/t/{slug}/users (spec §7 'Users'). Built in issue 4. */
export const userRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async () => {};
