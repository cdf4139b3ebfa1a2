import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { OutboxItem, OutboxListResponse, OutboxMessage, OutboxQuery } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { outbox, outboxAttempts } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { containsPattern, ERASED_TEXT, scrubTextSql } from '../../lib/sql.ts';
import { writeAudit } from '../audit/index.ts';
import { tenantNames } from '../tenants/index.ts';
import type { Mailer } from './mailer.ts';

export { currentMailer, type Mailer, type MailerSettings } from './mailer.ts';

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
/** The first retry waits 30 s, each next one twice as long, at most 2 hours. */
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 2 * 60 * 60 * 1000;
/** last_error of a message whose turn came without an SMTP server (docs/product.md 'E-mail': kept as 'not sent'). */
export const NO_SMTP = 'not sent: no SMTP configured';
/** Messages claimed per dispatch run at most. */
export const DISPATCH_BATCH = 50;

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

/** The wait before attempt number `attempts + 1` (after `attempts` failures): 30 s, 60 s, 120 s, … at most 2 hours. */
export function retryDelayMs(attempts: number): number {
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
      await db.update(outbox).set({ status: 'NOT_SENT', lastError: NO_SMTP, attempts: sql`${outbox.attempts} - 1` }).where(eq(outbox.id, row.id));
      result.notSent++;
      continue;
    }
    const started = Date.now();
    let error: string | null = null;
    try {
      await mailer.send({ from: mailer.from, to: row.to_address, subject: row.subject, html: row.html, text: row.text, headers: row.headers ?? {} });
    } catch (err) {
      error = (err as Error).message.slice(0, 1000) || 'the SMTP server refused the message';
    }
    const durationMs = Date.now() - started;
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

/** Messages a page of the operator's Outbox shows. */
export const OUTBOX_PAGE_SIZE = 20;

const itemColumns = {
  id: outbox.id,
  tenantId: outbox.tenantId,
  kind: outbox.kind,
  to: outbox.toAddress,
  subject: outbox.subject,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  nextAttemptAt: outbox.nextAttemptAt,
  sentAt: outbox.sentAt,
  createdAt: outbox.createdAt,
};

/** A row of `itemColumns`. */
interface ItemRow {
  id: string;
  tenantId: string | null;
  kind: string;
  to: string;
  subject: string;
  status: OutboxItem['status'];
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  sentAt: Date | null;
  createdAt: Date;
}

/** A row → OutboxItem; `names` tenant id → name. nextAttemptAt only while PENDING. */
function toItem(row: ItemRow, names: Map<string, string>): OutboxItem {
  return {
    id: row.id,
    tenantName: row.tenantId ? (names.get(row.tenantId) ?? null) : null,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    status: row.status,
    attempts: Number(row.attempts),
    lastError: row.lastError ?? null,
    nextAttemptAt: row.status === 'PENDING' ? row.nextAttemptAt.toISOString() : null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Tenant id → name of `ids`. */
async function namesOf(db: DbOrTx, ids: (string | null)[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((t): t is string => !!t))];
  const found = await tenantNames(db, unique);
  return new Map([...found].map(([id, t]) => [id, t.name]));
}

/**
 * GET /api/platform/outbox (docs/product.md 'E-mail'): the outbox newest first, 20 a page, filtered by
 * `status` and by recipient (`to`: contains, case-insensitive); each with its business's name.
 */
export async function listOutbox(db: DbOrTx, q: OutboxQuery): Promise<OutboxListResponse> {
  const where = and(q.status ? eq(outbox.status, q.status) : undefined, q.to ? ilike(outbox.toAddress, containsPattern(q.to)) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(itemColumns)
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(OUTBOX_PAGE_SIZE)
      .offset((q.page - 1) * OUTBOX_PAGE_SIZE),
    db.select({ n: count() }).from(outbox).where(where),
  ]);
  const names = await namesOf(db, rows.map((r) => r.tenantId));
  const total = Number(n);
  return { messages: rows.map((r) => toItem(r, names)), total, page: q.page, totalPages: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)) };
}

