import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from './client.ts';

/**
 * The process's one pg-boss 10 instance (ADR 0015), shared by every job (the cashback expiry,
 * the outbox worker): on PostgreSQL it opens its own small pool (schema `pgboss`); on the
 * embedded PGlite it runs its SQL through the handle's one connection (`executeSql`), where two
 * instances starting at once would interleave their set-up transactions on that connection
 * (issue 16: 'current transaction is aborted'). `started` resolves true once pg-boss is up
 * (false when it could not start: logged); jobs register their queues after it. `stop()` ends
 * it gracefully (waits up to 10 s for running jobs).
 */
export interface JobQueue {
  boss: PgBoss;
  started: Promise<boolean>;
  stop(): Promise<void>;
}

/** Starts the shared job queue in the background (the server is healthy before pg-boss has created its schema). */
export function startJobQueue(handle: DatabaseHandle, log: FastifyBaseLogger, databaseUrl: string | undefined): JobQueue {
  const boss = new PgBoss(
    databaseUrl
      ? { connectionString: databaseUrl, max: 2, schema: 'pgboss' }
      : { db: { executeSql: (text: string, values?: unknown[]) => handle.executeSql(text, values) }, schema: 'pgboss' },
  );
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  const started = boss.start().then(
    () => true,
    (err: unknown) => {
      log.error({ err }, 'could not start the job queue');
      return false;
    },
  );
  return {
    boss,
    started,
    async stop() {
      if (await started) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
