import { and, asc, desc, eq, ilike, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { AvailableCustomersResponse, CustomerListItem, CustomerListQuery, CustomerListResponse } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { containsPattern } from '../../lib/sql.ts';
import { cardHoldings } from '../cards/views.ts';
import { tenantCustomerCount } from '../reports/views.ts';
import { customerColumns, toListItem } from './rows.ts';

/** The tenant's customer lists: the searchable page, the API's cursor page and the Assign Card modal's choice. */

/** Most customers offered at once by the Assign Card modal. */
const AVAILABLE_CUSTOMERS_LIMIT = 50;

/**
 * The customers page's search ("searchable table (name, email, phone)"): the
 * trimmed text contained in the first, last or full name ('First Last'), e-mail or phone,
 * case-insensitive, wildcards literal. Undefined for an empty or blank text.
 * A text inside the first or the last name is inside 'First Last' too, so one ILIKE on the
 * full name covers all three; its expression is the one of the trigram index
 * customers_full_name_trgm_idx (migration 0002, PostgreSQL with pg_trgm).
 */
function customerSearch(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern), ilike(customers.email, pattern), ilike(customers.phone, pattern));
}

/**
 * GET /api/t/{slug}/customers/available?search= (docs/product.md 'Cards': only customers with
 * no cards are offered). The tenant's customers holding no card at all (in any status),
 * optionally filtered by `search` contained in the first, last or full name, e-mail or phone
 * (case-insensitive), sorted by last name then first name, at most 50. Returns `{ customers }`.
 */
export async function listAvailableCustomers(db: DbOrTx, tenantId: string, search?: string): Promise<AvailableCustomersResponse> {
  const held = cardHoldings(db);
  const holdsACard = db
    .select({ one: sql`1` })
    .from(held)
    .where(and(eq(held.tenantId, customers.tenantId), eq(held.customerId, customers.id)));
  const where: (SQL | undefined)[] = [eq(customers.tenantId, tenantId), notExists(holdsACard), customerSearch(search)];
  const rows = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email, phone: customers.phone })
    .from(customers)
    .where(and(...where))
    .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id))
    .limit(AVAILABLE_CUSTOMERS_LIMIT);
  return { customers: rows };
}

/**
 * GET /api/t/{slug}/customers: the
 * tenant's customers, newest first (created_at, then id, descending), optionally filtered by
 * `search` (first, last or full name, e-mail or phone; case-insensitive, contains). Page from 1,
 * `limit` rows (default 50). Each row carries tier, totalSpendCents and `activeCards` (cards
 * with status ACTIVE).
 *
 * Two statements whatever the page size (no N+1): the page, where the ACTIVE-card counts come
 * from one aggregate over the cards module's card holdings (`cardHoldings`, ADR 0036)
 * restricted to the page's customer ids (index cards_tenant_customer_idx), and the count of
 * matching customers. Returns
 * `{ customers, total, pages }`.
 */
export async function listCustomers(db: DbOrTx, tenantId: string, q: CustomerListQuery): Promise<CustomerListResponse> {
  const condition = and(eq(customers.tenantId, tenantId), customerSearch(q.search))!;
  // Without a search the total is the tenant's customer counter (kept by triggers, ADR 0006):
  // counting 200,000 rows per page view costs ~50 ms; with a search the matches are counted.
  const countTotal = async (): Promise<number> => {
    if (!q.search?.trim()) return tenantCustomerCount(db, tenantId);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(condition);
    return Number(row?.n ?? 0);
  };
  const [rows, total] = await Promise.all([customerPage(db, tenantId, condition, q.limit, (q.page - 1) * q.limit), countTotal()]);
  return { customers: rows, total, pages: Math.ceil(total / q.limit) };
}

/** One page of the tenant's customers matching `condition`, newest first (created_at, id), with their active card counts. */
async function customerPage(db: DbOrTx, tenantId: string, condition: SQL, limit: number, offset: number): Promise<CustomerListItem[]> {
  const page = db
    .$with('page')
    .as(db.select(customerColumns).from(customers).where(condition).orderBy(desc(customers.createdAt), desc(customers.id)).limit(limit).offset(offset));
  // ACTIVE cards per customer of the page, one aggregate over the cards module's read model of
  // card holdings restricted to the page's ids (index cards_tenant_customer_idx; ADR 0036).
  const held = cardHoldings(db);
  const active = db
    .select({ customerId: sql<string>`${held.customerId}`.as('active_customer_id'), n: sql<number>`count(*)::int`.as('active_n') })
    .from(held)
    .where(and(eq(held.tenantId, tenantId), eq(held.status, 'ACTIVE'), inArray(held.customerId, db.select({ id: page.id }).from(page))))
    .groupBy(held.customerId)
    .as('active');
  const rows = await db
    .with(page)
    .select({
      id: page.id,
      firstName: page.firstName,
      lastName: page.lastName,
      email: page.email,
      phone: page.phone,
      tier: page.tier,
      totalSpendCents: page.totalSpendCents,
      referralCode: page.referralCode,
      birthdayMonth: page.birthdayMonth,
      birthdayDay: page.birthdayDay,
      birthYear: page.birthYear,
      createdAt: page.createdAt,
      activeCards: sql<number>`coalesce(${active.n}, 0)::int`,
    })
    .from(page)
    .leftJoin(active, eq(active.customerId, page.id))
    .orderBy(desc(page.createdAt), desc(page.id));
  return rows.map((r) => toListItem(r, Number(r.activeCards)));
}

/**
 * GET /api/v1/customers (cursor pagination): up to `limit` customers of the tenant,
 * newest first, after the customer `startingAfter` (the last id of the previous page) when
 * given; `hasMore` tells whether another page follows. Throws 400 'starting_after is not a
 * customer of this business' (details `querystring.starting_after`) for an unknown or
 * another tenant's id.
 */
export async function listCustomersAfter(
  db: DbOrTx,
  tenantId: string,
  q: { limit: number; startingAfter?: string },
): Promise<{ customers: CustomerListItem[]; hasMore: boolean }> {
  const where: SQL[] = [eq(customers.tenantId, tenantId)];
  if (q.startingAfter) {
    const [cursor] = await db
      .select({ createdAt: customers.createdAt, id: customers.id })
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), eq(customers.id, q.startingAfter)));
    if (!cursor) throw badRequest('starting_after is not a customer of this business', [{ field: 'querystring.starting_after', message: 'Unknown id' }]);
    where.push(sql`(${customers.createdAt}, ${customers.id}) < (${cursor.createdAt}, ${cursor.id})`);
  }
  const rows = await customerPage(db, tenantId, and(...where)!, q.limit + 1, 0);
  return { customers: rows.slice(0, q.limit), hasMore: rows.length > q.limit };
}
