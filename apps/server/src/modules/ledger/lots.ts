import { sql, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { cashbackLots, transactions } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';
import { writeAudits } from '../audit/index.ts';
import { cardBalancesSql, debitCardsSql, lockCardsSkipLockedSql } from './holdings.ts';

/**
 * Cashback lots (docs/product.md 'Expiry', ADR 0015), owned by the ledger: every credit opens a lot,
 * every debit takes the oldest open lots first, and expiry zeroes the lots whose date passed.
 * For every card Σ remaining_cents = its balance. Debits run after the card row is locked (by
 * the movement's own UPDATE or SELECT … FOR UPDATE), so each statement here sees every
 * committed change to the card's lots.
 */

/**
 * The INSERT of the lots credited by the ledger rows of `source`, a relation (a CTE name or a
 * subquery) with columns `tenant_id, card_id, id, created_at, credit` (cents): one lot per row
 * with credit > 0, expiring under the tenant's rule as the ledger's database function
 * `ledger_lot_expiry` computes it (migration 0029; the earn's `ledger_earn_write` calls the same
 * function): AFTER_EARN → at local midnight `days` days after the credit's local date in the
 * tenant's time zone (PostgreSQL's zone maths, so a daylight-saving change moves nothing);
 * NEVER → no expiry. Used inside a correction's own statement (rows.ts) or alone.
 */
export function openLotsSql(source: SQL): SQL {
  return sql`insert into ${cashbackLots} (tenant_id, card_id, source_transaction_id, credited_at, expires_at, amount_cents, remaining_cents)
    select s.tenant_id, s.card_id, s.id, s.created_at, ledger_lot_expiry(s.tenant_id, s.created_at), s.credit, s.credit
    from ${source} s
    where s.credit > 0`;
}

/** Opens the lot of one ledger row `transactionId` (its credit = after − before, cents) in `tx`. */
export async function openLotOf(tx: Tx, tenantId: string, transactionId: string): Promise<void> {
  await tx.execute(
    openLotsSql(
      sql`(select tenant_id, card_id, id, created_at, after_balance_cents - before_balance_cents as credit from ${transactions}
        where tenant_id = ${tenantId} and id = ${transactionId})`,
    ),
  );
}

/**
 * Takes `amountCents` (≥ 0) off the card's open lots, oldest first (credited_at, id): each lot
 * keeps `least(remaining, greatest(0, running − amount))` where `running` is the sum of its
 * remaining and all older lots' (one statement). The card row must be locked by the caller's
 * transaction, and the card must hold at least `amountCents`.
 */
export async function consumeLots(tx: Tx, tenantId: string, cardId: string, amountCents: number): Promise<void> {
  if (amountCents <= 0) return;
  await tx.execute(sql`with open as (
      select id, remaining_cents, sum(remaining_cents) over (order by credited_at, id) as running
      from ${cashbackLots} where tenant_id = ${tenantId} and card_id = ${cardId} and remaining_cents > 0)
    update ${cashbackLots} l set remaining_cents = least(o.remaining_cents, greatest(0, o.running - ${amountCents}))
    from open o
    where l.tenant_id = ${tenantId} and l.id = o.id and o.running - o.remaining_cents < ${amountCents}`);
}

/** Cashback of one card expiring at one instant, as the customer and public card pages show it (cents). */
export interface ExpiringLot {
  cardId: string;
  cents: number;
  expiresAt: Date;
}

/**
 * The cashback of the tenant's cards `cardIds` expiring within `days` days of `now` (
 * '$x.xx expires on DATE' for the next 30 days), per card and expiry instant, soonest first:
 * `[{ cardId, cents, expiresAt }]`, in one statement for all the cards.
 */
export async function expiringOfCards(db: DbOrTx, tenantId: string, cardIds: readonly string[], now: Date, days = 30): Promise<ExpiringLot[]> {
  if (cardIds.length === 0) return [];
  const rows = rowsOf<{ card_id: string; cents: string | number; expires_at: string | Date }>(
    await db.execute(sql`select card_id, sum(remaining_cents) as cents, expires_at from ${cashbackLots}
      where tenant_id = ${tenantId} and card_id = any(${`{${cardIds.join(',')}}`}::uuid[]) and remaining_cents > 0
        and expires_at > ${now.toISOString()}::timestamptz and expires_at <= ${now.toISOString()}::timestamptz + make_interval(days => ${days})
      group by card_id, expires_at order by expires_at, card_id`),
  );
  return rows.map((r) => ({ cardId: r.card_id, cents: Number(r.cents), expiresAt: new Date(r.expires_at) }));
}

/**
 * Rebuilds the lots of a tenant's cards (all tenants when `tenantId` is null) from the ledger,
 * as migration 0012 did: a card's balance is its newest credits (debits take the oldest first),
 * the oldest kept one in part; no expiry. For rows written straight into the ledger by seeds,
 * imports and test fixtures, never for live movements. Returns the number of lots written.
 */
export async function rebuildLots(db: Database, tenantId: string | null = null): Promise<number> {
  const only = tenantId ? sql`and t.tenant_id = ${tenantId}` : sql``;
  return db.transaction(async (tx) => {
    await tx.execute(tenantId ? sql`delete from ${cashbackLots} where tenant_id = ${tenantId}` : sql`delete from ${cashbackLots}`);
    const rows = rowsOf<{ n: string | number }>(
      await tx.execute(sql`with ins as (insert into ${cashbackLots} (tenant_id, card_id, source_transaction_id, credited_at, expires_at, amount_cents, remaining_cents)
        select x.tenant_id, x.card_id, x.id, x.created_at, null, x.credit, least(x.credit, x.balance - x.newer)
        from (
          select t.tenant_id, t.card_id, t.id, t.created_at, t.after_balance_cents - t.before_balance_cents as credit, c.balance_cents as balance,
            coalesce(sum(t.after_balance_cents - t.before_balance_cents) over (
              partition by t.tenant_id, t.card_id order by t.created_at desc, t.id desc rows between unbounded preceding and 1 preceding), 0) as newer
          from ${transactions} t join ${cardBalancesSql()} c on c.tenant_id = t.tenant_id and c.id = t.card_id
          where t.after_balance_cents > t.before_balance_cents and c.balance_cents > 0 ${only}
        ) x
        where x.newer < x.balance
        returning 1)
        select count(*) as n from ins`),
    );
    return Number(rows[0].n);
  });
}

/** What one expiry run did: cards debited (one EXPIRE row each) and cents expired. */
export interface ExpiryRunResult {
  cards: number;
  cents: number;
}

/**
 * Expires every lot whose `expires_at` ≤ `now` (docs/product.md 'Expiry'), in batches of `batchSize`
 * cards, each batch one DB transaction: locks the batch's cards `FOR UPDATE SKIP LOCKED` (cards
 * module), then in one statement zeroes their due lots, takes the sum off each card (never
 * below zero: the lots are part of the balance) and appends one EXPIRE ledger row per card
 * (amount = cents expired, before/after, the card's holder and store, no user, created at
 * `now`), then writes their audit rows ('cashback.expire', ADR 0025) with the audit module's
 * `writeAudits` in one more statement of the batch's transaction. Safe to run from several
 * server instances at once: a card is locked by one run, and a run that gets it later finds no due lot, so each lot expires exactly once. No tenant-wide
 * lock. Stops when a batch locks nothing. `announce`, when given, is called in each batch's
 * transaction with the EXPIRE rows' ids per tenant (their webhook events).
 */
export async function expireDueLots(
  db: Database,
  now: Date,
  batchSize = 1000,
  announce?: (tx: Tx, tenantId: string, ids: string[], now: Date) => Promise<void>,
): Promise<ExpiryRunResult> {
  const at = now.toISOString();
  const result: ExpiryRunResult = { cards: 0, cents: 0 };
  for (let round = 0; round < 100_000; round++) {
    const batch = await db.transaction(async (tx) => {
      const locked = rowsOf<{ tenant_id: string; id: string }>(
        await tx.execute(
          lockCardsSkipLockedSql(sql`select distinct tenant_id, card_id from ${cashbackLots}
            where remaining_cents > 0 and expires_at <= ${at}::timestamptz limit ${batchSize}`),
        ),
      );
      if (locked.length === 0) return null;
      const pairs = sql.join(
        locked.map((c) => sql`(${c.tenant_id}::uuid, ${c.id}::uuid)`),
        sql`, `,
      );
      const rows = rowsOf<{
        tenant_id: string;
        id: string;
        card_id: string;
        cents: string | number;
        before_cents: string | number;
        after_cents: string | number;
      }>(
        await tx.execute(sql`with
          k(tenant_id, card_id) as (values ${pairs}),
          due as (select l.tenant_id, l.card_id, sum(l.remaining_cents) as cents from ${cashbackLots} l join k using (tenant_id, card_id)
            where l.remaining_cents > 0 and l.expires_at <= ${at}::timestamptz group by 1, 2),
          zeroed as (update ${cashbackLots} l set remaining_cents = 0, expired_cents = l.expired_cents + l.remaining_cents from k
            where l.tenant_id = k.tenant_id and l.card_id = k.card_id and l.remaining_cents > 0 and l.expires_at <= ${at}::timestamptz),
          debited as (${debitCardsSql(sql`due`)}),
          expired as (insert into ${transactions} (tenant_id, card_id, customer_id, store_id, user_id, type, category, amount_cents, cashback_cents, before_balance_cents, after_balance_cents, note, created_at)
            select d.tenant_id, d.id, d.customer_id, d.store_id, null, 'EXPIRE', null, due.cents, 0, d.balance_cents + due.cents, d.balance_cents, 'Expired cashback', ${at}::timestamptz
            from debited d join due on due.tenant_id = d.tenant_id and due.card_id = d.id
            returning tenant_id, id, card_id, amount_cents, before_balance_cents, after_balance_cents)
          select tenant_id, id, card_id, amount_cents as cents, before_balance_cents as before_cents, after_balance_cents as after_cents from expired`),
      );
      // The batch's audit rows (ADR 0025), written by the audit module in the batch's transaction.
      await writeAudits(
        tx,
        rows.map((e) => ({
          tenantId: e.tenant_id,
          userId: null,
          apiKeyId: null,
          ip: null,
          action: 'cashback.expire' as const,
          entity: 'transaction' as const,
          entityId: e.id,
          before: { cardId: e.card_id, balanceCents: Number(e.before_cents) },
          after: { cardId: e.card_id, expiredCents: Number(e.cents), balanceCents: Number(e.after_cents) },
        })),
      );
      const byTenant = new Map<string, string[]>();
      for (const r of rows) byTenant.set(r.tenant_id, [...(byTenant.get(r.tenant_id) ?? []), r.id]);
      if (announce) for (const [tenantId, ids] of byTenant) await announce(tx, tenantId, ids, now);
      return { cards: rows.length, cents: rows.reduce((sum, r) => sum + Number(r.cents), 0) };
    });
    if (!batch) break;
    result.cards += batch.cards;
    result.cents += batch.cents;
  }
  return result;
}
