import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { JobQueue } from '../../db/job-queue.ts';
import { compactLiabilityTotals } from './liability.ts';
import { expireCashback } from './expire.ts';
import { sendExpiryReminders, type ReminderLinks } from './reminders.ts';

/** The pg-boss queue of the cashback expiry. */
const EXPIRY_QUEUE = 'cashback-expiry';

/** When the expiry runs (at least hourly): every hour on the hour, UTC (cron). */
const EXPIRY_CRON = '0 * * * *';

/**
 * Schedules the cashback expiry (lots.ts `expireDueLots`) on the process's job queue (pg-boss
 * 10 in the application's own database, db/job-queue.ts; ADR 0015): hourly by cron and once at
 * start, then folds the liability summaries' deltas (liability.ts `compactLiabilityTotals`, ADR
 * 0016). The queue is a singleton queue, so instances sharing a database run one expiry at a
 * time, and the job itself is safe to run twice anyway (cards locked SKIP LOCKED: each lot
 * expires once). A failed run is logged and retried by pg-boss. `now` is the injectable clock.
 * Registers through `queue.register` once the queue has started (one set-up at a time, tried
 * again while the database is away); the returned promise resolves then. The caller stops the queue.
 * `onExpired` hears how many EXPIRE rows each run wrote (/metrics). With `reminders` (links),
 * each run then writes the expiry reminders due (reminders.ts) and tells `onReminders`.
 * `housekeeping` runs last in each run (main.ts: the purge of stale sign-ups).
 */
export function startExpiryJob(
  queue: JobQueue,
  handle: DatabaseHandle,
  log: FastifyBaseLogger,
  opts: {
    now: () => Date;
    onExpired?: (cards: number) => void;
    reminders?: ReminderLinks;
    onReminders?: (written: number) => void;
    housekeeping?: (now: Date) => Promise<void>;
  },
): Promise<void> {
  const { now } = opts;
  const { boss } = queue;
  let working = false;
  // Registered through the queue: one set-up at a time, tried again while the database is away.
  return queue.register(EXPIRY_QUEUE, async () => {
    await boss.createQueue(EXPIRY_QUEUE, { name: EXPIRY_QUEUE, policy: 'singleton', retryLimit: 3, retryDelay: 60 });
    if (!working) {
      await boss.work(EXPIRY_QUEUE, async () => {
        const result = await expireCashback(handle.db, now()).catch((err: unknown) => {
          log.error({ job: EXPIRY_QUEUE, err }, 'expiry run failed');
          throw err;
        });
        if (result.cards > 0) log.info({ job: EXPIRY_QUEUE, ...result }, 'expired cashback');
        opts.onExpired?.(result.cards);
        await compactLiabilityTotals(handle.db);
        if (opts.reminders) {
          const written = await sendExpiryReminders(handle.db, now(), opts.reminders);
          if (written > 0) {
            log.info({ job: EXPIRY_QUEUE, reminders: written }, 'expiry reminders written');
            opts.onReminders?.(written);
          }
        }
        await opts.housekeeping?.(now());
      });
      working = true;
    }
    await boss.schedule(EXPIRY_QUEUE, EXPIRY_CRON);
    await boss.send(EXPIRY_QUEUE, {});
  });
}
