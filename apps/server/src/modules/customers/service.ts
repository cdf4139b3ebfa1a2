import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gte, ilike, inArray, lt, not, or, sql, type SQL } from 'drizzle-orm';
import { CUSTOMER_CSV_COLUMNS, type AvailableCustomersResponse, type CustomerCard, type CustomerDetail, type CustomerInput, type CustomerListItem, type CustomerListQuery, type CustomerListResponse, type Tier } from '@loyalty/contract';
import { evaluateTier, type TierRuleInput } from '@loyalty/domain';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { isUniqueViolation, pgError } from '../../db/pg-error.ts';
import { customers } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { dollarsSql, isoUtcSql, safeCellSql } from '../../lib/csv-cells.ts';
import { containsPattern, rowsOf } from '../../lib/sql.ts';
import { isUuid } from '../../lib/uuid.ts';
import { writeAudit } from '../audit/service.ts';
import { enqueueWebhookEvent } from '../webhook-endpoints/index.ts';
import { activeCardCounts, activeCardCountSql, cardCountOfCustomer, customerCards, holdsAnyCardSql } from '../cards/views.ts';
import { tenantCustomerCount } from '../reports/views.ts';
import { readTierRules } from '../rules/views.ts';
import { storeNames } from '../stores/index.ts';
import { customerHasLedgerRows } from '../ledger/views.ts';

/**
 * A tenant's loyalty customers (spec §2 'Customers', §3 'Customer'): the module that owns
 * `customers`. Besides the customer use cases it offers the cards module the holder of a card
 * (lock, create, display), the rules module the re-tier (`retierCustomers`), and read helpers
 * for the ledger, reports and the operator (ADR 0012). A purchase's spend and tier are written
 * by the ledger itself (ledger/holdings.ts, ADR 0028).
 */

/** Most customers offered at once by the Assign Card modal. */
export const AVAILABLE_CUSTOMERS_LIMIT = 50;

/** 404 text for an unknown customer, another tenant's customer or a malformed id. */
export const CUSTOMER_NOT_FOUND = 'Customer not found';

/** 409 text for a duplicate customer e-mail within the tenant (decisions.md 'Accounts'). */
export const DUPLICATE_CUSTOMER_EMAIL = 'A customer with this email already exists';

/** 409 text of DELETE /customers/{id} while cards are assigned (spec §2 'Delete Customer' warning). */
export const CUSTOMER_HAS_CARDS = 'This customer has assigned cards. Unassign their cards before deleting the customer.';

/** 409 text of DELETE /customers/{id} when ledger rows name the customer (decisions.md: the ledger is append-only). */
export const CUSTOMER_HAS_TRANSACTIONS = 'This customer has transactions in the ledger and cannot be deleted.';

/**
 * The customer search of spec §2 'Customers' ("searchable table (name, email, phone)"): the
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
  return or(
    ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
    ilike(customers.email, pattern),
    ilike(customers.phone, pattern),
  );
}

/**
 * GET /api/t/{slug}/customers/available?search= (spec §5 'Assign card': only customers with
 * no cards are offered; §7). The tenant's customers holding no card at all (in any status),
 * optionally filtered by `search` contained in the first, last or full name, e-mail or phone
 * (case-insensitive), sorted by last name then first name, at most 50. Returns `{ customers }`.
 */
export async function listAvailableCustomers(db: DbOrTx, tenantId: string, search?: string): Promise<AvailableCustomersResponse> {
  const where: (SQL | undefined)[] = [
    eq(customers.tenantId, tenantId),
    not(holdsAnyCardSql(customers.tenantId, customers.id)),
    customerSearch(search),
  ];
  const rows = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email, phone: customers.phone })
    .from(customers)
    .where(and(...where))
    .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id))
    .limit(AVAILABLE_CUSTOMERS_LIMIT);
  return { customers: rows };
}

