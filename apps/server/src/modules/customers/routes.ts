import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';

/** Routes of the customers module (issue 3: being built). */
export const customerRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async () => {};
