import { eq } from 'drizzle-orm';
import type { OutboxItem } from '@loyalty/contract';
import type { RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { RETRY_WINDOW_MS } from './enqueue-email.ts';
import { itemColumns, namesOf, toItem } from './outbox-items.ts';

/**
 * POST /api/platform/outbox/{id}/resend (docs/product.md 'E-mail'): makes the message PENDING and due at `ctx.now`
 * again, with 24 more hours of retries (attempts restart)
 * and writes an audit row 'platform.outbox.resend' (actor: the operator of `ctx`). A message being sent (SENDING) is left
 * alone (409 would race the worker; it answers as it is). 404 when unknown.
 */
export async function resendOutbox(db: Database, ctx: RequestContext, id: string): Promise<OutboxItem> {
  const { now } = ctx;
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id)).for('update');
    if (!before) throw notFound('Message not found');
    if (before.status !== 'SENDING') {
      await tx
        .update(outbox)
        .set({ status: 'PENDING', nextAttemptAt: now, retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS), attempts: 0, lastError: null })
        .where(eq(outbox.id, id));
      await writeAudit(tx, {
        tenantId: null,
        ...auditActorOf(ctx),
        action: 'platform.outbox.resend',
        entity: 'outbox',
        entityId: id,
        before: { status: before.status },
        after: { status: 'PENDING' },
      });
    }
    const [row] = await tx.select(itemColumns).from(outbox).where(eq(outbox.id, id));
    const names = await namesOf(tx, [row.tenantId]);
    return toItem(row, names);
  });
}