/** The customer columns every customer answer carries. */
const customerColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  phone: customers.phone,
  tier: customers.tier,
  totalSpendCents: customers.totalSpendCents,
  createdAt: customers.createdAt,
};

/** A customers row as selected by `customerColumns`. */
type CustomerRow = { id: string; firstName: string; lastName: string; email: string | null; phone: string | null; tier: Tier; totalSpendCents: number; createdAt: Date };

/** customers row + ACTIVE card count → CustomerListItem (spec §3 'Customer'; money in cents, ISO dates). */
function toListItem(row: CustomerRow, activeCards: number): CustomerListItem {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    tier: row.tier,
    totalSpendCents: Number(row.totalSpendCents),
    activeCards,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * GET /api/t/{slug}/customers (spec §2 'Customers', §7; decisions.md 'API shape'): the
 * tenant's customers, newest first (created_at, then id, descending), optionally filtered by
 * `search` (first, last or full name, e-mail or phone; case-insensitive, contains). Page from 1,
 * `limit` rows (default 50). Each row carries tier, totalSpendCents and `activeCards` (cards
 * with status ACTIVE).
 *
 * Two statements whatever the page size (no N+1): the page, where the ACTIVE-card counts come
 * from one aggregate over `cards` restricted to the page's customer ids (index
 * cards_tenant_customer_idx), and the count of matching customers. Returns
 * `{ customers, total, pages }`.
 */
export async function listCustomers(db: DbOrTx, tenantId: string, q: CustomerListQuery): Promise<CustomerListResponse> {
  const condition = and(eq(customers.tenantId, tenantId), customerSearch(q.search))!;
  // Without a search the total is the tenant's customer counter (kept by triggers, ADR 0006):
  // counting 200,000 rows per page view costs ~50 ms; with a search the matches are counted.
  const countTotal = async (): Promise<number> => {
    if (!q.search?.trim()) return tenantCustomerCount(db, tenantId);
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(customers).where(condition);
    return Number(row?.n ?? 0);
  };
  const [rows, total] = await Promise.all([customerPage(db, tenantId, condition, q.limit, (q.page - 1) * q.limit), countTotal()]);
  return { customers: rows, total, pages: Math.ceil(total / q.limit) };
}

/** One page of the tenant's customers matching `condition`, newest first (created_at, id), with their active card counts. */
async function customerPage(db: DbOrTx, tenantId: string, condition: SQL, limit: number, offset: number): Promise<CustomerListItem[]> {
  const page = db.$with('page').as(
    db.select(customerColumns).from(customers).where(condition).orderBy(desc(customers.createdAt), desc(customers.id)).limit(limit).offset(offset),
  );
  const active = activeCardCounts(db, tenantId, db.select({ id: page.id }).from(page));
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
      createdAt: page.createdAt,
      activeCards: sql<number>`coalesce(${active.n}, 0)::int`,
    })
    .from(page)
    .leftJoin(active, eq(active.customerId, page.id))
    .orderBy(desc(page.createdAt), desc(page.id));
  return rows.map((r) => toListItem(r, Number(r.activeCards)));
}

/**
 * GET /api/v1/customers (issue 17: cursor pagination): up to `limit` customers of the tenant,
 * newest first, after the customer `startingAfter` (the last id of the previous page) when
 * given; `hasMore` tells whether another page follows. Throws 400 'starting_after is not a
 * customer of this business' (details `querystring.starting_after`) for an unknown or
 * another tenant's id.
 */
