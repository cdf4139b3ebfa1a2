import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import {
  cardBalanceDeltas,
  cardBalanceTotals,
  cards,
  cashbackLots,
  customers,
  lotTotalDeltas,
  lotTotals,
  NO_STORE_ID,
  transactions,
} from '../src/db/schema/index.ts';

/**
 * The money invariants every server test ends with (setup.ts): each card's balance is the sum of
 * its ledger deltas and of its open lots (docs/product.md 'Ledger'), the liability summaries agree
 * with the cards and lots (ADR 0016), the tenant counters with the customers and cards (ADR 0006).
 * Each returns what disagrees: empty when all is well.
 */

/**
 * The cards of the database whose balance differs from the sum of their ledger deltas
 * (docs/product.md 'Money': balance = Σ(after − before) asks for the
 * check after every test) or from the sum of their open lots (ADR 0015):
 * `[{ cardUid, balanceCents, ledgerSumCents, lotsCents }]`, empty when all hold.
 * One statement over all tenants.
 */
export async function unbalancedCards(db: Database): Promise<{ cardUid: string; balanceCents: number; ledgerSumCents: number; lotsCents: number }[]> {
  const res =
    await db.execute(sql`select c.card_uid as "cardUid", c.balance_cents as "balanceCents", coalesce(l.s, 0) as "ledgerSumCents", coalesce(o.s, 0) as "lotsCents"
    from ${cards} c
    left join (select tenant_id, card_id, sum(after_balance_cents - before_balance_cents) as s from ${transactions} group by 1, 2) l
      on l.tenant_id = c.tenant_id and l.card_id = c.id
    left join (select tenant_id, card_id, sum(remaining_cents) as s from ${cashbackLots} group by 1, 2) o
      on o.tenant_id = c.tenant_id and o.card_id = c.id
    where c.balance_cents <> coalesce(l.s, 0) or c.balance_cents <> coalesce(o.s, 0)
    limit 20`);
  return (
    res as unknown as { rows: { cardUid: string; balanceCents: string | number; ledgerSumCents: string | number; lotsCents: string | number }[] }
  ).rows.map((r) => ({
    cardUid: r.cardUid,
    balanceCents: Number(r.balanceCents),
    ledgerSumCents: Number(r.ledgerSumCents),
    lotsCents: Number(r.lotsCents),
  }));
}

/**
 * Where the liability summaries (ADR 0016: totals + deltas kept by triggers) disagree with the
 * rows they summarise: Σ card balances and cards with a balance per (tenant, store), and Σ open
 * lots' remaining cents per (tenant, UTC hour of credit, expiry). Empty when they agree.
 */
export async function offSummaries(db: Database): Promise<{ summary: string; key: string; live: string; kept: string }[]> {
  const res = await db.execute(sql`
    select 'cards' as summary, coalesce(l.tenant_id, k.tenant_id)::text || ' ' || coalesce(l.store_id, k.store_id)::text as key,
      coalesce(l.cents, 0) || '/' || coalesce(l.n, 0) as live, coalesce(k.cents, 0) || '/' || coalesce(k.n, 0) as kept
    from (select tenant_id, coalesce(store_id, ${NO_STORE_ID}::uuid) as store_id, sum(balance_cents) as cents, count(*) as n
          from ${cards} where balance_cents > 0 group by 1, 2) l
    full join (select tenant_id, store_id, sum(balance_cents) as cents, sum(cards_with_balance) as n
          from (select * from ${cardBalanceTotals} union all select tenant_id, store_id, balance_cents, cards_with_balance from ${cardBalanceDeltas}) u
          group by 1, 2 having sum(balance_cents) <> 0 or sum(cards_with_balance) <> 0) k
      on k.tenant_id = l.tenant_id and k.store_id = l.store_id
    where coalesce(l.cents, 0) <> coalesce(k.cents, 0) or coalesce(l.n, 0) <> coalesce(k.n, 0)
    union all
    select 'lots', coalesce(l.tenant_id, k.tenant_id)::text || ' ' || coalesce(l.h, k.h)::text || ' ' || coalesce(l.e, k.e)::text,
      coalesce(l.cents, 0)::text, coalesce(k.cents, 0)::text
    from (select tenant_id, date_trunc('hour', credited_at, 'UTC') as h, coalesce(expires_at, 'infinity') as e, sum(remaining_cents) as cents
          from ${cashbackLots} where remaining_cents > 0 group by 1, 2, 3) l
    full join (select tenant_id, credited_hour as h, expires_at as e, sum(remaining_cents) as cents
          from (select * from ${lotTotals} union all select tenant_id, credited_hour, expires_at, remaining_cents from ${lotTotalDeltas}) u
          group by 1, 2, 3 having sum(remaining_cents) <> 0) k
      on k.tenant_id = l.tenant_id and k.h = l.h and k.e = l.e
    where coalesce(l.cents, 0) <> coalesce(k.cents, 0)
    limit 20`);
  return (res as unknown as { rows: { summary: string; key: string; live: string; kept: string }[] }).rows;
}

/**
 * Tenants whose `tenant_counters` (ADR 0006, migration 0015) disagree with their rows: customers,
 * cards, ACTIVE cards and cards with an activation date. Empty when they agree.
 */
export async function offCounters(db: Database): Promise<{ tenantId: string; kept: string; live: string }[]> {
  const res = await db.execute(sql`select c.tenant_id as "tenantId",
      c.customers || '/' || c.cards || '/' || c.active_cards || '/' || c.activated_cards as kept,
      (select count(*) from ${customers} where tenant_id = c.tenant_id) || '/' || l.cards || '/' || l.active || '/' || l.activated as live
    from tenant_counters c
    cross join lateral (select count(*) as cards, count(*) filter (where status = 'ACTIVE') as active, count(*) filter (where activated_at is not null) as activated
      from ${cards} where tenant_id = c.tenant_id) l
    where c.customers <> (select count(*) from ${customers} where tenant_id = c.tenant_id)
       or c.cards <> l.cards or c.active_cards <> l.active or c.activated_cards <> l.activated
    limit 20`);
  return (res as unknown as { rows: { tenantId: string; kept: string; live: string }[] }).rows;
}
