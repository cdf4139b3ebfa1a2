import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries } from '../../db/schema/index.ts';
import { scrubJsonSql, scrubTextSql } from '../../lib/sql.ts';

/**
 * Forgets an erased customer in the tenant's webhook outbox, in `tx` (ADR 0026): deliveries
 * not delivered yet (pending, retries included) whose payload names `customerId` or
 * contains one of `values` are deleted, so their personal data never leaves; succeeded and
 * failed ones stay in the log with `values` (e-mail, phone, names) scrubbed from the payload
 * and the response excerpt. Returns how many were dropped.
 */
export async function forgetCustomerDeliveries(tx: DbOrTx, tenantId: string, customerId: string, values: readonly string[]): Promise<number> {
  const markers = [customerId, ...values];
  const mentions = sql.join(
    markers.map((m) => sql`strpos(${webhookDeliveries.payload}::text, ${m}::text) > 0`),
    sql` or `,
  );
  const dropped = await tx
    .delete(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), sql`${webhookDeliveries.status} = 'pending'`, sql`(${mentions})`))
    .returning({ id: webhookDeliveries.id });
  if (values.length) {
    await tx
      .update(webhookDeliveries)
      .set({
        payload: scrubJsonSql(sql`${webhookDeliveries.payload}`, values),
        responseExcerpt: scrubTextSql(sql`${webhookDeliveries.responseExcerpt}`, values),
      })
      .where(and(eq(webhookDeliveries.tenantId, tenantId), sql`(${mentions})`));
  }
  return dropped.length;
}
