import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  Category,
  EarnRequest,
  EarnResponse,
  RedeemRequest,
  RedeemResponse,
  Tier,
  TransactionItem,
  TransactionListQuery,
  TransactionListResponse,
} from '@loyalty/contract';
import { canTransact, computeCashback, evaluateTier, formatCents, normalizeCardUid } from '@loyalty/domain';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { cards, cashbackRules, customers, offers, stores, tierRules, transactions } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { claimIdempotencyKey, requestFingerprint, saveIdempotentResponse } from '../../http/idempotency.ts';
import type { AuthUser } from '../../http/session.ts';
import type { TenantContext } from '../../http/tenant-context.ts';
import { ensureRollup, ledgerTotals, lowerBound, upperBound } from '../reports/ledger-totals.ts';

/** Who is moving money, where: the request's tenant and user, and the optional key. */
export interface PosContext {
  tenant: TenantContext;
  user: AuthUser;
  idempotencyKey: string | null;
}

/** A POS answer: what to send, and whether it is a replay of a stored first answer. */
export interface PosResult<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** 403 SUBSCRIPTION_REQUIRED unless the tenant may transact now (spec §5 'POS'). */
function assertCanTransact(tenant: TenantContext): void {
  if (!canTransact(tenant, new Date())) {
    throw new AppError('SUBSCRIPTION_REQUIRED', 'Subscription required to process transactions');
  }
}

/**
 * Checks the store a movement is booked to (spec §2 'POS', issue 2): a cashier bound to a
 * store may only use that store (403). Whether a requested store exists in this tenant is
 * checked by the caller's query (404 'Store not found'). Returns the store to book: the
 * requested one, else the user's, else null (the card's store, resolved in SQL).
 */
function bookedStore(ctx: PosContext, requested: string | null | undefined): string | null {
  if (requested && ctx.user.role === 'cashier' && ctx.user.storeId && ctx.user.storeId !== requested) {
    throw forbidden('You can only process transactions for your own store');
  }
  return requested ?? ctx.user.storeId ?? null;
}

/** 404 unless `storeId` (when given) is a store of the tenant. One indexed lookup. */
async function assertStoreOfTenant(tx: Tx, tenantId: string, storeId: string | null | undefined): Promise<void> {
  if (!storeId) return;
  const [store] = await tx.select({ id: stores.id }).from(stores).where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)));
  if (!store) throw notFound('Store not found');
}

/**
 * Explains why a card could not be moved: 404 'Card not found' when it is not in this tenant,
 * 422 CARD_NOT_ACTIVE when it is blocked or unassigned, else 422 INSUFFICIENT_BALANCE.
 * Runs only on the error path.
 */
async function cardRefusal(tx: Tx, tenantId: string, cardUid: string): Promise<AppError> {
  const [card] = await tx
    .select({ status: cards.status, balanceCents: cards.balanceCents })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid)));
  if (!card) return notFound('Card not found');
  if (card.status !== 'ACTIVE') {
    return new AppError('CARD_NOT_ACTIVE', card.status === 'BLOCKED' ? 'This card is blocked' : 'This card is not activated yet');
  }
  return new AppError('INSUFFICIENT_BALANCE', `Insufficient balance: the card holds ${formatCents(card.balanceCents)}`, {
    balanceCents: card.balanceCents,
  });
}

/**
 * Runs one POS movement in a DB transaction with the Idempotency-Key honoured: a retry with
 * the same key and body gets the first answer (replayed = true) and moves nothing; the same
 * key with another body is 409.
 */
async function withIdempotency<T>(db: Database, ctx: PosContext, route: string, body: unknown, work: (tx: Tx) => Promise<T>): Promise<PosResult<T>> {
  return db.transaction(async (tx) => {
    if (ctx.idempotencyKey) {
      const replay = await claimIdempotencyKey(tx, ctx.tenant.id, ctx.idempotencyKey, requestFingerprint(route, body));
      if (replay) return { status: replay.status, body: replay.body as T, replayed: true };
    }
    const result = await work(tx);
    if (ctx.idempotencyKey) await saveIdempotentResponse(tx, ctx.tenant.id, ctx.idempotencyKey, 200, result);
    return { status: 200, body: result, replayed: false };
  });
}

