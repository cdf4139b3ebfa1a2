import { and, eq, inArray, isNotNull, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { CardStatus } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { cards } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/sql.ts';

/**
 * Read views of the cards module's `cards` table for other modules (ADR 0012): counts for the
 * quota, the tenant view, the stores list and the operator; a customer's cards; the card UIDs
 * a ledger row shows; the card search of the ledger. Read-only; imports no other module, so
 * any module may read them, including those the cards service depends on (customers, stores).
 */

/** A tenant's cards as the quota counts them: all cards (the plan's card limit) and activated ones (trial activations). */
export async function cardCounts(db: DbOrTx, tenantId: string): Promise<{ total: number; activated: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      activated: sql<number>`count(*) filter (where ${isNotNull(cards.activatedAt)})::int`,
    })
    .from(cards)
    .where(eq(cards.tenantId, tenantId));
  return { total: row?.total ?? 0, activated: row?.activated ?? 0 };
}

/** `cardCounts` of each of `tenantIds` (tenant id → counts; tenants without cards are absent), one grouped query. */
export async function cardCountsByTenant(db: DbOrTx, tenantIds: readonly string[]): Promise<Map<string, { total: number; activated: number }>> {
  if (!tenantIds.length) return new Map();
  const rows = await db
    .select({
      tenantId: cards.tenantId,
      total: sql<number>`count(*)::int`,
      activated: sql<number>`count(*) filter (where ${isNotNull(cards.activatedAt)})::int`,
    })
    .from(cards)
    .where(inArray(cards.tenantId, [...tenantIds]))
    .groupBy(cards.tenantId);
  return new Map(rows.map((r) => [r.tenantId, { total: r.total, activated: r.activated }]));
}

/** Cards of the tenant assigned to each store (store id → count; stores without cards are absent), all stores or only `storeId`. */
export async function cardCountsByStore(db: DbOrTx, tenantId: string, storeId?: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ storeId: cards.storeId, n: sql<number>`count(*)::int` })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), isNotNull(cards.storeId), storeId ? eq(cards.storeId, storeId) : undefined))
    .groupBy(cards.storeId);
  return new Map(rows.map((r) => [r.storeId!, Number(r.n)]));
}

/**
 * ACTIVE cards per customer among the customer ids that `customerIds` selects (a subquery),
 * as a subquery `(customerId, n)` to left-join on the customer's id (the customers list's
 * `activeCards`: one aggregate over the page's customers, index cards_tenant_customer_idx).
 */
export function activeCardCounts(db: DbOrTx, tenantId: string, customerIds: SQLWrapper) {
  return db
    .select({ customerId: sql<string>`${cards.customerId}`.as('active_customer_id'), n: sql<number>`count(*)::int`.as('active_n') })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.status, 'ACTIVE'), inArray(cards.customerId, customerIds)))
    .groupBy(cards.customerId)
    .as('active');
}

/** A boolean SQL expression: the customer `(tenantIdCol, customerIdCol)` holds a card, in any status (the Assign Card modal offers only customers without). */
export function holdsAnyCardSql(tenantIdCol: AnyColumn, customerIdCol: AnyColumn): SQL {
  return sql`exists (select 1 from ${cards} where ${cards.tenantId} = ${tenantIdCol} and ${cards.customerId} = ${customerIdCol})`;
}

/**
 * The customer's cards as a subquery `(tenantId, id, cardUid, balanceCents, status, storeId,
 * activatedAt)` (the customer's page), for the customers module to
 * join with the store names and order. Balance in cents.
 */
export function customerCards(db: DbOrTx, tenantId: string, customerId: string) {
  return db
    .select({
      tenantId: cards.tenantId,
      id: cards.id,
      cardUid: cards.cardUid,
      balanceCents: cards.balanceCents,
      status: cards.status,
      storeId: cards.storeId,
      activatedAt: cards.activatedAt,
    })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.customerId, customerId)))
    .as('customer_cards');
}

