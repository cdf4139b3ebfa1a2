import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { resilientPool, type DatabaseHandle } from './client.ts';
import { isDatabaseUnavailable } from './pg-error.ts';

/** The PostgreSQL schema of pg-boss's tables. */
const SCHEMA = 'pgboss';

/** Milliseconds between two attempts to register a job (create its queue, start its worker, schedule it). */
const REGISTER_RETRY_MS = 2_000;
/** Milliseconds between two attempts to record a job's end while the database is away. */
const SETTLE_RETRY_MS = 1_000;
/** How long a job's end is retried before it is left to pg-boss's expiry (then it runs again). */
const SETTLE_GIVE_UP_MS = 5 * 60_000;

/**
 * pg-boss 10's SQL texts for a job's end (`complete` and `fail`, its src/plans.js; the package
 * declares no types for it). Its worker calls these without awaiting them, so a rejection (the
 * database away just then) would end the process; the executor below recognises them by text.
 */
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as { completeJobs(schema: string): string; failJobsById(schema: string): string };

/** The statements whose failure the executor retries instead of rejecting (see `settleCommands`). */
const SETTLE_COMMANDS: ReadonlySet<string> = new Set([plans.completeJobs(SCHEMA), plans.failJobsById(SCHEMA)]);

/**
 * The process's one pg-boss 10 instance (ADR 0015), shared by every job (the cashback expiry,
 * the outbox worker): on PostgreSQL it runs on a small pool of its own (schema `pgboss`); on the
 * embedded PGlite it runs its SQL through the handle's one connection (`executeSql`), where two
 * instances starting at once would interleave their set-up transactions on that connection
 * ('current transaction is aborted'). `started` resolves true once pg-boss is up
 * (false when it could not start: logged). Jobs set themselves up through `register`. `stop()`
 * ends it gracefully (waits up to 10 s for running jobs).
 *
 * A database outage is survived (docs/operations.md 'When the database is away'): pg-boss's
 * polling and maintenance errors arrive as its 'error' events (logged: a warning when the
 * database is away); the end of a job (complete or fail) is retried every second until the
 * database answers (up to 5 minutes), so a job that was running keeps its queue's one active
 * slot only as long as the outage; connection errors of the pool are logged, never fatal.
 */
export interface JobQueue {
  boss: PgBoss;
  started: Promise<boolean>;
  /**
   * Sets up one job once the queue has started: `setup` (create the queue, start its worker,
   * schedule it) runs after every earlier registration has finished (pg-boss's create_queue
   * takes locks that two concurrent calls can deadlock on: 40P01 on PostgreSQL), and again every
   * 2 s while it throws (the database away, a deadlock with another instance), logged, until it
   * succeeds or the queue stops. `setup` must be safe to run again (start a worker only once).
   * Resolves when it succeeded (or the queue stopped, or could not start).
   */
  register(name: string, setup: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** Resolves after `ms` without keeping the process alive. */
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Logs `err` as a warning when the database is away (expected during an outage), else as an error. */
function logDatabaseError(log: FastifyBaseLogger, err: unknown, fields: Record<string, unknown>, msg: string): void {
  if (isDatabaseUnavailable(err)) log.warn({ ...fields, err }, `${msg} (database unavailable)`);
  else log.error({ ...fields, err }, msg);
}

/** Starts the shared job queue in the background (the server is healthy before pg-boss has created its schema). */
export function startJobQueue(handle: DatabaseHandle, log: FastifyBaseLogger, databaseUrl: string | undefined): JobQueue {
  let stopping = false;
  const pool: pg.Pool | null = databaseUrl
    ? resilientPool({ connectionString: databaseUrl, max: 2 }, (err) => logDatabaseError(log, err, {}, 'job queue connection error'))
    : null;
  const run = (text: string, values?: unknown[]) => (pool ? pool.query(text, values) : handle.executeSql(text, values));
  const boss = new PgBoss({
    schema: SCHEMA,
    db: {
      executeSql: async (text: string, values?: unknown[]) => {
        if (!SETTLE_COMMANDS.has(text)) return run(text, values);
        const giveUpAt = Date.now() + SETTLE_GIVE_UP_MS;
        for (;;) {
          try {
            return await run(text, values);
          } catch (err) {
            if (!isDatabaseUnavailable(err) || stopping || Date.now() > giveUpAt) {
              logDatabaseError(log, err, { jobs: values?.[1] }, 'could not record the end of a job; pg-boss runs it again after its expiry');
              // pg-boss reads the count of jobs changed from the first row.
              return { rows: [{ count: 0 }] };
            }
            await pause(SETTLE_RETRY_MS);
          }
        }
      },
    },
  });
  boss.on('error', (err) => logDatabaseError(log, err, {}, 'job queue error'));
  const started = boss.start().then(
    () => true,
    (err: unknown) => {
      log.error({ err }, 'could not start the job queue');
      return false;
    },
  );
  let registrations: Promise<void> = Promise.resolve();
  return {
    boss,
    started,
    register(name, setup) {
      const registration = registrations.then(async () => {
        if (!(await started)) return;
        for (let attempt = 1; !stopping; attempt++) {
          try {
            await setup();
            return;
          } catch (err) {
            logDatabaseError(log, err, { job: name, attempt }, 'could not start the job; trying again');
            await pause(REGISTER_RETRY_MS);
          }
        }
      });
      registrations = registration;
      return registration;
    },
    async stop() {
      stopping = true;
      if (await started) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await pool?.end();
    },
  };
}
