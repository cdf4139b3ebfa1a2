import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { JobQueue } from '../../db/job-queue.ts';
import { syncChangedGoogleObjects } from './google-sync.ts';
import { PUSH_BATCH, PUSH_RETRY_MS, pushChangedPasses } from './push-passes.ts';

/** The pg-boss queue of the pass-update pushes. */
const PUSH_QUEUE = 'wallet-push';
/** Every minute by itself: retries are due times on the passes, the cron finds them. */
const PUSH_CRON = '* * * * *';
/** Seconds until the run that picks up the first retry of a failed push. */
const FIRST_RETRY_SECONDS = Math.ceil(PUSH_RETRY_MS[0]! / 1000);

/** The running push worker: `nudge()` asks for a run now (after a request that may have changed a pass). The caller stops the queue. */
export interface WalletPushWorker {
  nudge(): void;
}

/**
 * Starts the pass-update worker on the process's job queue (ADR 0046, 0047): each run pushes
 * changed Apple passes (push-passes.ts) and then PATCHes changed Google objects (google-sync.ts).
 * It runs as the webhook worker runs (modules/webhook-endpoints/job.ts): a 'stately' queue, so instances sharing a
 * database run one push run at a time, every minute and on every nudge; a full batch asks for
 * another run at once, a run with failures one after the first retry's wait. `now` is the
 * clock each run reads.
 */
export function startWalletPushWorker(queue: JobQueue, handle: DatabaseHandle, log: FastifyBaseLogger, config: Config, now: () => Date): WalletPushWorker {
  const { boss } = queue;
  let ready = false;
  let working = false;
  void queue.register(PUSH_QUEUE, async () => {
    await boss.createQueue(PUSH_QUEUE, { name: PUSH_QUEUE, policy: 'stately', retryLimit: 2, retryDelay: 30 });
    if (!working) {
      await boss.work(PUSH_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
        const result = await pushChangedPasses(handle.db, config, now());
        if (result.passes) log.info({ job: PUSH_QUEUE, ...result }, 'wallet pass updates pushed');
        const google = await syncChangedGoogleObjects(handle.db, config, now());
        if (google.objects || google.classes) log.info({ job: PUSH_QUEUE, ...google }, 'Google Wallet objects updated');
        if (result.passes >= PUSH_BATCH || google.objects >= PUSH_BATCH) await boss.send(PUSH_QUEUE, {});
        else if (result.retrying || google.retrying) await boss.send(PUSH_QUEUE, {}, { startAfter: FIRST_RETRY_SECONDS });
      });
      working = true;
    }
    await boss.schedule(PUSH_QUEUE, PUSH_CRON);
    ready = true;
    await boss.send(PUSH_QUEUE, {});
  });
  return {
    nudge() {
      if (ready) boss.send(PUSH_QUEUE, {}).catch((err) => log.warn({ job: PUSH_QUEUE, err }, 'could not queue a wallet push run'));
    },
  };
}