export async function listCustomersAfter(db: DbOrTx, tenantId: string, q: { limit: number; startingAfter?: string }): Promise<{ customers: CustomerListItem[]; hasMore: boolean }> {
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

/**
 * The customer `customerId` of the tenant with its cards (spec §3 'Customer.cards': id, UID,
 * balance in cents, status, store name, activation date; oldest activation first) → CustomerDetail.
 * Throws 404 'Customer not found' when the id is malformed, unknown or another tenant's.
 * Shared by GET /customers/{id}, POST, PUT and the customer's own account (GET /me).
 */
export async function getCustomerDetail(db: DbOrTx, tenantId: string, customerId: string): Promise<CustomerDetail> {
  if (!isUuid(customerId)) throw notFound(CUSTOMER_NOT_FOUND);
  // Sequential, not Promise.all: callers pass a transaction too, and a pg client runs one query at a time.
  const [row] = await db
    .select(customerColumns)
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  const held = customerCards(db, tenantId, customerId);
  const sn = storeNames(db);
  const cardRows = await db
    .select({ id: held.id, cardUid: held.cardUid, balanceCents: held.balanceCents, status: held.status, storeName: sn.name, activatedAt: held.activatedAt })
    .from(held)
    .leftJoin(sn, and(eq(sn.tenantId, held.tenantId), eq(sn.id, held.storeId)))
    .orderBy(asc(held.activatedAt), asc(held.cardUid));
  const list: CustomerCard[] = cardRows.map((c) => ({
    id: c.id,
    cardUid: c.cardUid,
    balanceCents: Number(c.balanceCents),
    status: c.status,
    storeName: c.storeName,
    activatedAt: c.activatedAt?.toISOString() ?? null,
  }));
  return { ...toListItem(row, list.filter((c) => c.status === 'ACTIVE').length), cards: list };
}

/** Who acts, where: the request's tenant id and the signed-in user's id (for the audit log). */
export interface CustomerActor {
  tenantId: string;
  /** The signed-in user; null for an API key of /api/v1 (issue 17), whose id is then in `apiKeyId`. */
  userId: string | null;
  apiKeyId?: string | null;
}

/** The editable fields of a customer as stored: e-mail lower-cased, blank e-mail or phone null. */
function storedFields(input: CustomerInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email ? input.email.toLowerCase() : null,
    phone: input.phone?.trim() || null,
  };
}

/** The 409 of a duplicate e-mail, with `details` on the email field (what the form marks). */
function duplicateEmail() {
  return conflict(DUPLICATE_CUSTOMER_EMAIL, [{ field: 'body.email', message: DUPLICATE_CUSTOMER_EMAIL }]);
}

/**
 * 409 'A customer with this email already exists' when another customer of the tenant
 * (not `exceptId`) has `email`, compared case-insensitively (uses customers_tenant_email_uq).
 */
async function assertEmailFree(db: DbOrTx, tenantId: string, email: string | null, exceptId?: string): Promise<void> {
  if (!email) return;
  const [dup] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), sql`lower(${customers.email}) = ${email}`))
    .limit(1);
  if (dup && dup.id !== exceptId) throw duplicateEmail();
}

/** Runs `work`; a unique violation of customers_tenant_email_uq (a race between two writers) becomes the same 409. */
async function mapEmailRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, 'customers_tenant_email_uq')) throw duplicateEmail();
    throw err;
  }
}

/**
 * POST /api/t/{slug}/customers (spec §2 'Add New Customer', §5 'Customer'; decisions.md
 * 'Accounts', 'Cashback'). Creates the customer with totalSpendCents 0 and the tier the
 * tenant's active tier rules give to a spend of 0 (`evaluateTier`, SILVER when none), and an
 * audit_log row (action 'customer.create', entity 'customer', after = the stored fields), in
 * one DB transaction. Throws 409 CONFLICT 'A customer with this email already exists'
 * (details on body.email) when the e-mail is taken in this tenant, case-insensitively, also
 * when two requests race (unique index). Returns the CustomerDetail (no cards yet).
 */