/** Number of cards (any status) assigned to the customer. */
export async function cardCountOfCustomer(db: DbOrTx, tenantId: string, customerId: string): Promise<number> {
  const [held] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.customerId, customerId)));
  return Number(held?.n ?? 0);
}

/**
 * The number of the tenant's ACTIVE cards of the customer whose id is `customerId` (a column
 * of the calling query, written qualified by its table), as a correlated scalar subquery
 * (bigint): the customers export's 'Active Cards' column (index cards (tenant_id, customer_id)).
 */
export function activeCardCountSql(tenantId: string, customerId: SQLWrapper): SQL {
  return sql`(select count(*) from ${cards} active_card where active_card.tenant_id = ${tenantId} and active_card.customer_id = ${customerId} and active_card.status = 'ACTIVE')`;
}

/**
 * The cards' UIDs as a subquery `(tenantId, id, cardUid)` for another module's display join
 * (a ledger row's card), joined on both key parts. A plain projection, so PostgreSQL joins it
 * like the table itself.
 */
export function cardUids(db: DbOrTx) {
  return db.select({ tenantId: cards.tenantId, id: cards.id, cardUid: cards.cardUid }).from(cards).as('card_uids');
}

/**
 * A subquery of the ids of the tenant's cards whose UID contains `normalisedUid` (already
 * normalised like a typed UID, docs/product.md 'Cards'; wildcards literal): the ledger search's
 * card arm (trigram index on PostgreSQL).
 */
export function cardIdsWithUidLike(tenantId: string, normalisedUid: string): SQL {
  return sql`select ${cards.id} from ${cards} where ${cards.tenantId} = ${tenantId} and ${cards.cardUid} like ${containsPattern(normalisedUid)}`;
}

/** A card's status and balance (cents) by UID in the tenant, or null: why a card could not be moved (the POS's error path). */
export async function cardStateByUid(db: DbOrTx, tenantId: string, cardUid: string): Promise<{ status: CardStatus; balanceCents: number } | null> {
  const [card] = await db
    .select({ status: cards.status, balanceCents: cards.balanceCents })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid)));
  return card ?? null;
}

/**
 * The SQL count of the tenant's cards created in [from, to) (ISO-8601 instants), as a scalar
 * subquery for the dashboard's one-statement figures (index cards_tenant_created_idx).
 */
export function cardsCreatedSql(tenantId: string, from: string, to: string): SQL {
  return sql`(select count(*) from ${cards} where tenant_id = ${tenantId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz)`;
}

/** The stored UID of the tenant's card whose UID is `cardUid` (already normalised), or null. */
export async function tenantCardUid(db: DbOrTx, tenantId: string, cardUid: string): Promise<string | null> {
  const [row] = await db
    .select({ cardUid: cards.cardUid })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid)))
    .limit(1);
  return row?.cardUid ?? null;
}

/** Which of `cardUids` (already normalised) are UIDs of the tenant's cards, one query (the bulk downloads). */
export async function existingCardUids(db: DbOrTx, tenantId: string, cardUids: readonly string[]): Promise<Set<string>> {
  if (!cardUids.length) return new Set();
  const rows = await db
    .select({ cardUid: cards.cardUid })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), inArray(cards.cardUid, [...cardUids])));
  return new Set(rows.map((r) => r.cardUid));
}

/** The customer's cards' id, UID and status (add funds picks the card to credit). */
export async function cardsOfCustomer(db: DbOrTx, tenantId: string, customerId: string): Promise<{ id: string; cardUid: string; status: CardStatus }[]> {
  return db
    .select({ id: cards.id, cardUid: cards.cardUid, status: cards.status })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.customerId, customerId)));
}

/** A card's UID and holder (customer id, null when unassigned) by id in the tenant, or null (the expiry reminders). */
export async function cardUidAndHolder(db: DbOrTx, tenantId: string, cardId: string): Promise<{ cardUid: string; customerId: string | null } | null> {
  const [row] = await db
    .select({ cardUid: cards.cardUid, customerId: cards.customerId })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.id, cardId)));
  return row ?? null;
}
