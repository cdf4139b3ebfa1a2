import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';

const Health = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['up', 'down']), databaseKind: z.string() });
const Ready = z.object({
  status: z.enum(['ready', 'not ready']),
  database: z.enum(['up', 'down']),
  /** Committed migrations not applied yet (null when the database is down). */
  pendingMigrations: z.number().int().nullable(),
  shuttingDown: z.boolean(),
});

/**
 * The instance's lifecycle as the load balancer sees it:
 * `draining` turns true when a shutdown begins (main.ts), so /readyz answers 503 from then on.
 */
export interface Lifecycle {
  draining: boolean;
}

/** A lifecycle of a running instance (not draining). */
export function createLifecycle(): Lifecycle {
  return { draining: false };
}

/**
 * GET /healthz (alive): 200 `{status:'ok', database:'up'}` when the database answers, else 503.
 * GET /readyz: 200 `{status:'ready'}` when the database answers, every committed
 * migration is applied and no shutdown has begun; else 503 with which of the three failed.
 * Both public and uncached; neither names anything but the database kind.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ handle: DatabaseHandle; lifecycle: Lifecycle }> = async (app, { handle, lifecycle }) => {
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Check that the server is alive',
        description:
          'Answers 200 when the database answers a ping and 503 when it does not; names only the database kind. Uncached, for load balancers and monitors.',
        tags: ['health'],
        response: { 200: Health, 503: Health },
      },
    },
    async (request, reply) => {
      try {
        await handle.ping();
        return { status: 'ok' as const, database: 'up' as const, databaseKind: handle.kind };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error', database: 'down', databaseKind: handle.kind });
      }
    },
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Check that the server is ready for traffic',
        description:
          'Answers 200 when the database answers, every committed migration is applied and no shutdown has begun, else 503 with which of the three failed.',
        tags: ['health'],
        response: { 200: Ready, 503: Ready },
      },
    },
    async (request, reply) => {
      let pendingMigrations: number | null = null;
      try {
        pendingMigrations = await handle.pendingMigrations();
      } catch (err) {
        request.log.error({ err }, 'readiness check: database unreachable');
      }
      const ready = pendingMigrations === 0 && !lifecycle.draining;
      reply.header('cache-control', 'no-store');
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not ready',
        database: pendingMigrations === null ? 'down' : 'up',
        pendingMigrations,
        shuttingDown: lifecycle.draining,
      });
    },
  );
};