export async function createCustomer(db: Database, actor: CustomerActor, input: CustomerInput): Promise<CustomerDetail> {
  const { tenantId } = actor;
  const fields = storedFields(input);
  return mapEmailRace(() =>
    db.transaction(async (tx) => {
      await assertEmailFree(tx, tenantId, fields.email);
      const tier = evaluateTier(0, await readTierRules(tx, tenantId));
      const [created] = await tx.insert(customers).values({ tenantId, ...fields, tier, totalSpendCents: 0 }).returning({ id: customers.id });
      await writeAudit(tx, {
        tenantId,
        userId: actor.userId,
        action: 'customer.create',
        entity: 'customer',
        entityId: created.id,
        before: null,
        after: { ...fields, tier, ...(actor.apiKeyId ? { apiKeyId: actor.apiKeyId } : {}) },
      });
      const detail = await getCustomerDetail(tx, tenantId, created.id);
      await enqueueWebhookEvent(tx, tenantId, 'customer.created', detail, new Date());
      return detail;
    }),
  );
}

/**
 * PUT /api/t/{slug}/customers/{id} (spec §2 'Edit Customer', §5 'Customer'). Replaces first
 * name, last name, e-mail and phone (tier and total spend are the ledger's, untouched) under
 * a row lock, and writes an audit_log row (action 'customer.update', before/after = the
 * editable fields) in one DB transaction. Throws 404 'Customer not found' (malformed, unknown
 * or another tenant's id), 409 'A customer with this email already exists' (another customer
 * of the tenant has the e-mail; also under a race). Keeping one's own e-mail is fine.
 * Returns the CustomerDetail.
 */
export async function updateCustomer(db: Database, actor: CustomerActor, customerId: string, input: CustomerInput): Promise<CustomerDetail> {
  const { tenantId } = actor;
  if (!isUuid(customerId)) throw notFound(CUSTOMER_NOT_FOUND);
  const fields = storedFields(input);
  return mapEmailRace(() =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select({ firstName: customers.firstName, lastName: customers.lastName, email: customers.email, phone: customers.phone })
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
        .for('update');
      if (!before) throw notFound(CUSTOMER_NOT_FOUND);
      await assertEmailFree(tx, tenantId, fields.email, customerId);
      await tx.update(customers).set(fields).where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
      await writeAudit(tx, {
        tenantId,
        userId: actor.userId,
        action: 'customer.update',
        entity: 'customer',
        entityId: customerId,
        before,
        after: fields,
      });
      return getCustomerDetail(tx, tenantId, customerId);
    }),
  );
}

/**
 * DELETE /api/t/{slug}/customers/{id} (spec §2 'Delete Customer' confirmation: associated
 * cards must be unassigned first; decisions.md 'Money and the ledger': append-only). In one DB
 * transaction: locks the customer row (card activation for an existing customer locks it too,
 * so a card cannot be assigned between the check and the delete), refuses while any card (any
 * status) is assigned to the customer or any ledger row names them, then deletes the customer
 * (their customer login, if any, goes with it: users → customers ON DELETE CASCADE) and writes
 * an audit_log row (action 'customer.delete', before = the customer's fields). Throws 404
 * 'Customer not found', 409 CONFLICT 'This customer has assigned cards. Unassign their cards
 * before deleting the customer.' (details `{ cards }`: how many), 409 CONFLICT 'This customer
 * has transactions in the ledger and cannot be deleted.'. Nothing is deleted on a refusal.
 */
export async function deleteCustomer(db: Database, actor: CustomerActor, customerId: string): Promise<void> {
  const { tenantId } = actor;
  if (!isUuid(customerId)) throw notFound(CUSTOMER_NOT_FOUND);
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ firstName: customers.firstName, lastName: customers.lastName, email: customers.email, phone: customers.phone, tier: customers.tier, totalSpendCents: customers.totalSpendCents })
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
        .for('update');
      if (!before) throw notFound(CUSTOMER_NOT_FOUND);
      const held = await cardCountOfCustomer(tx, tenantId, customerId);
      const inLedger = await customerHasLedgerRows(tx, tenantId, customerId);
      if (held > 0) throw conflict(CUSTOMER_HAS_CARDS, { cards: held });
      if (inLedger) throw conflict(CUSTOMER_HAS_TRANSACTIONS);
      await tx.delete(customers).where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
      await writeAudit(tx, {
        tenantId,
        userId: actor.userId,
        action: 'customer.delete',
        entity: 'customer',
        entityId: customerId,
        before,
        after: null,
      });
    });
  } catch (err) {
    // Backstop: the foreign keys of cards and transactions refuse the delete (23503) if a row appeared anyway.
    if (pgError(err)?.code === '23503') throw conflict(CUSTOMER_HAS_CARDS);
    throw err;
  }
}

