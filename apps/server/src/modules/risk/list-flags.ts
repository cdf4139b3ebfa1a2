import { and, desc, eq, inArray } from 'drizzle-orm';
import type { RiskFlagItem, RiskFlagList, RiskFlagListQuery } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { riskFlags } from '../../db/schema/index.ts';
import { cardStates } from '../cards/index.ts';
import { customerNames } from '../customers/index.ts';
import { storeNameMap } from '../stores/index.ts';
import { userNames } from '../users/index.ts';

/** How many flags the Review list shows at most: the newest. */
const LIST_LIMIT = 200;

type FlagRow = typeof riskFlags.$inferSelect;

/**
 * GET /risk/flags (docs/product.md 'Velocity limits'): the tenant's flags, newest first, at most
 * 200: the open ones (`status` OPEN) or all of them (ALL), each with its card (UID and status now),
 * holder, staff member, store, reviewer's name and the movements that crossed the limit (cents);
 * `openCount` counts every open flag. Read-only.
 */
export async function listFlags(db: DbOrTx, tenantId: string, query: RiskFlagListQuery): Promise<RiskFlagList> {
  const where = query.status === 'OPEN' ? and(eq(riskFlags.tenantId, tenantId), eq(riskFlags.status, 'OPEN')) : eq(riskFlags.tenantId, tenantId);
  const rows = await db.select().from(riskFlags).where(where).orderBy(desc(riskFlags.createdAt), desc(riskFlags.id)).limit(LIST_LIMIT);
  const openCount = await db.$count(riskFlags, and(eq(riskFlags.tenantId, tenantId), eq(riskFlags.status, 'OPEN')));
  return { items: await flagItems(db, tenantId, rows), openCount };
}

/** The flag rows `rows` of the tenant as the Review list shows them, their names read in one query per kind. */
export async function flagItems(db: DbOrTx, tenantId: string, rows: readonly FlagRow[]): Promise<RiskFlagItem[]> {
  const ids = (pick: (r: FlagRow) => string | null) => [...new Set(rows.map(pick).filter((v): v is string => v !== null))];
  const userIds = [...new Set([...ids((r) => r.userId), ...ids((r) => r.reviewedBy)])];
  const names = userNames(db);
  const [cards, holders, stores, people] = await Promise.all([
    cardStates(
      db,
      tenantId,
      ids((r) => r.cardId),
    ),
    customerNames(
      db,
      tenantId,
      ids((r) => r.customerId),
    ),
    rows.some((r) => r.storeId) ? storeNameMap(db, tenantId) : new Map<string, string>(),
    userIds.length ? db.select().from(names).where(inArray(names.id, userIds)) : [],
  ]);
  const person = new Map(people.map((p) => [p.id, p.name]));
  const named = (id: string | null, name: string | undefined) => (id && name !== undefined ? { id, name } : null);
  return rows.map((r) => ({
    id: r.id,
    limit: r.limitKey,
    limitValue: r.limitValue,
    day: r.day,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    reviewedBy: r.reviewedBy ? (person.get(r.reviewedBy) ?? null) : null,
    card: { uid: cards.get(r.cardId)?.cardUid ?? '', status: cards.get(r.cardId)?.status ?? 'BLOCKED' },
    holder: named(r.customerId, r.customerId ? holders.get(r.customerId)?.name : undefined),
    staff: named(r.userId, r.userId ? person.get(r.userId) : undefined),
    store: named(r.storeId, r.storeId ? stores.get(r.storeId) : undefined),
    movements: r.movements,
  }));
}
