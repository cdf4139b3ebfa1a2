import { and, eq, inArray, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { scrubJsonSql } from '../../lib/sql.ts';

/**
 * Scrubs an erased customer's personal data from the tenant's audit trail, in `tx` (ADR 0026):
 * in every row of the tenant whose entity is one of `entityIds` (the customer, their cards'
 * ids and UIDs) or whose before/after mention one of `values`, each occurrence of `values`
 * (e-mail, phone, names) inside before and after becomes 'Erased customer'; the rows of the
 * customer itself (`entityIds[0]`) also lose their firstName, lastName, email and phone keys,
 * earlier values included. Who did what, and when, stays. Returns how many rows were scrubbed.
 */
export async function scrubAudit(tx: DbOrTx, tenantId: string, entityIds: readonly string[], values: readonly string[]): Promise<number> {
  if (!values.length) return 0;
  const personal = sql`array['firstName', 'lastName', 'email', 'phone']::text[]`;
  const strip = (col: SQLWrapper) => sql`case when jsonb_typeof(${col}) = 'object' then ${col} - ${personal} else ${col} end`;
  if (entityIds[0]) {
    await tx
      .update(auditLog)
      .set({ before: strip(auditLog.before), after: strip(auditLog.after) })
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.entity, 'customer'), eq(auditLog.entityId, entityIds[0])));
  }
  const mentions = sql.join(
    values.map(
      (v) => sql`strpos(coalesce(${auditLog.before}::text, '') || coalesce(${auditLog.after}::text, ''), ${JSON.stringify(v).slice(1, -1)}::text) > 0`,
    ),
    sql` or `,
  );
  const rows = await tx
    .update(auditLog)
    .set({ before: scrubJsonSql(sql`${auditLog.before}`, values), after: scrubJsonSql(sql`${auditLog.after}`, values) })
    .where(and(eq(auditLog.tenantId, tenantId), or(entityIds.length ? inArray(auditLog.entityId, [...entityIds]) : undefined, sql`(${mentions})`)))
    .returning({ id: auditLog.id });
  return rows.length;
}
