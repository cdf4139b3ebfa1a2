import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/client.ts';
import { compactLiabilityTotals } from './liability.ts';
import { expireDueLots } from './lots.ts';

/** The pg-boss queue of the cashback expiry (issue 14). */
export const EXPIRY_QUEUE = 'cashback-expiry';

/** When the expiry runs (issue 14: at least hourly): every hour on the hour, UTC (cron). */
export const EXPIRY_CRON = '0 * * * *';

/**
 * Schedules the cashback expiry (lots.ts `expireDueLots`) on pg-boss 10, a PostgreSQL job
 * queue, in the application's own database (schema `pgboss`; ADR 0015): hourly by cron and
 * once at start, then folds the liability summaries' deltas (liability.ts `compactLiabilityTotals`,
 * ADR 0016). On PostgreSQL pg-boss opens its own small pool; on the embedded PGlite it runs
 * its SQL through the handle's `executeSql` (pg-boss's `db` option). The queue is a singleton
 * queue, so instances sharing a database run one expiry at a time, and the job itself is safe
 * to run twice anyway (cards locked SKIP LOCKED: each lot expires once). A failed run is logged
 * and retried by pg-boss. `now` is the injectable clock. Starts in the background, so the
 * server is healthy before pg-boss has created its schema; returns `stop()`. `onExpired` hears
 * how many EXPIRE rows each run wrote (/metrics).
 */
export function startExpiryJob(
  handle: DatabaseHandle,
  log: FastifyBaseLogger,
  opts: { databaseUrl?: string; now?: () => Date; onExpired?: (cards: number) => void } = {},
): () => Promise<void> {
  const now = opts.now ?? (() => new Date());
  const boss = new PgBoss(
    opts.databaseUrl
      ? { connectionString: opts.databaseUrl, max: 2, schema: 'pgboss' }
      : { db: { executeSql: (text: string, values?: unknown[]) => handle.executeSql(text, values) }, schema: 'pgboss' },
  );
  boss.on('error', (err) => log.error({ job: EXPIRY_QUEUE, err }, 'job queue error'));
  const started = (async () => {
    await boss.start();
    await boss.createQueue(EXPIRY_QUEUE, { name: EXPIRY_QUEUE, policy: 'singleton', retryLimit: 3, retryDelay: 60 });
    await boss.work(EXPIRY_QUEUE, async () => {
      const result = await expireDueLots(handle.db, now()).catch((err: unknown) => {
        log.error({ job: EXPIRY_QUEUE, err }, 'expiry run failed');
        throw err;
      });
      if (result.cards > 0) log.info({ job: EXPIRY_QUEUE, ...result }, 'expired cashback');
      opts.onExpired?.(result.cards);
      await compactLiabilityTotals(handle.db);
    });
    await boss.schedule(EXPIRY_QUEUE, EXPIRY_CRON);
    await boss.send(EXPIRY_QUEUE, {});
  })().catch((err) => log.error({ job: EXPIRY_QUEUE, err }, 'could not start the job queue'));
  return async () => {
    await started;
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  };
}
