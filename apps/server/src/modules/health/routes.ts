import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';

const Health = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['up', 'down']), databaseKind: z.string() });

/** GET /healthz: 200 `{status:'ok', database:'up'}` when the database answers, else 503. */
export const healthRoutes: FastifyPluginAsyncZod<{ handle: DatabaseHandle }> = async (app, { handle }) => {
  app.get('/healthz', { schema: { tags: ['health'], response: { 200: Health, 503: Health } } }, async (request, reply) => {
    try {
      await handle.ping();
      return { status: 'ok' as const, database: 'up' as const, databaseKind: handle.kind };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'error', database: 'down', databaseKind: handle.kind });
    }
  });
};
