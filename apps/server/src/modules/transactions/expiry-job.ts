import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { expireDueLots } from './lots.ts';

/** How often the expiry job runs (issue 14: at least hourly): one hour, in ms. */
export const EXPIRY_JOB_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs the cashback expiry (lots.ts `expireDueLots`) once now and then every `intervalMs`
 * (default hourly) in this process, logging what each run expired; a failed run is logged
 * and the next one tries again. Every server instance may run it: the job locks cards with
 * SKIP LOCKED, so a lot expires exactly once however many instances run at the same time
 * (ADR 0015). `now` is the injectable clock. Returns `stop()`, which clears the timer and
 * waits for a run in progress.
 */
export function startExpiryJob(db: Database, log: FastifyBaseLogger, opts: { intervalMs?: number; now?: () => Date } = {}): () => Promise<void> {
  const now = opts.now ?? (() => new Date());
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const result = await expireDueLots(db, now());
        if (result.cards > 0) log.info({ job: 'cashback-expiry', ...result }, 'expired cashback');
      } catch (err) {
        log.error({ job: 'cashback-expiry', err }, 'cashback expiry failed');
      }
    });
  };
  run();
  const timer = setInterval(run, opts.intervalMs ?? EXPIRY_JOB_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
