import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { JobQueue } from '../../db/job-queue.ts';
import { currentMailer, type MailerSettings } from './mailer.ts';
import { dispatchOutbox } from './dispatch-outbox.ts';

/** The pg-boss queue of the outbox worker (ADR 0018). */
const OUTBOX_QUEUE = 'outbox-dispatch';
/** Retries and back-off are due times in the outbox itself; the queue runs the worker every minute (cron) and on every nudge. */
const OUTBOX_CRON = '* * * * *';

/** The running outbox worker: `nudge()` asks for a run now (after a message was written). The caller stops the queue. */
export interface OutboxWorker {
  nudge(): void;
}

/**
 * Starts the outbox worker on the process's job queue (docs/product.md 'E-mail', ADR 0018; pg-boss,
 * db/job-queue.ts, ADR 0015): a 'stately' queue (one run queued, one active), so instances sharing a database run one dispatch at
 * a time (and the claim in `dispatchOutbox` would keep them apart anyway). Each run reads the
 * mailer afresh (SMTP_URL, else the operator's SMTP settings: a change applies without a
 * restart) and sends what is due; a run that sent a full batch asks for another at once.
 * `nudge()` queues a run (a no-op while one is queued), so a password reset e-mail leaves within
 * a second or two rather than at the next minute. `now` is the clock (the caller's: main.ts passes the system clock); `before(now)`
 * runs at the start of every run (main.ts: the queued forgot-password requests, which write
 * their messages into the outbox).
 */
export function startOutboxWorker(
  queue: JobQueue,
  handle: DatabaseHandle,
  log: FastifyBaseLogger,
  opts: { mailer: MailerSettings; now: () => Date; before?: (now: Date) => Promise<unknown> },
): OutboxWorker {
  const { now } = opts;
  const { boss } = queue;
  let ready = false;
  let working = false;
  // Registered through the queue: one set-up at a time, tried again while the database is away.
  void queue.register(OUTBOX_QUEUE, async () => {
    await boss.createQueue(OUTBOX_QUEUE, { name: OUTBOX_QUEUE, policy: 'stately', retryLimit: 2, retryDelay: 30 });
    if (!working) {
      await boss.work(OUTBOX_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
        // Work that writes messages first (queued forgot-password requests), so they leave in this run.
        await opts.before?.(now());
        const mailer = await currentMailer(handle.db, opts.mailer);
        const result = await dispatchOutbox(handle.db, mailer, now());
        if (result.sent || result.failed || result.notSent) log.info({ job: OUTBOX_QUEUE, ...result }, 'outbox dispatched');
        if (result.sent + result.failed + result.notSent > 0) await boss.send(OUTBOX_QUEUE, {});
      });
      working = true;
    }
    await boss.schedule(OUTBOX_QUEUE, OUTBOX_CRON);
    ready = true;
    await boss.send(OUTBOX_QUEUE, {});
  });
  return {
    nudge() {
      if (ready) boss.send(OUTBOX_QUEUE, {}).catch((err) => log.warn({ job: OUTBOX_QUEUE, err }, 'could not queue an outbox run'));
    },
  };
}
