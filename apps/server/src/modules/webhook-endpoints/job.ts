import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { JobQueue } from '../../db/job-queue.ts';
import { RETRY_SCHEDULE_MS } from './delivery-rules.ts';
import { dispatchWebhooks, wasFullBatch } from './dispatch-webhooks.ts';

/** The pg-boss queue of the webhook worker. */
const WEBHOOK_QUEUE = 'webhook-dispatch';
/** Retries are due times in `webhook_deliveries` itself; the queue runs the worker every minute (cron) and on every nudge. */
const WEBHOOK_CRON = '* * * * *';
/** Seconds until the run that picks up the first, 5-second retry of a failed first attempt (RETRY_SCHEDULE_MS[0]). */
const FIRST_RETRY_SECONDS = Math.ceil(RETRY_SCHEDULE_MS[0] / 1000);

/** The running webhook worker: `nudge()` asks for a run now (after an event committed, a test event or a Resend). The caller stops the queue. */
export interface WebhookWorker {
  nudge(): void;
}

/** Options of the worker: WEBHOOKS_ALLOW_PRIVATE (config `webhooksAllowPrivate`), the injectable clock, and what to call when a run disabled an endpoint (its admins' e-mails wait in the outbox: main.ts nudges the outbox worker). */
export interface WebhookWorkerOptions {
  allowPrivate: boolean;
  now: () => Date;
  onEmails?: () => void;
}

/**
 * Starts the webhook worker on the process's job queue (delivered with retries, ADR 0020;
 * pg-boss, db/job-queue.ts, ADR 0015), like the outbox worker (modules/outbox/job.ts): a
 * 'stately' queue (one run queued, one active), so instances sharing a database run one
 * dispatch at a time (the claim in `dispatchWebhooks` keeps them apart anyway), every minute
 * and on every nudge. A run that claimed a full batch asks for another at once; a run that
 * scheduled retries asks for one after 5 s, the first retry's wait (a later one is found by
 * the cron). `opts.now` is the clock each run reads its instant from and signs with.
 */
export function startWebhookWorker(queue: JobQueue, handle: DatabaseHandle, log: FastifyBaseLogger, opts: WebhookWorkerOptions): WebhookWorker {
  const { now } = opts;
  const { boss } = queue;
  let ready = false;
  let working = false;
  // Registered through the queue: one set-up at a time, tried again while the database is away.
  void queue.register(WEBHOOK_QUEUE, async () => {
    await boss.createQueue(WEBHOOK_QUEUE, { name: WEBHOOK_QUEUE, policy: 'stately', retryLimit: 2, retryDelay: 30 });
    if (!working) {
      await boss.work(WEBHOOK_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
        const result = await dispatchWebhooks(handle.db, { allowPrivate: opts.allowPrivate, now: now(), clock: now });
        if (result.succeeded || result.retrying || result.failed) log.info({ job: WEBHOOK_QUEUE, ...result }, 'webhooks dispatched');
        if (result.endpointsDisabled) opts.onEmails?.();
        if (wasFullBatch(result)) await boss.send(WEBHOOK_QUEUE, {});
        else if (result.retrying) await boss.send(WEBHOOK_QUEUE, {}, { startAfter: FIRST_RETRY_SECONDS });
      });
      working = true;
    }
    await boss.schedule(WEBHOOK_QUEUE, WEBHOOK_CRON);
    ready = true;
    await boss.send(WEBHOOK_QUEUE, {});
  });
  return {
    nudge() {
      if (ready) boss.send(WEBHOOK_QUEUE, {}).catch((err) => log.warn({ job: WEBHOOK_QUEUE, err }, 'could not queue a webhook run'));
    },
  };
}
