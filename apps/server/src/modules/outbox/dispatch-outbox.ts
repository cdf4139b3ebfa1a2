import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outbox, outboxAttempts } from '../../db/schema/index.ts';
import type { Mailer } from './mailer.ts';

/** The first retry waits 30 s, each next one twice as long, at most 2 hours. */
export const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 2 * 60 * 60 * 1000;
/** last_error of a message whose turn came without an SMTP server (docs/product.md 'E-mail': kept as 'not sent'). */
export const NO_SMTP = 'not sent: no SMTP configured';
/** Messages claimed per dispatch run at most. */
const DISPATCH_BATCH = 50;

/** The wait before attempt number `attempts + 1` (after `attempts` failures): 30 s, 60 s, 120 s, … at most 2 hours. */
function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** What one dispatch run did: messages accepted by the SMTP server, refused (to be retried or given up), and marked NOT_SENT. */
export interface DispatchResult {
  sent: number;
  failed: number;
  notSent: number;
}

/**
 * One run of the outbox worker at `now`: claims up to DISPATCH_BATCH due PENDING messages
 * (`FOR UPDATE SKIP LOCKED`, oldest due first) and marks them SENDING in one committed
 * statement, so no other worker can take them; then, without `mailer` (no SMTP configured),
 * marks them NOT_SENT with NO_SMTP; with one, hands each to the SMTP server and records the
 * attempt: SENT on acceptance; on refusal PENDING again after `retryDelayMs`, or FAILED once
 * the next attempt would fall after its `retry_until` (24 hours after it was written). Never throws for a
 * refused message (the error is its last_error).
 */
export async function dispatchOutbox(db: Database, mailer: Mailer | null, now: Date): Promise<DispatchResult> {
  const claimed = await db.execute(sql`update ${outbox} set status = 'SENDING', attempts = attempts + 1
    where id in (select id from ${outbox} where status = 'PENDING' and next_attempt_at <= ${now.toISOString()}::timestamptz
                 order by next_attempt_at, id limit ${DISPATCH_BATCH} for update skip locked)
    returning id, to_address, subject, html, text, headers, attempts, retry_until`);
  const rows = (claimed as unknown as { rows: ClaimedRow[] }).rows;
  const result: DispatchResult = { sent: 0, failed: 0, notSent: 0 };
  for (const row of rows) {
    if (!mailer) {
      await db
        .update(outbox)
        .set({ status: 'NOT_SENT', lastError: NO_SMTP, attempts: sql`${outbox.attempts} - 1` })
        .where(eq(outbox.id, row.id));
      result.notSent++;
      continue;
    }
    // How long the SMTP server took: a monotonic duration, not an instant (the run's instant is `now`).
    const started = performance.now();
    let error: string | null = null;
    try {
      await mailer.send({ from: mailer.from, to: row.to_address, subject: row.subject, html: row.html, text: row.text, headers: row.headers ?? {} });
    } catch (err) {
      error = (err as Error).message.slice(0, 1000) || 'the SMTP server refused the message';
    }
    const durationMs = Math.round(performance.now() - started);
    await db.transaction(async (tx) => {
      await tx.insert(outboxAttempts).values({ outboxId: row.id, ok: error === null, error, durationMs, attemptedAt: now });
      if (error === null) {
        await tx.update(outbox).set({ status: 'SENT', sentAt: now, lastError: null }).where(eq(outbox.id, row.id));
        return;
      }
      const next = new Date(now.getTime() + retryDelayMs(Number(row.attempts)));
      const giveUp = next.getTime() > new Date(row.retry_until).getTime();
      await tx
        .update(outbox)
        .set({ status: giveUp ? 'FAILED' : 'PENDING', lastError: error, nextAttemptAt: next })
        .where(eq(outbox.id, row.id));
    });
    if (error === null) result.sent++;
    else result.failed++;
  }
  return result;
}

interface ClaimedRow {
  id: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string> | null;
  attempts: number | string;
  retry_until: string | Date;
}
