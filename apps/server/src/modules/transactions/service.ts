import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { TRANSACTION_CSV_COLUMNS, type EarnRequest, type EarnResponse, type RedeemRequest, type RedeemResponse, type Role, type TransactionItem, type TransactionListQuery, type TransactionListResponse } from '@loyalty/contract';
import { canTransact, computeCashback, evaluateTier, formatCents, normalizeCardUid } from '@loyalty/domain';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { AppError, badRequest, forbidden, notFound } from '../../errors.ts';
import { claimIdempotencyKey, requestFingerprint, saveIdempotentResponse, saveIdempotentResponseSql } from '../../db/idempotency.ts';
import type { TenantContext } from '../../context.ts';
import { dollarsSql, isoUtcSql, safeCellSql } from '../../lib/csv-cells.ts';
import { rowsOf, scrubTextSql } from '../../lib/sql.ts';
import { debitActiveCardSql, lockActiveCard, lockCard, setBalanceSql, setCardBalance } from '../cards/service.ts';
import { cardIdsWithUidLike, cardStateByUid, cardUids } from '../cards/views.ts';
import { auditInsertSql, writeAudit } from '../audit/service.ts';
import { customerIdsWithNameLike, customerSummaries, lockCustomerForPurchase, recordPurchaseSql } from '../customers/service.ts';
import { programmeColumnsSql, toProgramme, type ProgrammeColumns } from '../rules/service.ts';
import { assertStoreOfTenant, storeExistsSql, storeNames } from '../stores/service.ts';
import { ensureRollup, ledgerTotals, lowerBound, upperBound } from './ledger-totals.ts';
import { consumeLots, expireDueLots, openLotOf, openLotsSql, type ExpiryRunResult } from './lots.ts';
import { enqueueReceipt, type MessageLinks } from './receipts.ts';
import { enqueueWebhookEvents, type WebhookEvent } from '../webhook-endpoints/service.ts';
import { webhookSubscriptions } from '../webhook-endpoints/views.ts';

export { expireDueLots, expiringOfCards, rebuildLots, type ExpiringLot, type ExpiryRunResult } from './lots.ts';

/**
 * The ledger (spec §3 'Transaction', decisions.md 'Money and the ledger'): the module that
 * owns `transactions` and its daily rollup (ledger-totals.ts). It moves money: the POS's earn
 * and redeem, and the credits of paid checkouts, each in one DB transaction with the card's
 * balance (cards module), the holder's spend and tier (customers module) and the programme
 * (rules module) read and written through their services (ADR 0012).
 */

/**
 * Who moves money: a signed-in user (an AuthUser fits), or an API key of `/api/v1` (issue 17,
 * ADR 0020): `id` null, `apiKeyId` set, role 'cashier' with `storeId` when the key is bound to
 * a store (the cashier's store and void-window rules apply), else 'tenant_admin'. Ledger rows
 * record `id` as user_id and `apiKeyId` as api_key_id.
 */
export interface PosActor {
  id: string | null;
  role: Role;
  storeId: string | null;
  apiKeyId?: string | null;
}

/**
 * Who is moving money, where: the request's tenant and actor (user or API key), and the
 * request's Idempotency-Key (required on every money route: issue 12 item 8).
 */
export interface PosContext {
  tenant: TenantContext;
  user: PosActor;
  idempotencyKey: string;
  /** The request's instant from the app's injectable clock (issue 14); absent: the system clock. */
  now?: Date;
  /** Where a receipt links to (issue 16 'Receipts'); absent: no receipt is written, whatever the tenant's setting. */
  links?: MessageLinks;
}