/** Rows of `db.execute` on either driver. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The tenant's programme at one instant, as the cashback formula reads it. */
interface Programme {
  cashbackRules: { category: Category; baseRateBps: number; isActive: boolean }[];
  tierRules: { tier: Tier; minTotalSpendCents: number; baseRateBps: number; isActive: boolean }[];
  offers: { rateMultiplierBps: number; startAt: Date; endAt: Date; isActive: boolean }[];
  storeFound: boolean;
}

/**
 * Reads the tenant's cashback rules, tier rules and the offers running at `now`, and whether
 * `storeId` is one of its stores, in one round trip (the till's hot path).
 */
async function loadProgramme(tx: Tx, tenantId: string, now: Date, storeId: string | null): Promise<Programme> {
  const at = now.toISOString();
  const [row] = rowsOf<{ cashback: Programme['cashbackRules']; tiers: Programme['tierRules']; offers: { rateMultiplierBps: number; startAt: string; endAt: string; isActive: boolean }[]; store_found: boolean }>(
    await tx.execute(sql`select
      (select coalesce(json_agg(json_build_object('category', category, 'baseRateBps', base_rate_bps, 'isActive', is_active)), '[]'::json)
         from ${cashbackRules} where tenant_id = ${tenantId}) as cashback,
      (select coalesce(json_agg(json_build_object('tier', tier, 'minTotalSpendCents', min_total_spend_cents, 'baseRateBps', base_rate_bps, 'isActive', is_active)), '[]'::json)
         from ${tierRules} where tenant_id = ${tenantId}) as tiers,
      (select coalesce(json_agg(json_build_object('rateMultiplierBps', rate_multiplier_bps, 'startAt', start_at, 'endAt', end_at, 'isActive', is_active)), '[]'::json)
         from ${offers} where tenant_id = ${tenantId} and is_active and start_at <= ${at}::timestamptz and end_at >= ${at}::timestamptz) as offers,
      ${storeId ? sql`exists (select 1 from ${stores} where tenant_id = ${tenantId} and id = ${storeId})` : sql`true`} as store_found`),
  );
  return {
    cashbackRules: row.cashback,
    tierRules: row.tiers,
    offers: row.offers.map((o) => ({ ...o, startAt: new Date(o.startAt), endAt: new Date(o.endAt) })),
    storeFound: Boolean(row.store_found),
  };
}

/**
 * POST /transactions/earn (spec §3, decisions.md 'Cashback'): in one DB transaction, locks
 * the card and its customer (SELECT … FOR UPDATE), computes cashback with the tenant's active
 * rules, the customer's current tier and the offers running now (domain computeCashback),
 * credits the cashback (cents) to the card, appends an EARN ledger row with before/after
 * balances, adds the purchase to the customer's total spend and re-evaluates the tier (the
 * new tier applies from the next purchase: docs/decisions/0003). Four statements on the
 * happy path. Throws 403 SUBSCRIPTION_REQUIRED or FORBIDDEN (other store), 404 card/store,
 * 422 CARD_NOT_ACTIVE, 409 key reuse.
 */
