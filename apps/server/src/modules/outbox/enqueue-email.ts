import type { DbOrTx } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';

/**
 * The e-mail outbox (docs/product.md 'E-mail', ADR 0018): the module owns `outbox` and
 * `outbox_attempts`. A message is written by `enqueueEmail` in the transaction of the event
 * that causes it, so it exists exactly when the event committed; `dispatchOutbox` (the
 * worker, job.ts) sends the due ones with retries and exponential back-off for 24 hours,
 * recording every attempt. A message is claimed (SENDING, committed) before it is handed to
 * the SMTP server and never claimed again, so it goes out at most once, whatever the number of
 * workers.
 */

/** A message to write to the outbox: who gets it, what it says (rendered: src/emails), and why. */
export interface OutgoingEmail {
  /** The business it comes from; null for platform mail. */
  tenantId: string | null;
  /** What caused it ('password_reset', 'invitation', …): shown to the operator. */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** A message that must exist once (one expiry reminder per card and date): a second enqueue with the same key writes nothing. */
  dedupeKey?: string;
  /** When it is written (the event's clock): due then, retried for 24 hours from then. Default: the database's now(). */
  now?: Date;
}

/** How long a message keeps being retried after it was written: 24 hours (docs/product.md 'E-mail'). */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Writes `message` to the outbox in `tx` (the event's transaction), due now. Returns its id, or
 * null when a message with the same `dedupeKey` exists already (nothing written).
 */
export async function enqueueEmail(tx: DbOrTx, message: OutgoingEmail): Promise<string | null> {
  const [row] = await tx
    .insert(outbox)
    .values({
      tenantId: message.tenantId,
      kind: message.kind,
      toAddress: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      headers: message.headers ?? {},
      dedupeKey: message.dedupeKey ?? null,
      ...(message.now ? { nextAttemptAt: message.now, retryUntil: new Date(message.now.getTime() + RETRY_WINDOW_MS), createdAt: message.now } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  return row?.id ?? null;
}