/**
 * Locks customer `customerId` of the tenant `FOR UPDATE` in `tx` (a card activation for an
 * existing customer: the customer cannot be deleted between the check and the assignment).
 * Returns the stored id (canonical lower-case form), null when there is no such customer.
 */
export async function lockCustomer(tx: Tx, tenantId: string, customerId: string): Promise<string | null> {
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
    .for('update');
  return customer?.id ?? null;
}

/** True when a customer of the tenant has `email` (compared lower-cased; uses customers_tenant_email_uq). */
export async function customerEmailInUse(db: DbOrTx, tenantId: string, email: string): Promise<boolean> {
  const [dup] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), sql`lower(${customers.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return !!dup;
}

/** The customer of the tenant whose e-mail is `email` (case-insensitive): `{ id, firstName }`, or null (self-enrolment's 'already a member', issue 16). */
export async function customerByEmail(db: DbOrTx, tenantId: string, email: string): Promise<{ id: string; firstName: string } | null> {
  const [row] = await db
    .select({ id: customers.id, firstName: customers.firstName })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), sql`lower(${customers.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return row ?? null;
}

/**
 * Inserts a customer of the tenant in `tx` with the column defaults for tier (SILVER) and
 * total spend (0): the new holder of a card being activated (spec §5 'Assign card'). E-mail is
 * stored lower-cased, a blank phone as null. A taken e-mail throws the unique violation
 * customers_tenant_email_uq (the caller maps it to its 409). Returns the new id.
 */
export async function insertCardHolder(tx: Tx, tenantId: string, fields: { firstName: string; lastName: string; email?: string | null; phone?: string | null }): Promise<string> {
  const [created] = await tx
    .insert(customers)
    .values({ tenantId, firstName: fields.firstName, lastName: fields.lastName, email: fields.email ? fields.email.toLowerCase() : null, phone: fields.phone?.trim() || null })
    .returning({ id: customers.id });
  await enqueueWebhookEvent(tx, tenantId, 'customer.created', await getCustomerDetail(tx, tenantId, created.id), new Date());
  return created.id;
}

/** A customer's display fields `(tenantId, id, firstName, lastName, email, phone, tier, totalSpendCents)` as select columns. */
function summaryColumns() {
  return {
    tenantId: customers.tenantId,
    id: customers.id,
    firstName: customers.firstName,
    lastName: customers.lastName,
    email: customers.email,
    phone: customers.phone,
    tier: customers.tier,
    totalSpendCents: customers.totalSpendCents,
  };
}

/**
 * The customers' display fields as a subquery `(tenantId, id, firstName, lastName, email,
 * phone, tier, totalSpendCents)` for another module's join (a card's holder, a ledger row's
 * customer name), joined on both key parts. A plain projection, so PostgreSQL joins it like
 * the table itself.
 */
export function customerSummaries(db: DbOrTx) {
  return db
    .select(summaryColumns())
    .from(customers)
    .as('customer_summaries');
}

/**
 * A subquery of the ids of the tenant's customers whose full name ('First Last') contains
 * `text` (case-insensitive, wildcards literal): the ledger search's name arm (trigram index
 * customers_full_name_trgm_idx on PostgreSQL).
 */
export function customerIdsWithNameLike(tenantId: string, text: string): SQL {
  return sql`select ${customers.id} from ${customers}
      where ${customers.tenantId} = ${tenantId} and (${customers.firstName} || ' ' || ${customers.lastName}) ilike ${containsPattern(text)}`;
}

/**
 * The SQL count of the tenant's customers created in [from, to) (ISO-8601 instants), as a
 * scalar subquery for the dashboard's one-statement figures (index customers_tenant_created_idx).
 */
export function customersCreatedSql(tenantId: string, from: string, to: string): SQL {
  return sql`(select count(*) from ${customers} where tenant_id = ${tenantId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz)`;
}

/** Customers of each of `tenantIds` (tenant id → count; tenants without are absent), one grouped query. */
export async function customerCountsByTenant(db: DbOrTx, tenantIds: readonly string[]): Promise<Map<string, number>> {
  if (!tenantIds.length) return new Map();
  const rows = await db
    .select({ tenantId: customers.tenantId, n: sql<number>`count(*)::int` })
    .from(customers)
    .where(inArray(customers.tenantId, [...tenantIds]))
    .groupBy(customers.tenantId);
  return new Map(rows.map((r) => [r.tenantId, r.n]));
}

/**
 * The platform dashboard's customer figures (spec §3 'Platform stats'): all customers of the
 * platform and how many were created in [d30, far) and in [d60, d30).
 */
export async function customerGrowth(db: DbOrTx, d30: Date, d60: Date, far: Date): Promise<{ total: number; new30: number; prev30: number }> {
  const between = (from: Date, to: Date) => sql<number>`count(*) filter (where ${and(gte(customers.createdAt, from), lt(customers.createdAt, to))})::int`;
  const [c] = await db.select({ total: sql<number>`count(*)::int`, new30: between(d30, far), prev30: between(d60, d30) }).from(customers);
  return c;
}

/**
 * The customers export as one query for COPY (spec §7 'Exports', §3 'Customer'; issue 15 'CSV
 * export', ADR 0017): the tenant's customers oldest first (created_at, id: the (tenant_id,
 * created_at, id) index), one text column per contract CUSTOMER_CSV_COLUMNS, named after it:
 * text cells made safe, Total Spend as dollars with 2 decimals, Joined ISO 8601 UTC.
 * Active Cards is the cards module's count of the customer's ACTIVE cards (ADR 0012).
 */
export function customerExportQuery(db: DbOrTx, tenantId: string) {
  const [id, firstName, lastName, email, phone, tier, totalSpend, active, joined] = CUSTOMER_CSV_COLUMNS;
  return db
    .select({
      id: sql`${customers.id}`.as(id),
      firstName: safeCellSql(customers.firstName).as(firstName),
      lastName: safeCellSql(customers.lastName).as(lastName),
      email: safeCellSql(customers.email).as(email),
      phone: safeCellSql(customers.phone).as(phone),
      tier: sql`${customers.tier}`.as(tier),
      totalSpend: dollarsSql(customers.totalSpendCents).as(totalSpend),
      // Qualified: drizzle writes a one-table select's columns unqualified, and inside the
      // subquery a bare "id" would be the card's.
      active: activeCardCountSql(tenantId, sql`${customers}.${sql.identifier(customers.id.name)}`).as(active),
      joined: isoUtcSql(customers.createdAt).as(joined),
    })
    .from(customers)
    .where(eq(customers.tenantId, tenantId))
    .orderBy(customers.createdAt, customers.id);
}

/**
 * The SQL twin of domain `evaluateTier`, the only SQL of the tier ladder: a CASE whose
 * branches are the ACTIVE rules by threshold, largest first (a stable sort, so among equal
 * thresholds the earlier rule wins, as in evaluateTier), `spend >= min` → the rule's tier;
 * 'SILVER' when no branch matches. `spend` is a cents expression, by default
 * `customers.total_spend_cents` (the re-tier, ADR 0007). The property test
 * `tier-ladder.property.test.ts` checks it against evaluateTier on random ladders and spends.
 */
export function tierCaseSql(rules: readonly TierRuleInput[], spend: SQL | typeof customers.totalSpendCents = customers.totalSpendCents): SQL {
  const branches = rules
    .filter((r) => r.isActive)
    .map((r, i) => ({ r, i }))
    .sort((a, b) => b.r.minTotalSpendCents - a.r.minTotalSpendCents || a.i - b.i)
    .map(({ r }) => sql`when ${spend} >= ${r.minTotalSpendCents}::bigint then ${r.tier}::text`);
  if (!branches.length) return sql`'SILVER'::text`;
  return sql`(case ${sql.join(branches, sql` `)} else 'SILVER'::text end)`;
}

/**
 * Re-evaluates the tier of EVERY customer of the tenant under `rules` (issue 5: fast on a
 * 200k-customer tenant, no loop of queries; ADR 0007). Call it inside the transaction that
 * writes the rules (the rules module does). Two set-based statements:
 * 1. `SELECT … FROM customers WHERE tenant_id = $1 FOR UPDATE` (one counted row back): locks
 *    every customer of the tenant until commit. Without it an earn could lock a customer whose
 *    tier this change leaves alone, read the OLD rules (not yet committed) and store a tier the
 *    new rules contradict (shown on PostgreSQL by earn-follows-rules.test.ts). With it, an earn
 *    either holds its customer first (then step 2 waits and re-reads that row's new total
 *    spend) or waits for this commit and then reads the new rules.
 * 2. `UPDATE customers SET tier = CASE … END WHERE tenant_id = $1 AND tier IS DISTINCT FROM
 *    CASE … END` (tierCaseSql, the twin of evaluateTier), counting the changed rows in the same
 *    statement.
 * Returns the number of customers whose tier changed.
 */
export async function retierCustomers(tx: DbOrTx, tenantId: string, rules: readonly TierRuleInput[]): Promise<number> {
  const tierOf = tierCaseSql(rules);
  await tx.execute(sql`select count(*) from (select 1 from ${customers} where ${customers.tenantId} = ${tenantId} for update) as locked`);
  const [row] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`with changed as (
        update ${customers} set tier = ${tierOf}
        where ${customers.tenantId} = ${tenantId} and ${customers.tier} is distinct from ${tierOf}
        returning 1)
      select count(*)::int as n from changed`),
  );
  return Number(row.n);
}

