import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { TransactionType } from '@loyalty/contract';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The ledger movement a 200 of this route writes (counted by /metrics; a replayed answer is not). */
    ledgerType?: TransactionType;
  }
  interface FastifyInstance {
    /** The instance's Prometheus metrics (registerMetrics). */
    metrics: AppMetrics;
  }
}

/** What other parts of the process report to /metrics. */
export interface AppMetrics {
  /** The registry /metrics serialises (one per app: tests build many apps in one process). */
  registry: Registry;
  /** Counts `n` ledger movements of `type` made outside an HTTP route (the expiry job's EXPIRE rows). */
  countLedger(type: TransactionType, n: number): void;
}

/** Latency buckets in seconds: the till's 25 ms goal sits between two of them. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** True when the request carries `Authorization: Bearer <token>` (compared in constant time). */
function hasBearer(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /metrics in Prometheus text format (prom-client): requests by route
 * template, method and status (`http_requests_total`) and their latency
 * (`http_request_duration_seconds`, histogram), the database pool (`db_pool_connections` by
 * state: total, idle, waiting; PostgreSQL only), the job queue's waiting jobs
 * (`job_queue_depth` by queue, from pg-boss's own table), ledger movements by type
 * (`ledger_movements_total`: 200s of routes with `config.ledgerType`, not replays, plus what
 * `countLedger` reports) and Node's default process metrics. Counters are per instance;
 * Prometheus sums them. Access: with METRICS_TOKEN, `Authorization: Bearer <token>` (else 401);
 * without it, open outside production and 404 in production.
 */
export function registerMetrics(app: FastifyInstance, deps: { config: Config; handle: DatabaseHandle }): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route template, method and status',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route template, method and status, in seconds',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const ledger = new Counter({
    name: 'ledger_movements_total',
    help: 'Ledger rows written by type (this instance)',
    labelNames: ['type'],
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state (total, idle, waiting requests); PostgreSQL only',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = deps.handle.poolStats();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting to run (created or retry) by queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const { rows } = await deps.handle.executeSql(`select name, count(*)::int as n from pgboss.job where state in ('created', 'retry') group by name`, []);
        for (const r of rows as { name: string; n: number }[]) this.set({ queue: r.name }, Number(r.n));
      } catch {
        // pg-boss has not created its schema yet (it starts in the background): nothing waits.
      }
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    const type = request.routeOptions.config?.ledgerType;
    if (type && reply.statusCode === 200 && reply.getHeader('idempotent-replayed') !== 'true') ledger.inc({ type });
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = deps.config.metricsToken;
    if (!token && deps.config.env === 'production') return reply.status(404).send({ error: 'Not found', code: 'NOT_FOUND' });
    if (token && !hasBearer(request, token)) {
      reply.header('www-authenticate', 'Bearer');
      return reply.status(401).send({ error: 'A valid metrics token is required', code: 'UNAUTHENTICATED' });
    }
    reply.header('content-type', registry.contentType);
    reply.header('cache-control', 'no-store');
    return reply.send(await registry.metrics());
  });

  const metrics: AppMetrics = { registry, countLedger: (type, n) => n > 0 && ledger.inc({ type }, n) };
  app.decorate('metrics', metrics);
  return metrics;
}
