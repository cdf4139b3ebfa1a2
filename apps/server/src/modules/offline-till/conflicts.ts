import { and, desc, eq, inArray } from 'drizzle-orm';
import { SYNC_CONFLICT_RESOLVED, type SyncConflictItem, type SyncConflictList, type SyncConflictListQuery } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { syncConflicts } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { storeNameMap } from '../stores/index.ts';
import { userNames } from '../users/index.ts';
import { type TenantRequestContext } from '../../context.ts';

/**
 * Sync conflicts (docs/product.md 'Offline till', ADR 0051): movements made offline that the
 * server refused when they arrived, kept for the Store Admins with what the till sent and why.
 */

/** A refused movement made offline, as the ledger's routes report it (amount in cents). */
export interface RefusedOfflineMovement {
  tenantId: string;
  idempotencyKey: string;
  kind: 'EARN' | 'REDEEM';
  cardUid: string;
  amountCents: number;
  occurredAt: Date;
  code: string;
  message: string;
  userId: string | null;
  apiKeyId: string | null;
  storeId: string | null;
  at: Date;
}

/**
 * Records `m` as a sync conflict in its own statement (the refused movement's transaction was
 * undone): once per Idempotency-Key, however often the till retries it (a retry keeps the first
 * record). Never throws for a duplicate.
 */
export async function recordSyncConflict(db: DbOrTx, m: RefusedOfflineMovement): Promise<void> {
  await db
    .insert(syncConflicts)
    .values({
      tenantId: m.tenantId,
      idempotencyKey: m.idempotencyKey,
      kind: m.kind,
      cardUid: m.cardUid,
      amountCents: m.amountCents,
      occurredAt: m.occurredAt,
      code: m.code,
      message: m.message.slice(0, 500),
      userId: m.userId,
      apiKeyId: m.apiKeyId,
      storeId: m.storeId,
      createdAt: m.at,
    })
    .onConflictDoNothing();
}

type ConflictRow = typeof syncConflicts.$inferSelect;

/** `rows` of the tenant as listed, with staff, store and resolver names read once per kind. */
async function conflictItems(db: DbOrTx, tenantId: string, rows: readonly ConflictRow[]): Promise<SyncConflictItem[]> {
  const userIds = [...new Set(rows.flatMap((r) => [r.userId, r.resolvedBy]).filter((v): v is string => v !== null))];
  const names = userNames(db);
  const people = new Map((userIds.length ? await db.select().from(names).where(inArray(names.id, userIds)) : []).map((p) => [p.id, p.name]));
  const stores = rows.some((r) => r.storeId) ? await storeNameMap(db, tenantId) : new Map<string, string>();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    cardUid: r.cardUid,
    amountCents: r.amountCents,
    occurredAt: r.occurredAt.toISOString(),
    receivedAt: r.createdAt.toISOString(),
    code: r.code,
    message: r.message,
    staff: r.userId ? { id: r.userId, name: people.get(r.userId) ?? '' } : null,
    store: r.storeId ? { id: r.storeId, name: stores.get(r.storeId) ?? '' } : null,
    status: r.status,
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    resolvedBy: r.resolvedBy ? (people.get(r.resolvedBy) ?? null) : null,
  }));
}

/** GET /sync-conflicts: the tenant's conflicts, newest first, at most 200, OPEN ones or ALL; `openCount` counts every open one. */
export async function listSyncConflicts(db: DbOrTx, tenantId: string, query: SyncConflictListQuery): Promise<SyncConflictList> {
  const mine = eq(syncConflicts.tenantId, tenantId);
  const open = and(mine, eq(syncConflicts.status, 'OPEN'));
  const rows = await db
    .select()
    .from(syncConflicts)
    .where(query.status === 'OPEN' ? open : mine)
    .orderBy(desc(syncConflicts.createdAt), desc(syncConflicts.id))
    .limit(200);
  return { items: await conflictItems(db, tenantId, rows), openCount: await db.$count(syncConflicts, open) };
}

/**
 * POST /sync-conflicts/{id}/resolve: marks the tenant's OPEN conflict `id` RESOLVED with the
 * resolver and the time, audited 'sync_conflict.resolve', in one transaction. What the Store Admin
 * did about it (an adjustment, a word with the customer) is theirs. Throws 404 'Conflict not found'
 * (unknown, malformed, another tenant's), 409 'This conflict was already resolved'.
 */
export async function resolveSyncConflict(db: Database, ctx: TenantRequestContext, conflictId: string): Promise<SyncConflictItem> {
  const tenantId = ctx.tenant.id;
  if (!isUuid(conflictId)) throw notFound('Conflict not found');
  return db.transaction(async (tx) => {
    const mine = and(eq(syncConflicts.tenantId, tenantId), eq(syncConflicts.id, conflictId));
    const [row] = await tx.select().from(syncConflicts).where(mine).for('update');
    if (!row) throw notFound('Conflict not found');
    if (row.status !== 'OPEN') throw conflict(SYNC_CONFLICT_RESOLVED);
    const resolver = ctx.actor.kind === 'user' ? ctx.actor.user.id : null;
    const [saved] = await tx.update(syncConflicts).set({ status: 'RESOLVED', resolvedAt: ctx.now, resolvedBy: resolver }).where(mine).returning();
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: 'sync_conflict.resolve',
      entity: 'sync_conflict',
      entityId: row.id,
      before: { status: 'OPEN' },
      after: { status: 'RESOLVED', kind: row.kind, cardUid: row.cardUid, amountCents: row.amountCents, code: row.code },
    });
    return (await conflictItems(tx, tenantId, [saved]))[0];
  });
}
