import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';

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
