import { and, asc, desc, eq, ilike, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { AvailableCustomersResponse, CardStatus, CustomerCard, CustomerDetail, CustomerInput, CustomerListItem, CustomerListQuery, CustomerListResponse, Tier } from '@loyalty/contract';
import { evaluateTier } from '@loyalty/domain';
import type { Database, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation, pgError } from '../../db/pg-error.ts';
import { auditLog, cards, customers, stores, tenantCounters, tierRules, transactions } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/errors.ts';

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

/** Any-version UUID in text form, as PostgreSQL's uuid type accepts it (hyphenated). */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `%text%` for ILIKE with the wildcard characters of the text escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
}

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
    notExists(
      db
        .select({ one: sql`1` })
        .from(cards)
        .where(and(eq(cards.tenantId, customers.tenantId), eq(cards.customerId, customers.id))),
    ),
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
type CustomerRow = { id: string; firstName: string; lastName: string; email: string | null; phone: string | null; tier: string; totalSpendCents: number; createdAt: Date };

/** customers row + ACTIVE card count → CustomerListItem (spec §3 'Customer'; money in cents, ISO dates). */
function toListItem(row: CustomerRow, activeCards: number): CustomerListItem {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    tier: row.tier as Tier,
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
  const condition = and(eq(customers.tenantId, tenantId), customerSearch(q.search));
  const page = db.$with('page').as(
    db
      .select(customerColumns)
      .from(customers)
      .where(condition)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  );
  const active = db
    .select({ customerId: sql<string>`${cards.customerId}`.as('active_customer_id'), n: sql<number>`count(*)::int`.as('active_n') })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.status, 'ACTIVE'), inArray(cards.customerId, db.select({ id: page.id }).from(page))))
    .groupBy(cards.customerId)
    .as('active');
  const [rows, [count]] = await Promise.all([
    db
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
      .orderBy(desc(page.createdAt), desc(page.id)),
    // Without a search the total is the tenant's customer counter (kept by triggers, ADR 0006):
    // counting 200,000 rows per page view costs ~50 ms; with a search the matches are counted.
    q.search?.trim()
      ? db.select({ n: sql<number>`count(*)::int` }).from(customers).where(condition)
      : db.select({ n: tenantCounters.customers }).from(tenantCounters).where(eq(tenantCounters.tenantId, tenantId)),
  ]);
  const total = Number(count?.n ?? 0);
  return {
    customers: rows.map((r) => toListItem(r, Number(r.activeCards))),
    total,
    pages: Math.ceil(total / q.limit),
  };
}

/**
 * The customer `customerId` of the tenant with its cards (spec §3 'Customer.cards': id, UID,
 * balance in cents, status, store name, activation date; oldest activation first) → CustomerDetail.
 * Throws 404 'Customer not found' when the id is malformed, unknown or another tenant's.
 * Shared by GET /customers/{id}, POST, PUT and the customer's own account (GET /me).
 */
export async function getCustomerDetail(db: DbOrTx, tenantId: string, customerId: string): Promise<CustomerDetail> {
  if (!UUID_RE.test(customerId)) throw notFound(CUSTOMER_NOT_FOUND);
  // Sequential, not Promise.all: callers pass a transaction too, and a pg client runs one query at a time.
  const [row] = await db
    .select(customerColumns)
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  const cardRows = await db
    .select({ id: cards.id, cardUid: cards.cardUid, balanceCents: cards.balanceCents, status: cards.status, storeName: stores.name, activatedAt: cards.activatedAt })
    .from(cards)
    .leftJoin(stores, and(eq(stores.tenantId, cards.tenantId), eq(stores.id, cards.storeId)))
    .where(and(eq(cards.tenantId, tenantId), eq(cards.customerId, customerId)))
    .orderBy(asc(cards.activatedAt), asc(cards.cardUid));
  const list: CustomerCard[] = cardRows.map((c) => ({
    id: c.id,
    cardUid: c.cardUid,
    balanceCents: Number(c.balanceCents),
    status: c.status as CardStatus,
    storeName: c.storeName,
    activatedAt: c.activatedAt?.toISOString() ?? null,
  }));
  return { ...toListItem(row, list.filter((c) => c.status === 'ACTIVE').length), cards: list };
}

/** Who acts, where: the request's tenant id and the signed-in user's id (for the audit log). */
export interface CustomerActor {
  tenantId: string;
  userId: string;
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
      const rules = await tx
        .select({ tier: tierRules.tier, minTotalSpendCents: tierRules.minTotalSpendCents, baseRateBps: tierRules.baseRateBps, isActive: tierRules.isActive })
        .from(tierRules)
        .where(eq(tierRules.tenantId, tenantId));
      const tier = evaluateTier(0, rules.map((r) => ({ ...r, tier: r.tier as Tier })));
      const [created] = await tx.insert(customers).values({ tenantId, ...fields, tier, totalSpendCents: 0 }).returning({ id: customers.id });
      await tx.insert(auditLog).values({
        tenantId,
        userId: actor.userId,
        action: 'customer.create',
        entity: 'customer',
        entityId: created.id,
        before: null,
        after: { ...fields, tier },
      });
      return getCustomerDetail(tx, tenantId, created.id);
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
  if (!UUID_RE.test(customerId)) throw notFound(CUSTOMER_NOT_FOUND);
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
      await tx.insert(auditLog).values({
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
  if (!UUID_RE.test(customerId)) throw notFound(CUSTOMER_NOT_FOUND);
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ firstName: customers.firstName, lastName: customers.lastName, email: customers.email, phone: customers.phone, tier: customers.tier, totalSpendCents: customers.totalSpendCents })
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
        .for('update');
      if (!before) throw notFound(CUSTOMER_NOT_FOUND);
      const [held] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(cards)
        .where(and(eq(cards.tenantId, tenantId), eq(cards.customerId, customerId)));
      const [ledger] = await tx
        .select({ one: sql<number>`1` })
        .from(transactions)
        .where(and(eq(transactions.tenantId, tenantId), eq(transactions.customerId, customerId)))
        .limit(1);
      if (Number(held.n) > 0) throw conflict(CUSTOMER_HAS_CARDS, { cards: Number(held.n) });
      if (ledger) throw conflict(CUSTOMER_HAS_TRANSACTIONS);
      await tx.delete(customers).where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
      await tx.insert(auditLog).values({
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