/** A POS answer: what to send, and whether it is a replay of a stored first answer. */
export interface PosResult<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** 403 SUBSCRIPTION_REQUIRED unless the tenant may transact at `now` (spec §5 'POS'). */
function assertCanTransact(tenant: TenantContext, now: Date): void {
  if (!canTransact(tenant, now)) {
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

/**
 * Explains why a card could not be moved: 404 'Card not found' when it is not in this tenant,
 * 422 CARD_NOT_ACTIVE when it is blocked or unassigned, else 422 INSUFFICIENT_BALANCE.
 * Runs only on the error path.
 */
async function cardRefusal(tx: Tx, tenantId: string, cardUid: string): Promise<AppError> {
  const card = await cardStateByUid(tx, tenantId, cardUid);
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
 * key with another body is 409. The key is claimed in the same transaction as the movement, so
 * a failed movement leaves the key free for a retry.
 */
export async function withIdempotency<T>(db: Database, ctx: PosContext, route: string, body: unknown, work: (tx: Tx) => Promise<T>): Promise<PosResult<T>> {
  return db.transaction(async (tx) => {
    const replay = await claimIdempotencyKey(tx, ctx.tenant.id, ctx.idempotencyKey, requestFingerprint(route, body));
    if (replay) return { status: replay.status, body: replay.body as T, replayed: true };
    const result = await work(tx);
    await saveIdempotentResponse(tx, ctx.tenant.id, ctx.idempotencyKey, 200, result);
    return { status: 200, body: result, replayed: false };
  });
}

/**
 * Like `withIdempotency`, but `work` stores the answer itself: it gets `saveSql(answer)`, the
 * UPDATE of the claimed key as SQL (the answer as a value, or as SQL selecting its jsonb from
 * the statement's CTEs), and must run it inside one of its write statements (a CTE), so the
 * answer is saved in the same round trip as the movement (issue 15, the till's hot path).
 */
export async function withInlineIdempotency<T>(db: Database, ctx: PosContext, route: string, body: unknown, work: (tx: Tx, saveSql: (answer: T | SQL) => SQL) => Promise<T>): Promise<PosResult<T>> {
  return db.transaction(async (tx) => {
    const replay = await claimIdempotencyKey(tx, ctx.tenant.id, ctx.idempotencyKey, requestFingerprint(route, body));
    if (replay) return { status: replay.status, body: replay.body as T, replayed: true };
    const result = await work(tx, (answer) => saveIdempotentResponseSql(ctx.tenant.id, ctx.idempotencyKey, 200, answer));
    return { status: 200, body: result, replayed: false };
  });
}

/**
 * Reads the tenant's programme at `now` (rules module: cashback rules, tier rules, the offers
 * running now) and whether `storeId` is one of its stores (stores module), in one round trip
 * (the till's hot path): both owners hand over their part of the SELECT (ADR 0012). It must be
 * its own statement AFTER the holder's lock: a statement's snapshot is taken when it starts, so
 * read together with the lock it would miss a tier change that committed while the earn waited
 * for that lock (ADR 0007; earn-follows-rules.test.ts).
 */
async function loadProgramme(tx: Tx, tenantId: string, now: Date, storeId: string | null) {
  const [row] = rowsOf<ProgrammeColumns & { store_found: boolean }>(
    await tx.execute(sql`select ${programmeColumnsSql(tenantId, now.toISOString())}, ${storeExistsSql(tenantId, storeId)} as store_found`),
  );
  return { ...toProgramme(row), storeFound: Boolean(row.store_found) };
}

/**
 * POST /transactions/earn (spec §3, decisions.md 'Cashback'): in one DB transaction, locks
 * the card, then its customer (SELECT … FOR UPDATE, cards and customers modules), computes
 * cashback with the tenant's active rules, the customer's current tier and the offers running
 * now (domain computeCashback), credits the cashback (cents) to the card, appends an EARN
 * ledger row with before/after balances, adds the purchase to the customer's total spend and
 * re-evaluates the tier (the new tier applies from the next purchase: docs/decisions/0003).
 * Four statements on the happy path besides the key's claim: two locks, the programme (after
 * the locks, so it sees a tier change it waited for), and one write (the card's and the
 * customer's UPDATEs, built by their modules, the ledger INSERT, the cashback's lot (issue 14,
 * lots.ts) and the answer stored with the Idempotency-Key (issue 15), in one statement). With
 * the tenant's receipts on, the holder's receipt is written to the outbox in the same
 * transaction (issue 16, receipts.ts). Throws 403 SUBSCRIPTION_REQUIRED or FORBIDDEN (other store), 404 card/store,
 * 422 CARD_NOT_ACTIVE, 409 key reuse.
 */
export async function earn(db: Database, ctx: PosContext, input: EarnRequest): Promise<PosResult<EarnResponse>> {
  assertCanTransact(ctx.tenant, ctx.now ?? new Date());
  const storeId = bookedStore(ctx, input.storeId);
  const cardUid = normalizeCardUid(input.cardUid);
  return withInlineIdempotency(db, ctx, 'earn', input, async (tx, saveSql) => {
    const tenantId = ctx.tenant.id;
    // An ACTIVE card always has a customer (activation requires one); lock order card → customer.
    const card = await lockActiveCard(tx, tenantId, cardUid);
    const holder = card?.customerId ? await lockCustomerForPurchase(tx, tenantId, card.customerId) : null;
    if (!card || !holder) throw await cardRefusal(tx, tenantId, cardUid);
    const customerId = card.customerId!;
    const now = ctx.now ?? new Date();
    const programme = await loadProgramme(tx, tenantId, now, input.storeId ?? null);
    if (!programme.storeFound) throw notFound('Store not found');
    const tierBefore = holder.tier;
    const { rateBps, cashbackCents } = computeCashback({ amountCents: input.amountCents, category: input.category, tier: tierBefore, ...programme, now });
    const before = card.balanceCents;
    const after = before + cashbackCents;
    const totalSpendCents = holder.totalSpendCents + input.amountCents;
    const tier = evaluateTier(totalSpendCents, programme.tierRules);
    // The row's id is chosen here so that the answer, stored with the key, is known before the write.
    const answer: EarnResponse = { transactionId: randomUUID(), newBalance: after, cashbackEarned: cashbackCents, rateBps, tier };
    await tx.execute(sql`with
        card_update as (${setBalanceSql(tenantId, card.id, after)}),
        customer_update as (${recordPurchaseSql(tenantId, customerId, totalSpendCents, tier)}),
        earn_row as (insert into ${transactions} (tenant_id, id, card_id, customer_id, store_id, user_id, api_key_id, type, category, amount_cents, cashback_cents, before_balance_cents, after_balance_cents, note)
          values (${tenantId}, ${answer.transactionId}, ${card.id}, ${customerId}, ${storeId ?? card.storeId}, ${ctx.user.id}, ${ctx.user.apiKeyId ?? null}, 'EARN', ${input.category}, ${input.amountCents}, ${cashbackCents}, ${before}, ${after}, ${input.note ?? null})
          returning tenant_id, card_id, id, created_at, cashback_cents as credit),
        lot as (${openLotsSql(tenantId, sql`earn_row`)}),
        saved as (${saveSql(answer)}),
        audit as (${auditInsertSql({
          tenantId,
          userId: ctx.user.id,
          apiKeyId: ctx.user.apiKeyId ?? null,
          action: 'transaction.earn',
          entity: 'transaction',
          entityId: answer.transactionId,
          before: sql`${JSON.stringify({ cardUid, balanceCents: before, tier: tierBefore })}::jsonb`,
          after: sql`${JSON.stringify({ cardUid, amountCents: input.amountCents, cashbackCents, rateBps, balanceCents: after, tier, category: input.category })}::jsonb`,
        })})
        select 1`);
    await announceLedgerRows(tx, tenantId, [answer.transactionId], now);
    await enqueueReceipt(tx, ctx.tenant, ctx.links, { transactionId: answer.transactionId, kind: 'EARN', cardId: card.id, storeId: storeId ?? card.storeId, amountCents: input.amountCents, cashbackCents, balanceCents: after, at: now });
    return answer;
  });
}

/**
 * POST /transactions/redeem (spec §3, decisions.md 'Cashback'): in one DB transaction, one
 * guarded statement debits the card only if it is ACTIVE and holds at least the amount
 * (`UPDATE … WHERE balance_cents >= amount`, which also serialises concurrent redeems on the
 * row) and appends a REDEEM ledger row with cashbackCents 0; a second statement then takes the
 * amount off the card's oldest lots (issue 14, lots.ts `consumeLots`); with the tenant's
 * receipts on, the holder's receipt goes to the outbox in the same transaction (issue 16). Throws 403
 * SUBSCRIPTION_REQUIRED or FORBIDDEN (other store), 404 card/store, 422 CARD_NOT_ACTIVE or
 * INSUFFICIENT_BALANCE (nothing written), 409 key reuse.
 */
export async function redeem(db: Database, ctx: PosContext, input: RedeemRequest): Promise<PosResult<RedeemResponse>> {
  assertCanTransact(ctx.tenant, ctx.now ?? new Date());
  const storeId = bookedStore(ctx, input.storeId);
  const cardUid = normalizeCardUid(input.cardUid);
  return withInlineIdempotency(db, ctx, 'redeem', input, async (tx, saveSql) => {
    const tenantId = ctx.tenant.id;
    await assertStoreOfTenant(tx, tenantId, input.storeId);
    // The row's id is chosen here; the answer (with the balance the debit leaves) is stored with the key in the same statement.
    const transactionId = randomUUID();
    const [row] = rowsOf<{ id: string; after: string | number; card_id: string; store_id: string | null }>(
      await tx.execute(sql`with debit as (${debitActiveCardSql(tenantId, cardUid, input.amountCents)}),
        saved as (${saveSql(sql`select jsonb_build_object('transactionId', ${transactionId}::text, 'newBalance', balance_cents, 'amountRedeemed', ${input.amountCents}::bigint) from debit`)}),
        audit as (${auditInsertSql({
          tenantId,
          userId: ctx.user.id,
          apiKeyId: ctx.user.apiKeyId ?? null,
          action: 'transaction.redeem',
          entity: 'transaction',
          entityId: transactionId,
          before: sql`jsonb_build_object('cardUid', ${cardUid}::text, 'balanceCents', debit.balance_cents + ${input.amountCents}::bigint)`,
          after: sql`jsonb_build_object('cardUid', ${cardUid}::text, 'amountCents', ${input.amountCents}::bigint, 'balanceCents', debit.balance_cents)`,
          from: sql`debit`,
        })})
        insert into ${transactions} (tenant_id, id, card_id, customer_id, store_id, user_id, api_key_id, type, category, amount_cents, cashback_cents, before_balance_cents, after_balance_cents, note)
        select ${tenantId}, ${transactionId}, debit.id, debit.customer_id, coalesce(${storeId}::uuid, debit.store_id), ${ctx.user.id}::uuid, ${ctx.user.apiKeyId ?? null}::uuid, 'REDEEM', null, ${input.amountCents}, 0, debit.balance_cents + ${input.amountCents}, debit.balance_cents, ${input.note ?? null}
        from debit
        returning id, after_balance_cents as after, card_id, store_id`),
    );
    if (!row) throw await cardRefusal(tx, tenantId, cardUid);
    // The card row is locked by the debit: this statement sees every committed change to its lots.
    await consumeLots(tx, tenantId, row.card_id, input.amountCents);
    const newBalance = Number(row.after);
    await announceLedgerRows(tx, tenantId, [row.id], ctx.now ?? new Date());
    await enqueueReceipt(tx, ctx.tenant, ctx.links, { transactionId: row.id, kind: 'REDEEM', cardId: row.card_id, storeId: row.store_id, amountCents: input.amountCents, cashbackCents: 0, balanceCents: newBalance, at: ctx.now ?? new Date() });
    return { transactionId: row.id, newBalance, amountRedeemed: input.amountCents };
  });
}

/**
 * The WHERE condition of a ledger list or export without its search (spec §7), on
 * `transactions` columns only, so that it is answered from the (tenant_id, created_at desc,
 * id desc, type, category, store_id) index alone: type, category, store, from/to (a date is a
 * whole UTC day, inclusive; a date-time an inclusive instant), customerId and cardId (issue 14).
 */
export function ledgerCondition(tenantId: string, q: Omit<TransactionListQuery, 'page' | 'limit' | 'search'>): SQL {
  const where: SQL[] = [eq(transactions.tenantId, tenantId)];
  if (q.type) where.push(eq(transactions.type, q.type));
  if (q.category) where.push(eq(transactions.category, q.category));
  if (q.from) where.push(sql`${transactions.createdAt} >= ${lowerBound(q.from)}`);
  if (q.to) where.push(sql`${transactions.createdAt} < ${upperBound(q.to)}`);
  if (q.storeFilter) where.push(eq(transactions.storeId, q.storeFilter));
  if (q.customerId) where.push(eq(transactions.customerId, q.customerId));
  if (q.cardId) where.push(eq(transactions.cardId, q.cardId));
  return and(...where)!;
}

/**
 * The (id, created_at) of the ledger rows matching `condition` and `search`, as SQL for a
 * FROM clause. A row matches when its customer's full name contains the text
 * (case-insensitive) or its card's UID contains the text normalised like a typed UID
 * (decisions.md 'Cards'). The matching customers and cards are found first (subqueries of the
 * customers and cards modules; trigram indexes on PostgreSQL), then each arm reads the ledger's (tenant, customer | card, created_at, id)
 * index; UNION drops a row found by both arms (ADR 0006).
 */
function searchMatches(tenantId: string, condition: SQL, search: string): SQL {
  const byName = sql`select ${transactions.id} as id, ${transactions.createdAt} as at from ${transactions}
    where ${condition} and ${transactions.customerId} = any(array(${customerIdsWithNameLike(tenantId, search)}))`;
  const uid = normalizeCardUid(search);
  if (!uid) return sql`(${byName})`;
  return sql`(${byName} union select ${transactions.id}, ${transactions.createdAt} from ${transactions}
    where ${condition} and ${transactions.cardId} = any(array(${cardIdsWithUidLike(tenantId, uid)})))`;
}

/**
 * What a TransactionItem shows of other modules, as their owners' projections to join within
 * the tenant (ADR 0012): the card's UID (`cu`, cards), the customer's names (`cs`, customers)
 * and the store's name (`sn`, stores), with the select `columns` of a joined ledger row.
 */
function ledgerItemJoins(db: DbOrTx) {
  const cu = cardUids(db);
  const cs = customerSummaries(db);
  const sn = storeNames(db);
  const columns = { t: transactions, cardUid: cu.cardUid, firstName: cs.firstName, lastName: cs.lastName, storeName: sn.name, reversed: reversedAmountSql() };
  return { cu, cs, sn, columns };
}

/**
 * What of a ledger row has been reversed (cents), as a select column: for an EARN the purchase
 * amount its REFUND rows returned, for a REDEEM the amount its VOID gave back, else 0 (issue
 * 14). Read through the (tenant_id, reverses_transaction_id) index, only for those two types.
 */
function reversedAmountSql() {
  return sql<string>`case when ${transactions.type} in ('EARN', 'REDEEM') then (select coalesce(sum(r.amount_cents), 0) from ${transactions} r
    where r.tenant_id = ${transactions.tenantId} and r.reverses_transaction_id = ${transactions.id}) else 0 end`;
}

/** Ledger rows by id, in the order of `ids`, as TransactionItems (see ledgerPage). */
export async function ledgerItemsByIds(db: DbOrTx, tenantId: string, ids: string[]): Promise<TransactionItem[]> {
  if (ids.length === 0) return [];
  const { cu, cs, sn, columns } = ledgerItemJoins(db);
  const rows = await db
    .select(columns)
    .from(transactions)
    .innerJoin(cu, and(eq(cu.tenantId, tenantId), eq(cu.id, transactions.cardId)))
    .leftJoin(cs, and(eq(cs.tenantId, tenantId), eq(cs.id, transactions.customerId)))
    .leftJoin(sn, and(eq(sn.tenantId, tenantId), eq(sn.id, transactions.storeId)))
    .where(and(eq(transactions.tenantId, tenantId), sql`${transactions.id} = any(${`{${ids.join(',')}}`}::uuid[])`));
  const byId = new Map(rows.map((r) => [r.t.id, toItem(r)]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

/** One joined ledger row → TransactionItem (spec §3 'Transaction'; cents, ISO-8601). */
function toItem({ t, cardUid, firstName, lastName, storeName, reversed }: {
  t: typeof transactions.$inferSelect;
  cardUid: string;
  firstName: string | null;
  lastName: string | null;
  storeName: string | null;
  reversed: string | number;
}): TransactionItem {
  return {
    id: t.id,
    customerId: t.customerId,
    customerName: firstName ? `${firstName} ${lastName}` : null,
    cardUid,
    type: t.type,
    category: t.category ?? null,
    amountCents: t.amountCents,
    cashbackCents: t.cashbackCents,
    beforeBalanceCents: t.beforeBalanceCents,
    afterBalanceCents: t.afterBalanceCents,
    storeId: t.storeId,
    storeName,
    note: t.note,
    reversesTransactionId: t.reversesTransactionId,
    reversedAmountCents: Number(reversed),
    unrecoveredCents: t.unrecoveredCents,
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
  const { cu, cs, sn, columns } = ledgerItemJoins(db);
  const rows = await db
    .select(columns)
    .from(page)
    .innerJoin(transactions, and(eq(transactions.tenantId, tenantId), eq(transactions.id, page.id)))
    .innerJoin(cu, and(eq(cu.tenantId, tenantId), eq(cu.id, transactions.cardId)))
    .leftJoin(cs, and(eq(cs.tenantId, tenantId), eq(cs.id, transactions.customerId)))
    .leftJoin(sn, and(eq(sn.tenantId, tenantId), eq(sn.id, transactions.storeId)))
    .orderBy(desc(page.at), desc(page.id));
  return rows.map(toItem);
}

/**
 * GET /transactions (spec §7, §9 'page size 50, pages start at 1'): the tenant's ledger,
 * newest first (created_at desc, id desc), filtered per `ledgerCondition` and, with
 * `search`, per `searchMatches` (customer name or card UID); page from 1,
 * `limit` rows. Returns `{ transactions, total, pages }`, money in cents. `total` comes from
 * the daily rollup plus a live tail (ADR 0006) unless the query has search, customerId or cardId,
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
    if (q.customerId || q.cardId) {
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

/**
 * GET /api/v1/transactions (issue 17: cursor pagination): up to `limit` ledger rows of the
 * tenant, newest first, optionally of one `type` or one customer, after the row
 * `startingAfter` (the last id of the previous page) when given; `hasMore` tells whether
 * another page follows. Reads the same (tenant, created_at, id) index as the list. Throws 400
 * 'starting_after is not a transaction of this business' (details `querystring.starting_after`)
 * for an unknown or another tenant's id.
 */
export async function listTransactionsAfter(
  db: DbOrTx,
  tenantId: string,
  q: { limit: number; startingAfter?: string; type?: TransactionListQuery['type']; customerId?: string },
): Promise<{ transactions: TransactionItem[]; hasMore: boolean }> {
  const where: SQL[] = [ledgerCondition(tenantId, { type: q.type, customerId: q.customerId })];
  if (q.startingAfter) {
    const [cursor] = await db
      .select({ createdAt: transactions.createdAt, id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.tenantId, tenantId), eq(transactions.id, q.startingAfter)));
    if (!cursor) throw badRequest('starting_after is not a transaction of this business', [{ field: 'querystring.starting_after', message: 'Unknown id' }]);
    where.push(sql`(${transactions.createdAt}, ${transactions.id}) < (${cursor.createdAt}, ${cursor.id})`);
  }
  const rows = await ledgerPage(db, tenantId, and(...where)!, q.limit + 1, 0);
  return { transactions: rows.slice(0, q.limit), hasMore: rows.length > q.limit };
}

/**
 * Writes the webhook events of new ledger rows `ids` of tenant `tenantId` to the webhook outbox
 * in `tx`, the rows' own transaction (issue 17 'Outgoing webhooks'): `transaction.created` for
 * every row, whatever its type, with the row as GET /api/v1/transactions lists it
 * (TransactionItem), and `cashback.expired` for EXPIRE rows (`{ transactionId, cardUid,
 * customerId, expiredCents, balanceCents, expiredAt }`, cents). One indexed read when the
 * tenant has no endpoint subscribed to these; the rows are read only when one is.
 */
export async function announceLedgerRows(tx: DbOrTx, tenantId: string, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  const subscribed = await webhookSubscriptions(tx, tenantId);
  const created = subscribed.has('transaction.created');
  const expired = subscribed.has('cashback.expired');
  if (!created && !expired) return;
  const items = await ledgerItemsByIds(tx, tenantId, [...ids]);
  const events: WebhookEvent[] = [];
  for (const item of items) {
    if (created) events.push({ type: 'transaction.created', data: item });
    if (expired && item.type === 'EXPIRE') {
      events.push({
        type: 'cashback.expired',
        data: { transactionId: item.id, cardUid: item.cardUid, customerId: item.customerId, expiredCents: item.amountCents, balanceCents: item.afterBalanceCents, expiredAt: item.createdAt },
      });
    }
  }
  await enqueueWebhookEvents(tx, tenantId, events, now);
}

/** The hourly expiry run (issue 14, lots.ts `expireDueLots`) with the webhook events of the EXPIRE rows it writes (issue 17). */
export function expireCashback(db: Database, now: Date): Promise<ExpiryRunResult> {
  return expireDueLots(db, now, 1000, announceLedgerRows);
}

/** Why a checkout's credit could not be applied (the checkout is completed anyway; a refund is manual). */
export type CreditRefusal = 'card not found' | 'card no longer belongs to the customer';

/**
 * Credits money paid from outside to a card (decisions.md 'Payments': add funds, ADR 0008), in
 * the caller's transaction `tx`: locks the tenant's card `cardId` FOR UPDATE; unless it is gone
 * or no longer held by `customerId`, adds `amountCents` (cents, > 0) to its balance and appends
 * one ledger row (type ADD_FUNDS (issue 14), category null, cashback 0, before/after balances, the customer,
 * the card's store, `userId` who asked for it, `note`). The card is credited even if it was
 * BLOCKED meanwhile (the money is paid; blocking only stops the POS). Returns null when
 * credited, else why not (nothing written).
 */
export async function creditCard(
  tx: Tx,
  input: { tenantId: string; cardId: string | null; customerId: string | null; amountCents: number; userId: string | null; note: string },
): Promise<CreditRefusal | null> {
  const { tenantId } = input;
  const card = input.cardId ? await lockCard(tx, tenantId, input.cardId) : null;
  if (!card) return 'card not found';
  if (!input.customerId || card.customerId !== input.customerId) return 'card no longer belongs to the customer';
  const before = card.balanceCents;
  const after = before + input.amountCents;
  await setCardBalance(tx, tenantId, card.id, after);
  const [credit] = await tx.insert(transactions).values({
    tenantId,
    cardId: card.id,
    customerId: input.customerId,
    storeId: card.storeId,
    userId: input.userId,
    type: 'ADD_FUNDS',
    category: null,
    amountCents: input.amountCents,
    cashbackCents: 0,
    beforeBalanceCents: before,
    afterBalanceCents: after,
    note: input.note,
  }).returning({ id: transactions.id });
  await openLotOf(tx, tenantId, credit.id);
  await announceLedgerRows(tx, tenantId, [credit.id], new Date());
  await writeAudit(tx, { tenantId, userId: input.userId, action: 'card.add_funds', entity: 'transaction', entityId: credit.id, before: { cardId: card.id, balanceCents: before }, after: { cardId: card.id, amountCents: input.amountCents, balanceCents: after } });
  return null;
}

/**
 * The customer page's lifetime figures (cents): Σ cashback of the customer's EARN rows less
 * their refunds' claw-backs, and Σ amount of their REDEEM rows less what voids gave back
 * (ADR 0014).
 */
export async function customerLedgerSums(db: DbOrTx, tenantId: string, customerId: string): Promise<{ earnedCents: number; redeemedCents: number }> {
  const [sums] = await db
    .select({
      earned: sql<string>`coalesce(sum(${transactions.cashbackCents}) filter (where ${transactions.type} = 'EARN'), 0) - coalesce(sum(${transactions.cashbackCents}) filter (where ${transactions.type} = 'REFUND'), 0)`,
      redeemed: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.type} = 'REDEEM'), 0) - coalesce(sum(${transactions.amountCents}) filter (where ${transactions.type} = 'VOID'), 0)`,
    })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.customerId, customerId)));
  return { earnedCents: Number(sums?.earned ?? 0), redeemedCents: Number(sums?.redeemed ?? 0) };
}

/** The customer's `limit` newest ledger rows (created_at desc, id desc) as TransactionItems (the customer page's Recent Transactions). */
export async function recentLedgerOfCustomer(db: DbOrTx, tenantId: string, customerId: string, limit: number): Promise<TransactionItem[]> {
  return ledgerPage(db, tenantId, ledgerCondition(tenantId, { customerId }), limit, 0);
}

/** The card's `limit` newest ledger rows (created_at desc, id desc): id, type, category, amount and cashback in cents, time (the public card page). */
export async function recentLedgerOfCard(db: DbOrTx, tenantId: string, cardId: string, limit: number) {
  return db
    .select({
      id: transactions.id,
      type: transactions.type,
      category: transactions.category,
      amountCents: transactions.amountCents,
      cashbackCents: transactions.cashbackCents,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.cardId, cardId)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
}

/**
 * The transactions export as one query for COPY (spec §7 'Exports'; issue 15 'CSV export', ADR
 * 0017): the ledger rows matching `condition` (ledgerCondition), newest first (created_at desc,
 * id desc: the (tenant_id, created_at desc, id desc) index, so PostgreSQL streams without a
 * sort), one text column per contract TRANSACTION_CSV_COLUMNS, named after it and formatted
 * as the file shows it: dates ISO 8601 UTC, money as dollars with 2 decimals, text cells made
 * safe (lib/csv-cells.ts), an empty cell for none. Card UID, customer names and store name
 * are joined through their owners' projections within the tenant (ADR 0012).
 */
export function ledgerExportQuery(db: DbOrTx, tenantId: string, condition: SQL) {
  const { cu, cs, sn } = ledgerItemJoins(db);
  const [date, id, type, category, customer, cardUid, store, amount, cashback, before, after, note] = TRANSACTION_CSV_COLUMNS;
  return db
    .select({
      date: isoUtcSql(transactions.createdAt).as(date),
      id: sql`${transactions.id}`.as(id),
      type: sql`${transactions.type}`.as(type),
      category: sql`${transactions.category}`.as(category),
      customer: safeCellSql(sql`${cs.firstName} || ' ' || ${cs.lastName}`).as(customer),
      cardUid: sql`${cu.cardUid}`.as(cardUid),
      store: safeCellSql(sn.name).as(store),
      amount: dollarsSql(transactions.amountCents).as(amount),
      cashback: dollarsSql(transactions.cashbackCents).as(cashback),
      before: dollarsSql(transactions.beforeBalanceCents).as(before),
      after: dollarsSql(transactions.afterBalanceCents).as(after),
      note: safeCellSql(transactions.note).as(note),
    })
    .from(transactions)
    .innerJoin(cu, and(eq(cu.tenantId, tenantId), eq(cu.id, transactions.cardId)))
    .leftJoin(cs, and(eq(cs.tenantId, tenantId), eq(cs.id, transactions.customerId)))
    .leftJoin(sn, and(eq(sn.tenantId, tenantId), eq(sn.id, transactions.storeId)))
    .where(condition)
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
}

/** One ledger row of a customer's data export (ADR 0026): money in cents, the instant as a Date. */
export interface ExportLedgerRow {
  id: string;
  createdAt: Date;
  cardUid: string;
  type: string;
  category: string | null;
  storeName: string | null;
  amountCents: number;
  cashbackCents: number;
  beforeBalanceCents: number;
  afterBalanceCents: number;
  note: string | null;
}

/** Every ledger row of the tenant's cards `cardIds`, oldest first (created_at, id): the export's transactions.csv. */
export async function ledgerRowsOfCards(db: DbOrTx, tenantId: string, cardIds: readonly string[]): Promise<ExportLedgerRow[]> {
  if (!cardIds.length) return [];
  const { cu, sn } = ledgerItemJoins(db);
  const rows = await db
    .select({
      id: transactions.id,
      createdAt: transactions.createdAt,
      cardUid: cu.cardUid,
      type: transactions.type,
      category: transactions.category,
      storeName: sn.name,
      amountCents: transactions.amountCents,
      cashbackCents: transactions.cashbackCents,
      beforeBalanceCents: transactions.beforeBalanceCents,
      afterBalanceCents: transactions.afterBalanceCents,
      note: transactions.note,
    })
    .from(transactions)
    .innerJoin(cu, and(eq(cu.tenantId, tenantId), eq(cu.id, transactions.cardId)))
    .leftJoin(sn, and(eq(sn.tenantId, tenantId), eq(sn.id, transactions.storeId)))
    .where(and(eq(transactions.tenantId, tenantId), inArray(transactions.cardId, [...cardIds])))
    .orderBy(transactions.createdAt, transactions.id);
  return rows.map((r) => ({ ...r, amountCents: Number(r.amountCents), cashbackCents: Number(r.cashbackCents), beforeBalanceCents: Number(r.beforeBalanceCents), afterBalanceCents: Number(r.afterBalanceCents) }));
}

/**
 * Removes `values` (an erased customer's e-mail, phone and names; ADR 0026) from the notes of
 * the ledger rows of the tenant's cards `cardIds` in `tx`: each occurrence becomes 'Erased
 * customer'. Amounts, dates, stores and types stay (the accounts need them).
 */
export async function scrubLedgerNotes(tx: Tx, tenantId: string, cardIds: readonly string[], values: readonly string[]): Promise<void> {
  if (!cardIds.length || !values.length) return;
  await tx
    .update(transactions)
    .set({ note: scrubTextSql(sql`${transactions.note}`, values) })
    .where(and(eq(transactions.tenantId, tenantId), inArray(transactions.cardId, [...cardIds]), sql`${transactions.note} is not null`));
}
