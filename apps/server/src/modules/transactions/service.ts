import { and, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
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
 * The store a movement is booked to: the request's storeId (must be a store of this tenant,
 * else 404 'Store not found'; a cashier bound to a store may only use that store, else 403),
 * else the user's store, else the card's store.
 */
async function resolveStore(tx: Tx, ctx: PosContext, requested: string | null | undefined, cardStoreId: string | null): Promise<string | null> {
  if (requested) {
    const [store] = await tx
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.tenantId, ctx.tenant.id), eq(stores.id, requested)));
    if (!store) throw notFound('Store not found');
    if (ctx.user.role === 'cashier' && ctx.user.storeId && ctx.user.storeId !== requested) {
      throw forbidden('You can only process transactions for your own store');
    }
    return requested;
  }
  return ctx.user.storeId ?? cardStoreId;
}

/** Locks the card row of this tenant (SELECT … FOR UPDATE); 404 unknown, 422 not ACTIVE. */
async function lockActiveCard(tx: Tx, tenantId: string, rawUid: string) {
  const cardUid = normalizeCardUid(rawUid);
  const [card] = await tx
    .select()
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid)))
    .for('update');
  if (!card) throw notFound('Card not found');
  if (card.status !== 'ACTIVE') {
    throw new AppError('CARD_NOT_ACTIVE', card.status === 'BLOCKED' ? 'This card is blocked' : 'This card is not activated yet');
  }
  return card;
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

/**
 * POST /transactions/earn (spec §3, decisions.md 'Cashback'): in one DB transaction, locks
 * the card, computes cashback with the tenant's active rules, the customer's current tier
 * and the offers running now, credits the cashback (cents) to the card, writes an EARN
 * ledger row with before/after balances, adds the purchase to the customer's total spend
 * and re-evaluates the tier (the new tier applies from the next purchase).
 * Throws 403 SUBSCRIPTION_REQUIRED, 404 card/store, 422 CARD_NOT_ACTIVE, 409 key reuse.
 */
export async function earn(db: Database, ctx: PosContext, input: EarnRequest): Promise<PosResult<EarnResponse>> {
  assertCanTransact(ctx.tenant);
  return withIdempotency(db, ctx, 'earn', input, async (tx) => {
    const tenantId = ctx.tenant.id;
    const card = await lockActiveCard(tx, tenantId, input.cardUid);
    const storeId = await resolveStore(tx, ctx, input.storeId, card.storeId);
    const [customer] = card.customerId
      ? await tx
          .select({ id: customers.id, tier: customers.tier, totalSpendCents: customers.totalSpendCents })
          .from(customers)
          .where(and(eq(customers.tenantId, tenantId), eq(customers.id, card.customerId)))
          .for('update')
      : [];
    const now = new Date();
    const [cbRules, tRules, running] = await Promise.all([
      tx.select().from(cashbackRules).where(eq(cashbackRules.tenantId, tenantId)),
      tx.select().from(tierRules).where(eq(tierRules.tenantId, tenantId)),
      tx
        .select()
        .from(offers)
        .where(and(eq(offers.tenantId, tenantId), eq(offers.isActive, true), lte(offers.startAt, now), gte(offers.endAt, now))),
    ]);
    const tierNow = (customer?.tier ?? 'SILVER') as Tier;
    const { rateBps, cashbackCents } = computeCashback({
      amountCents: input.amountCents,
      category: input.category,
      tier: tierNow,
      cashbackRules: cbRules.map((r) => ({ ...r, category: r.category as Category })),
      tierRules: tRules.map((r) => ({ ...r, tier: r.tier as Tier })),
      offers: running,
      now,
    });
    const before = card.balanceCents;
    const after = before + cashbackCents;
    await tx.update(cards).set({ balanceCents: after }).where(and(eq(cards.tenantId, tenantId), eq(cards.id, card.id)));
    const [row] = await tx
      .insert(transactions)
      .values({
        tenantId,
        cardId: card.id,
        customerId: card.customerId,
        storeId,
        userId: ctx.user.id,
        type: 'EARN',
        category: input.category,
        amountCents: input.amountCents,
        cashbackCents,
        beforeBalanceCents: before,
        afterBalanceCents: after,
        note: input.note ?? null,
      })
      .returning({ id: transactions.id });
    let tier = tierNow;
    if (customer) {
      const totalSpendCents = customer.totalSpendCents + input.amountCents;
      tier = evaluateTier(totalSpendCents, tRules.map((r) => ({ ...r, tier: r.tier as Tier })));
      await tx
        .update(customers)
        .set({ totalSpendCents, tier })
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customer.id)));
    }
    return { transactionId: row.id, newBalance: after, cashbackEarned: cashbackCents, rateBps, tier };
  });
}