/** GET /api/platform/outbox/{id} (docs/product.md 'E-mail'): one message with its rendered text and HTML and every attempt, oldest first. 404 when unknown. */
export async function outboxMessage(db: DbOrTx, id: string): Promise<OutboxMessage> {
  const [row] = await db
    .select({ ...itemColumns, text: outbox.text, html: outbox.html })
    .from(outbox)
    .where(eq(outbox.id, id));
  if (!row) throw notFound('Message not found');
  const attempts = await db.select().from(outboxAttempts).where(eq(outboxAttempts.outboxId, id)).orderBy(outboxAttempts.attemptedAt, outboxAttempts.id);
  const names = await namesOf(db, [row.tenantId]);
  return {
    ...toItem(row, names),
    text: row.text,
    html: row.html,
    attemptLog: attempts.map((a) => ({ at: a.attemptedAt.toISOString(), ok: a.ok, error: a.error, durationMs: a.durationMs })),
  };
}

/**
 * POST /api/platform/outbox/{id}/resend (docs/product.md 'E-mail'): makes the message PENDING and due at `now`
 * again, with 24 more hours of retries (attempts restart)
 * and writes an audit row 'platform.outbox.resend'. A message being sent (SENDING) is left
 * alone (409 would race the worker; it answers as it is). 404 when unknown.
 */
export async function resendOutbox(db: Database, id: string, actorId: string, now: Date): Promise<OutboxItem> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id)).for('update');
    if (!before) throw notFound('Message not found');
    if (before.status !== 'SENDING') {
      await tx.update(outbox).set({ status: 'PENDING', nextAttemptAt: now, retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS), attempts: 0, lastError: null }).where(eq(outbox.id, id));
      await writeAudit(tx, { tenantId: null, userId: actorId, action: 'platform.outbox.resend', entity: 'outbox', entityId: id, before: { status: before.status }, after: { status: 'PENDING' } });
    }
    const [row] = await tx.select(itemColumns).from(outbox).where(eq(outbox.id, id));
    const names = await namesOf(tx, [row.tenantId]);
    return toItem(row, names);
  });
}

/** One message of a customer's data export (ADR 0026): what was sent, when, its subject. */
export interface MessageRecord {
  kind: string;
  subject: string;
  status: string;
  createdAt: Date;
  sentAt: Date | null;
}

/** The tenant's messages to `address` (compared lower-case), oldest first: the export's messages.json. Empty for a null address. */
export async function messagesTo(db: DbOrTx, tenantId: string, address: string | null): Promise<MessageRecord[]> {
  if (!address) return [];
  return db
    .select({ kind: outbox.kind, subject: outbox.subject, status: outbox.status, createdAt: outbox.createdAt, sentAt: outbox.sentAt })
    .from(outbox)
    .where(and(eq(outbox.tenantId, tenantId), sql`lower(${outbox.toAddress}) = ${address.toLowerCase()}`))
    .orderBy(outbox.createdAt, outbox.id);
}

/** The address that replaces an erased customer's on the messages already sent to them (ADR 0026). */
export const ERASED_ADDRESS = 'erased';

/**
 * Forgets an erased customer's address in the tenant's outbox, in `tx` (ADR 0026): messages to
 * `address` not sent yet (PENDING, SENDING, FAILED, NOT_SENT) are deleted, so none leaves
 * after the erasure; sent ones stay for the record (kind, dates, status) with the address
 * replaced by ERASED_ADDRESS, the body replaced by ERASED_TEXT and `values` (e-mail, phone,
 * names) scrubbed from the subject and the attempts' errors. Returns how many were dropped.
 */
export async function forgetRecipient(tx: DbOrTx, tenantId: string, address: string, values: readonly string[]): Promise<number> {
  const to = and(eq(outbox.tenantId, tenantId), sql`lower(${outbox.toAddress}) = ${address.toLowerCase()}`);
  const dropped = await tx
    .delete(outbox)
    .where(and(to, sql`${outbox.status} <> 'SENT'`))
    .returning({ id: outbox.id });
  const sent = tx.select({ id: outbox.id }).from(outbox).where(to);
  await tx
    .update(outboxAttempts)
    .set({ error: scrubTextSql(sql`${outboxAttempts.error}`, values) })
    .where(and(inArray(outboxAttempts.outboxId, sent), sql`${outboxAttempts.error} is not null`));
  await tx
    .update(outbox)
    .set({ toAddress: ERASED_ADDRESS, subject: scrubTextSql(sql`${outbox.subject}`, values), html: ERASED_TEXT, text: ERASED_TEXT, lastError: scrubTextSql(sql`${outbox.lastError}`, values) })
    .where(to);
  return dropped.length;
}
