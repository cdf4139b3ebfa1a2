import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { CardStatus } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { cards } from '../../db/schema/index.ts';
import { countCreatedInRanges, type InstantRange } from '../../db/range-counts.ts';

/**
 * Read views of the cards module's `cards` table for other modules (ADR 0012): counts for the
 * quota, the tenant view, the stores list, the operator and the dashboard; a customer's cards;
 * and two published read models (ADR 0036), relations another module joins: the card UIDs (a
 * ledger row's card, the ledger's card search) and who holds which card (the customers list
 * and export). Values or relations, never a piece of SQL to embed. Read-only; imports no other
 * module, so any module may read them, including those the cards service depends on
 * (customers, stores).
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
 * The cards module's published read model of who holds which card (ADR 0036): a relation
 * `(tenantId, customerId, status)`, one row per card assigned to a customer (unassigned cards
 * are absent), for another module to join or count within a tenant: the customers list's ACTIVE
 * cards per customer, the Assign Card modal's customers without a card, the customers export's
 * Active Cards column. A plain projection of `cards` (no aggregate), so PostgreSQL pulls it up
 * and reads it through index cards_tenant_customer_idx like the table itself. Status is a
 * contract CardStatus; customerId is never null here (typed nullable as the column is).
 */
export function cardHoldings(db: DbOrTx) {
  return db
    .select({ tenantId: cards.tenantId, customerId: cards.customerId, status: cards.status })
    .from(cards)
    .where(isNotNull(cards.customerId))
    .as('card_holdings');
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
 * The cards module's published read model of card UIDs (ADR 0036): a relation `(tenantId, id,
 * cardUid)` for another module to join or filter within a tenant: a ledger row's card, and the
 * ledger search's card arm (`cardUid LIKE`, the UID already normalised like a typed UID,
 * docs/product.md 'Cards'; trigram index on PostgreSQL). A plain projection, so PostgreSQL
 * pulls it up and uses the table's indexes.
 */
export function cardUids(db: DbOrTx) {
  return db.select({ tenantId: cards.tenantId, id: cards.id, cardUid: cards.cardUid }).from(cards).as('card_uids');
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
 * How many of the tenant's cards were created in each of `ranges` (`[from, to)`, instants), in
 * the order given: the dashboard's monthly trend of cards (docs/product.md 'Reports'). One
 * statement, one count per range over index cards_tenant_created_idx; an empty list answers []
 * without a query.
 */
export function countCardsCreated(db: DbOrTx, tenantId: string, ranges: readonly InstantRange[]): Promise<number[]> {
  return countCreatedInRanges(db, cards, cards, tenantId, ranges);
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

/** The store of customer `customerId`'s newest ACTIVE card, or null (none, or a card with no store): where a friend they refer joins online. */
export async function activeCardStoreOfCustomer(db: DbOrTx, tenantId: string, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ storeId: cards.storeId })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.customerId, customerId), eq(cards.status, 'ACTIVE')))
    .orderBy(sql`${cards.activatedAt} desc nulls last`, sql`${cards.id} desc`)
    .limit(1);
  return row?.storeId ?? null;
}

/** The UID and status of each of `cardIds` of the tenant (the Review list's cards); ids not found are absent. */
export async function cardStates(db: DbOrTx, tenantId: string, cardIds: readonly string[]): Promise<Map<string, { cardUid: string; status: CardStatus }>> {
  if (!cardIds.length) return new Map();
  const rows = await db
    .select({ id: cards.id, cardUid: cards.cardUid, status: cards.status })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), inArray(cards.id, [...cardIds])));
  return new Map(rows.map((r) => [r.id, { cardUid: r.cardUid, status: r.status }]));
}