export async function earn(db: Database, ctx: PosContext, input: EarnRequest): Promise<PosResult<EarnResponse>> {
  assertCanTransact(ctx.tenant);
  const storeId = bookedStore(ctx, input.storeId);
  const cardUid = normalizeCardUid(input.cardUid);
  return withIdempotency(db, ctx, 'earn', input, async (tx) => {
    const tenantId = ctx.tenant.id;
    // An ACTIVE card always has a customer (activation requires one): the inner join locks both rows.
    const [locked] = await tx
      .select({
        cardId: cards.id,
        balanceCents: cards.balanceCents,
        cardStoreId: cards.storeId,
        customerId: customers.id,
        tier: customers.tier,
        totalSpendCents: customers.totalSpendCents,
      })
      .from(cards)
      .innerJoin(customers, and(eq(customers.tenantId, cards.tenantId), eq(customers.id, cards.customerId)))
      .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid), eq(cards.status, 'ACTIVE')))
      .for('update');
    if (!locked) throw await cardRefusal(tx, tenantId, cardUid);
    const now = new Date();
    const programme = await loadProgramme(tx, tenantId, now, input.storeId ?? null);
    if (!programme.storeFound) throw notFound('Store not found');
    const tierBefore = locked.tier as Tier;
    const { rateBps, cashbackCents } = computeCashback({ amountCents: input.amountCents, category: input.category, tier: tierBefore, ...programme, now });
    const before = locked.balanceCents;
    const after = before + cashbackCents;
    const totalSpendCents = locked.totalSpendCents + input.amountCents;
    const tier = evaluateTier(totalSpendCents, programme.tierRules);
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`with
        card_update as (update ${cards} set balance_cents = ${after} where tenant_id = ${tenantId} and id = ${locked.cardId}),
        customer_update as (update ${customers} set total_spend_cents = ${totalSpendCents}, tier = ${tier} where tenant_id = ${tenantId} and id = ${locked.customerId})
        insert into ${transactions} (tenant_id, card_id, customer_id, store_id, user_id, type, category, amount_cents, cashback_cents, before_balance_cents, after_balance_cents, note)
        values (${tenantId}, ${locked.cardId}, ${locked.customerId}, ${storeId ?? locked.cardStoreId}, ${ctx.user.id}, 'EARN', ${input.category}, ${input.amountCents}, ${cashbackCents}, ${before}, ${after}, ${input.note ?? null})
        returning id`),
    );
    return { transactionId: row.id, newBalance: after, cashbackEarned: cashbackCents, rateBps, tier };
  });
}

/**
 * POST /transactions/redeem (spec §3, decisions.md 'Cashback'): in one DB transaction, one
 * guarded statement debits the card only if it is ACTIVE and holds at least the amount
 * (`UPDATE … WHERE balance_cents >= amount`, which also serialises concurrent redeems on the
 * row) and appends a REDEEM ledger row with cashbackCents 0. Throws 403
 * SUBSCRIPTION_REQUIRED or FORBIDDEN (other store), 404 card/store, 422 CARD_NOT_ACTIVE or
 * INSUFFICIENT_BALANCE (nothing written), 409 key reuse.
 */
export async function redeem(db: Database, ctx: PosContext, input: RedeemRequest): Promise<PosResult<RedeemResponse>> {
  assertCanTransact(ctx.tenant);
  const storeId = bookedStore(ctx, input.storeId);
  const cardUid = normalizeCardUid(input.cardUid);
  return withIdempotency(db, ctx, 'redeem', input, async (tx) => {
    const tenantId = ctx.tenant.id;
    await assertStoreOfTenant(tx, tenantId, input.storeId);
    const [row] = rowsOf<{ id: string; after: string | number }>(
      await tx.execute(sql`with debit as (
          update ${cards} set balance_cents = balance_cents - ${input.amountCents}
          where tenant_id = ${tenantId} and card_uid = ${cardUid} and status = 'ACTIVE' and balance_cents >= ${input.amountCents}
          returning id, customer_id, store_id, balance_cents)
        insert into ${transactions} (tenant_id, card_id, customer_id, store_id, user_id, type, category, amount_cents, cashback_cents, before_balance_cents, after_balance_cents, note)
        select ${tenantId}, debit.id, debit.customer_id, coalesce(${storeId}::uuid, debit.store_id), ${ctx.user.id}, 'REDEEM', null, ${input.amountCents}, 0, debit.balance_cents + ${input.amountCents}, debit.balance_cents, ${input.note ?? null}
        from debit
        returning id, after_balance_cents as after`),
    );
    if (!row) throw await cardRefusal(tx, tenantId, cardUid);
    return { transactionId: row.id, newBalance: Number(row.after), amountRedeemed: input.amountCents };
  });
}

