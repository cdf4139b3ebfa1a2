import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';

/** Rules & Settings routes under /api/t/{slug}/rules (spec §7 'Rules'). Built in issue 5. */
export const ruleRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async () => {};
