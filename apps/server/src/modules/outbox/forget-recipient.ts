import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outbox, outboxAttempts } from '../../db/schema/index.ts';
import { ERASED_TEXT, scrubTextSql } from '../../lib/sql.ts';

/** The address that replaces an erased customer's on the messages already sent to them (ADR 0026). */
const ERASED_ADDRESS = 'erased';

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
    .set({
      toAddress: ERASED_ADDRESS,
      subject: scrubTextSql(sql`${outbox.subject}`, values),
      html: ERASED_TEXT,
      text: ERASED_TEXT,
      lastError: scrubTextSql(sql`${outbox.lastError}`, values),
    })
    .where(to);
  return dropped.length;
}