/** `%text%` for ILIKE with the wildcard characters of the text escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
}

/**
 * The WHERE condition of a ledger list or export without its search (spec §7), on
 * `transactions` columns only, so that it is answered from the (tenant_id, created_at desc,
 * id desc, type, category, store_id) index alone: type, category, store, from/to (a date is a
 * whole UTC day, inclusive; a date-time an inclusive instant) and customerId.
 */
export function ledgerCondition(tenantId: string, q: Omit<TransactionListQuery, 'page' | 'limit' | 'search'>): SQL {
  const where: SQL[] = [eq(transactions.tenantId, tenantId)];
  if (q.type) where.push(eq(transactions.type, q.type));
  if (q.category) where.push(eq(transactions.category, q.category));
  if (q.from) where.push(sql`${transactions.createdAt} >= ${lowerBound(q.from)}`);
  if (q.to) where.push(sql`${transactions.createdAt} < ${upperBound(q.to)}`);
  if (q.storeFilter) where.push(eq(transactions.storeId, q.storeFilter));
  if (q.customerId) where.push(eq(transactions.customerId, q.customerId));
  return and(...where)!;
}

/**
 * The (id, created_at) of the ledger rows matching `condition` and `search`, as SQL for a
 * FROM clause. A row matches when its customer's full name contains the text
 * (case-insensitive) or its card's UID contains the text normalised like a typed UID
 * (decisions.md 'Cards'). The matching customers and cards are found first (trigram indexes
 * on PostgreSQL), then each arm reads the ledger's (tenant, customer | card, created_at, id)
 * index; UNION drops a row found by both arms (ADR 0006).
 */
function searchMatches(tenantId: string, condition: SQL, search: string): SQL {
  const byName = sql`select ${transactions.id} as id, ${transactions.createdAt} as at from ${transactions}
    where ${condition} and ${transactions.customerId} = any(array(select ${customers.id} from ${customers}
      where ${customers.tenantId} = ${tenantId} and (${customers.firstName} || ' ' || ${customers.lastName}) ilike ${containsPattern(search)}))`;
  const uid = normalizeCardUid(search);
  if (!uid) return sql`(${byName})`;
  return sql`(${byName} union select ${transactions.id}, ${transactions.createdAt} from ${transactions}
    where ${condition} and ${transactions.cardId} = any(array(select ${cards.id} from ${cards}
      where ${cards.tenantId} = ${tenantId} and ${cards.cardUid} like ${containsPattern(uid)})))`;
}