/** The stored id (canonical lower-case form) of customer `customerId` of the tenant, or null when there is none (no lock). */
export async function findCustomerId(db: DbOrTx, tenantId: string, customerId: string): Promise<string | null> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  return customer?.id ?? null;
}

/** A customer as a message to them needs it: e-mail (null: none), first name, and whether they unsubscribed. */
export interface CustomerContact {
  email: string | null;
  firstName: string;
  optedOut: boolean;
}

/** The contact of customer `customerId` of the tenant, or null (issue 16: customer messages). */
export async function customerContact(db: DbOrTx, tenantId: string, customerId: string): Promise<CustomerContact | null> {
  const [row] = await db
    .select({ email: customers.email, firstName: customers.firstName, optOut: customers.emailOptOutAt })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  return row ? { email: row.email, firstName: row.firstName, optedOut: row.optOut !== null } : null;
}

/** The signature of an unsubscribe token: HMAC-SHA256 of 'unsubscribe:{tenantId}:{customerId}' under `secret`, 128 bits, base64url. */
function unsubscribeSignature(secret: string, tenantId: string, customerId: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${tenantId}:${customerId}`).digest().subarray(0, 16).toString('base64url');
}

/**
 * The one-click unsubscribe token of a customer (issue 16 'Templates'): `{tenantId}.{customerId}.{signature}`,
 * carried by the link in every customer message and its List-Unsubscribe header; it never expires.
 */
export function unsubscribeToken(secret: string, tenantId: string, customerId: string): string {
  return `${tenantId}.${customerId}.${unsubscribeSignature(secret, tenantId, customerId)}`;
}

/**
 * POST /api/unsubscribe (issue 16): records that the customer of `token` unsubscribed at `now`
 * (kept when already set; the first opt-out writes the audit event 'customer.email_opt_out',
 * actor the system) and returns their business's tenant id; null when the token is
 * malformed, its signature is wrong (constant-time check) or the customer is gone.
 */
export async function optOutByToken(db: DbOrTx, secret: string, token: string, now: Date): Promise<string | null> {
  const [tenantId, customerId, signature] = token.split('.');
  if (!isUuid(tenantId) || !isUuid(customerId) || !signature) return null;
  const expected = Buffer.from(unsubscribeSignature(secret, tenantId, customerId));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const customer = and(eq(customers.tenantId, tenantId), eq(customers.id, customerId));
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(customers)
      .set({ emailOptOutAt: now })
      .where(and(customer, sql`${customers.emailOptOutAt} is null`))
      .returning({ tenantId: customers.tenantId });
    if (changed) {
      // The holder's own opt-out: no user or key acted, so the actor is the system.
      await writeAudit(tx, { tenantId, userId: null, action: 'customer.email_opt_out', entity: 'customer', entityId: customerId, before: { emailOptOutAt: null }, after: { emailOptOutAt: now.toISOString() } });
      return changed.tenantId;
    }
    const [already] = await tx.select({ tenantId: customers.tenantId }).from(customers).where(customer);
    return already?.tenantId ?? null;
  });
}

/** The names an erased customer keeps: shown as 'Erased customer' everywhere (ADR 0026). */
export const ERASED_NAME = { firstName: 'Erased', lastName: 'customer' } as const;

/** Everything the customers row holds about one customer: the data export's profile (ADR 0026). */
export interface CustomerRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  tier: Tier;
  totalSpendCents: number;
  emailOptOutAt: Date | null;
  erasedAt: Date | null;
  createdAt: Date;
}

const recordColumns = { ...customerColumns, emailOptOutAt: customers.emailOptOutAt, erasedAt: customers.erasedAt };

/** The whole customers row of customer `customerId` of the tenant (no lock), or 404 'Customer not found' (malformed, unknown or another tenant's id). */
export async function customerRecord(db: DbOrTx, tenantId: string, customerId: string): Promise<CustomerRecord> {
  if (!isUuid(customerId)) throw notFound(CUSTOMER_NOT_FOUND);
  const [row] = await db
    .select(recordColumns)
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return { ...row, totalSpendCents: Number(row.totalSpendCents) };
}

/**
 * Locks customer `customerId` of the tenant `FOR UPDATE` in `tx` and returns the whole row:
 * the erasure's first step (ADR 0026: a second erasure waits here, then sees `erasedAt`).
 * Throws 404 'Customer not found' (malformed, unknown or another tenant's id).
 */
export async function lockCustomerRecord(tx: Tx, tenantId: string, customerId: string): Promise<CustomerRecord> {
  if (!isUuid(customerId)) throw notFound(CUSTOMER_NOT_FOUND);
  const [row] = await tx
    .select(recordColumns)
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
    .for('update');
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return { ...row, totalSpendCents: Number(row.totalSpendCents) };
}

/**
 * Replaces the personal data of the locked customer `customerId` in `tx` (ADR 0026): names
 * 'Erased' 'customer', no e-mail, no phone, opted out of e-mail, `erased_at` = `now`. Tier and
 * total spend (cents) stay: they are the business's figures, not contact data.
 */
export async function anonymiseCustomer(tx: Tx, tenantId: string, customerId: string, now: Date): Promise<void> {
  await tx
    .update(customers)
    .set({ ...ERASED_NAME, email: null, phone: null, emailOptOutAt: now, erasedAt: now })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
}

/** `{ id, name: 'First Last', email }` of the tenant's customers `ids` (the erasure requests' list); absent ids are left out. */
export async function customerNames(db: DbOrTx, tenantId: string, ids: readonly string[]): Promise<Map<string, { name: string; email: string | null }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, [...ids])));
  return new Map(rows.map((r) => [r.id, { name: `${r.firstName} ${r.lastName}`, email: r.email }]));
}