/**
 * POST /transactions/redeem (spec §3, decisions.md 'Cashback'): in one DB transaction, locks
 * the card, checks 0 < amount ≤ balance, debits it and writes a REDEEM ledger row with
 * cashbackCents 0. Throws 403 SUBSCRIPTION_REQUIRED, 404, 422 CARD_NOT_ACTIVE or
 * INSUFFICIENT_BALANCE (nothing written), 409 key reuse.
 */
export async function redeem(db: Database, ctx: PosContext, input: RedeemRequest): Promise<PosResult<RedeemResponse>> {
  assertCanTransact(ctx.tenant);
  return withIdempotency(db, ctx, 'redeem', input, async (tx) => {
    const tenantId = ctx.tenant.id;
    const card = await lockActiveCard(tx, tenantId, input.cardUid);
    if (input.amountCents > card.balanceCents) {
      throw new AppError('INSUFFICIENT_BALANCE', `Insufficient balance: the card holds ${formatCents(card.balanceCents)}`, {
        balanceCents: card.balanceCents,
      });
    }
    const storeId = await resolveStore(tx, ctx, input.storeId, card.storeId);
    const before = card.balanceCents;
    const after = before - input.amountCents;
    await tx.update(cards).set({ balanceCents: after }).where(and(eq(cards.tenantId, tenantId), eq(cards.id, card.id)));
    const [row] = await tx
      .insert(transactions)
      .values({
        tenantId,
        cardId: card.id,
        customerId: card.customerId,
        storeId,
        userId: ctx.user.id,
        type: 'REDEEM',
        category: null,
        amountCents: input.amountCents,
        cashbackCents: 0,
        beforeBalanceCents: before,
        afterBalanceCents: after,
        note: input.note ?? null,
      })
      .returning({ id: transactions.id });
    return { transactionId: row.id, newBalance: after, amountRedeemed: input.amountCents };
  });
}

/** Start of the day after an ISO date, for an inclusive `to` date filter. */
function endOfDateFilter(to: string): SQL {
  return /^\d{4}-\d{2}-\d{2}$/.test(to)
    ? lt(transactions.createdAt, new Date(Date.parse(to + 'T00:00:00Z') + 86_400_000))
    : lte(transactions.createdAt, new Date(to));
}

/**
 * GET /transactions (spec §7): the tenant's ledger, newest first, filtered by type,
 * category, from/to (dates inclusive, UTC), storeFilter, customerId and search (customer
 * name or card UID, case-insensitive); page from 1, `limit` rows. Returns
 * `{ transactions, total, pages }` with customer name, card UID and store name.
 */
export async function listTransactions(db: DbOrTx, tenantId: string, q: TransactionListQuery): Promise<TransactionListResponse> {
  const where: SQL[] = [eq(transactions.tenantId, tenantId)];
  if (q.type) where.push(eq(transactions.type, q.type));
  if (q.category) where.push(eq(transactions.category, q.category));
  if (q.from) where.push(gte(transactions.createdAt, new Date(/^\d{4}-\d{2}-\d{2}$/.test(q.from) ? q.from + 'T00:00:00Z' : q.from)));
  if (q.to) where.push(endOfDateFilter(q.to));
  if (q.storeFilter) where.push(eq(transactions.storeId, q.storeFilter));
  if (q.customerId) where.push(eq(transactions.customerId, q.customerId));
  if (q.search) {
    const pattern = `%${q.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
    where.push(
      or(
        ilike(cards.cardUid, pattern),
        ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
      )!,
    );
  }
  const base = db
    .select({
      t: transactions,
      cardUid: cards.cardUid,
      firstName: customers.firstName,
      lastName: customers.lastName,
      storeName: stores.name,
    })
    .from(transactions)
    .innerJoin(cards, and(eq(cards.tenantId, transactions.tenantId), eq(cards.id, transactions.cardId)))
    .leftJoin(customers, and(eq(customers.tenantId, transactions.tenantId), eq(customers.id, transactions.customerId)))
    .leftJoin(stores, and(eq(stores.tenantId, transactions.tenantId), eq(stores.id, transactions.storeId)))
    .where(and(...where));
  const countQuery = db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .innerJoin(cards, and(eq(cards.tenantId, transactions.tenantId), eq(cards.id, transactions.cardId)))
    .leftJoin(customers, and(eq(customers.tenantId, transactions.tenantId), eq(customers.id, transactions.customerId)))
    .where(and(...where));
  const [rows, [count]] = await Promise.all([
    base.orderBy(desc(transactions.createdAt), desc(transactions.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    countQuery,
  ]);
  const total = count?.n ?? 0;
  const items: TransactionItem[] = rows.map(({ t, cardUid, firstName, lastName, storeName }) => ({
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
  }));
  return { transactions: items, total, pages: Math.ceil(total / q.limit) };
}