/** Ledger rows by id, in the order of `ids`, as TransactionItems (see ledgerPage). */
async function ledgerItemsByIds(db: DbOrTx, tenantId: string, ids: string[]): Promise<TransactionItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ t: transactions, cardUid: cards.cardUid, firstName: customers.firstName, lastName: customers.lastName, storeName: stores.name })
    .from(transactions)
    .innerJoin(cards, and(eq(cards.tenantId, tenantId), eq(cards.id, transactions.cardId)))
    .leftJoin(customers, and(eq(customers.tenantId, tenantId), eq(customers.id, transactions.customerId)))
    .leftJoin(stores, and(eq(stores.tenantId, tenantId), eq(stores.id, transactions.storeId)))
    .where(and(eq(transactions.tenantId, tenantId), sql`${transactions.id} = any(${`{${ids.join(',')}}`}::uuid[])`));
  const byId = new Map(rows.map((r) => [r.t.id, toItem(r)]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

/** One joined ledger row → TransactionItem (spec §3 'Transaction'; cents, ISO-8601). */
function toItem({ t, cardUid, firstName, lastName, storeName }: {
  t: typeof transactions.$inferSelect;
  cardUid: string;
  firstName: string | null;
  lastName: string | null;
  storeName: string | null;
}): TransactionItem {
  return {
    id: t.id,
    customerId: t.customerId,
    customerName: firstName ? `${firstName} ${lastName}` : null,
    cardUid,
    type: t.type as TransactionItem['type'],
    category: (t.category as Category | null) ?? null,
    amountCents: t.amountCents,
    cashbackCents: t.cashbackCents,
    beforeBalanceCents: t.beforeBalanceCents,
    afterBalanceCents: t.afterBalanceCents,
    storeId: t.storeId,
    storeName,
    note: t.note,
    createdAt: t.createdAt.toISOString(),
  };
}

/**
 * One page of ledger rows matching `condition`, newest first (created_at desc, id desc), as
 * TransactionItems with customer name, card UID and store name. The page's ids are picked
 * first from the index alone (offset over index entries, not over joined rows), then only
 * those rows are read and joined.
 */
export async function ledgerPage(db: DbOrTx, tenantId: string, condition: SQL, limit: number, offset: number): Promise<TransactionItem[]> {
  const page = db
    .select({ id: transactions.id, at: transactions.createdAt })
    .from(transactions)
    .where(condition)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  const rows = await db
    .select({
      t: transactions,
      cardUid: cards.cardUid,
      firstName: customers.firstName,
      lastName: customers.lastName,
      storeName: stores.name,
    })
    .from(page)
    .innerJoin(transactions, and(eq(transactions.tenantId, tenantId), eq(transactions.id, page.id)))
    .innerJoin(cards, and(eq(cards.tenantId, tenantId), eq(cards.id, transactions.cardId)))
    .leftJoin(customers, and(eq(customers.tenantId, tenantId), eq(customers.id, transactions.customerId)))
    .leftJoin(stores, and(eq(stores.tenantId, tenantId), eq(stores.id, transactions.storeId)))
    .orderBy(desc(page.at), desc(page.id));
  return rows.map(toItem);
}

/**
 * GET /transactions (spec §7, §9 'page size 50, pages start at 1'): the tenant's ledger,
 * newest first (created_at desc, id desc), filtered per `ledgerCondition` and, with
 * `search`, per `searchMatches` (customer name or card UID); page from 1,
 * `limit` rows. Returns `{ transactions, total, pages }`, money in cents. `total` comes from
 * the daily rollup plus a live tail (ADR 0006) unless the query has search or customerId,
 * whose matches are counted directly through their indexes. A page past the end is empty
 * with the true total. Errors: none of its own (400 for a bad query comes from the schema).
 */
export async function listTransactions(db: Database, tenantId: string, q: TransactionListQuery): Promise<TransactionListResponse> {
  const condition = ledgerCondition(tenantId, q);
  const offset = (q.page - 1) * q.limit;
  if (q.search) {
    const matches = searchMatches(tenantId, condition, q.search);
    // One pass over the matches gives the page and (window count) the total; only a page
    // past the end needs a second count.
    const page = rowsOf<{ id: string; n: string | number }>(
      await db.execute(sql`select m.id, count(*) over () as n from ${matches} m order by m.at desc, m.id desc limit ${q.limit} offset ${offset}`),
    );
    const total = page.length
      ? Number(page[0].n)
      : Number(rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from ${matches} m`))[0].n);
    const items = await ledgerItemsByIds(db, tenantId, page.map((r) => r.id));
    return { transactions: items, total, pages: Math.ceil(total / q.limit) };
  }
  const countTotal = async (): Promise<number> => {
    if (q.customerId) {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(transactions).where(condition);
      return row?.n ?? 0;
    }
    await ensureRollup(db, tenantId);
    const totals = await ledgerTotals(db, tenantId, { type: q.type, category: q.category, storeId: q.storeFilter, from: q.from, to: q.to });
    return totals.count;
  };
  const [items, total] = await Promise.all([ledgerPage(db, tenantId, condition, q.limit, offset), countTotal()]);
  return { transactions: items, total, pages: Math.ceil(total / q.limit) };
}
