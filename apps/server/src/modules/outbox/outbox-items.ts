import type { OutboxItem } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import { tenantNames } from '../tenants/index.ts';

export const itemColumns = {
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
export function toItem(row: ItemRow, names: Map<string, string>): OutboxItem {
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
export async function namesOf(db: DbOrTx, ids: (string | null)[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((t): t is string => !!t))];
  const found = await tenantNames(db, unique);
  return new Map([...found].map(([id, t]) => [id, t.name]));
}
