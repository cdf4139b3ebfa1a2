import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { OutboxListResponse, OutboxMessage, OutboxQuery } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { outbox, outboxAttempts } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { containsPattern } from '../../lib/sql.ts';
import { itemColumns, namesOf, toItem } from './outbox-items.ts';

/** Messages a page of the operator's Outbox shows. */
const OUTBOX_PAGE_SIZE = 20;

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
  const names = await namesOf(
    db,
    rows.map((r) => r.tenantId),
  );
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
