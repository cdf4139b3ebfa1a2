import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { cards, customers, transactions, winBackOffers } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';
import { DAY_MS } from '../../lib/time.ts';
import type { LockedCard } from './holdings.ts';

/**
 * The reward state the ledger settles on other modules' rows (docs/product.md 'Rewards', ADR
 * 0049): a referred customer's referral (settled by their first qualifying purchase) and their
 * open win-back offer (opened here when the offer is made, cleared by the purchase that earns
 * it), the card a reward goes to, and who is due a win-back offer. Like holdings.ts, one of the
 * two files of the ledger the lint lets import `cards` and `customers`; it touches only those
 * columns. Who referred whom is written by the customers module.
 */

/** A holder's reward state at a purchase, read under the holder's lock. */
export interface HolderRewardState {
  referredByCustomerId: string | null;
  referralSettledAt: Date | null;
  winBackOfferId: string | null;
  winBackCents: number | null;
  winBackUntil: Date | null;
}

/** The reward state of holder `customerId` (locked by the caller's earn), or null when the customer is gone. */
export async function holderRewardState(tx: Tx, tenantId: string, customerId: string): Promise<HolderRewardState | null> {
  const [row] = await tx
    .select({
      referredByCustomerId: customers.referredByCustomerId,
      referralSettledAt: customers.referralSettledAt,
      winBackOfferId: customers.winBackOfferId,
      winBackCents: customers.winBackCents,
      winBackUntil: customers.winBackUntil,
    })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  return row ?? null;
}

/** Marks holder `customerId`'s referral settled at `at`: no later purchase is a first purchase. */
export async function settleReferral(tx: Tx, tenantId: string, customerId: string, at: Date): Promise<void> {
  await tx
    .update(customers)
    .set({ referralSettledAt: at })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
}

/** Clears holder `customerId`'s open win-back offer (its bonus was earned). */
export async function clearWinBack(tx: Tx, tenantId: string, customerId: string): Promise<void> {
  await tx
    .update(customers)
    .set({ winBackOfferId: null, winBackCents: null, winBackUntil: null })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
}

/**
 * Locks, FOR UPDATE, the card a reward of customer `customerId` is credited to: their newest
 * ACTIVE card (a blocked card gets nothing). Null when they have none. Taken after the
 * purchase's own card and holder: a referrer joined before their friend, so referral chains
 * cannot close a cycle of locks.
 */
export async function lockRewardCard(tx: Tx, tenantId: string, customerId: string): Promise<LockedCard | null> {
  const [card] = await tx
    .select({ id: cards.id, balanceCents: cards.balanceCents, customerId: cards.customerId, storeId: cards.storeId })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.customerId, customerId), eq(cards.status, 'ACTIVE')))
    .orderBy(desc(cards.activatedAt), desc(cards.id))
    .limit(1)
    .for('update');
  return card ?? null;
}

/**
 * Customers of the tenant due a win-back offer at `now` (docs/product.md 'Rewards'): at least one
 * purchase (EARN) ever and none in the last `inactiveDays` days, not erased, with an e-mail and
 * subscribed (an offer is made by e-mail), no open offer, and no offer sent in the last 90 days.
 * Up to `limit` customer ids, longest inactive first; the next run takes the rest.
 */
export async function winBackCandidates(db: DbOrTx, tenantId: string, inactiveDays: number, now: Date, limit: number): Promise<string[]> {
  const at = now.toISOString();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select c.id from ${customers} c
      cross join lateral (select max(e.created_at) as last_earn from ${transactions} e
        where e.tenant_id = c.tenant_id and e.customer_id = c.id and e.type = 'EARN') l
      where c.tenant_id = ${tenantId} and c.erased_at is null and c.email is not null and c.email_opt_out_at is null
        and (c.win_back_until is null or c.win_back_until < ${at}::timestamptz)
        and l.last_earn is not null and l.last_earn < ${at}::timestamptz - make_interval(days => ${inactiveDays})
        and not exists (select 1 from ${winBackOffers} o
          where o.tenant_id = c.tenant_id and o.customer_id = c.id and o.sent_at > ${at}::timestamptz - interval '90 days')
      order by l.last_earn, c.id
      limit ${limit}`),
  );
  return rows.map((r) => r.id);
}

/**
 * Makes customer `customerId` a win-back offer of `bonusCents` valid for `validDays` days from
 * `now`, in `tx`: locks the customer and checks again that they have no open offer and none sent
 * in the last 90 days (two job runs cannot both offer), records the offer and opens it on the
 * customer row. Returns `{ offerId, validUntil }`, or null when no offer was made.
 */
export async function openWinBackOffer(
  tx: Tx,
  o: { tenantId: string; customerId: string; bonusCents: number; validDays: number; now: Date },
): Promise<{ offerId: string; validUntil: Date } | null> {
  const where = and(eq(customers.tenantId, o.tenantId), eq(customers.id, o.customerId));
  const [c] = await tx.select({ winBackUntil: customers.winBackUntil }).from(customers).where(where).for('update');
  if (!c || (c.winBackUntil && c.winBackUntil >= o.now)) return null;
  const [recent] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from ${winBackOffers}
      where tenant_id = ${o.tenantId} and customer_id = ${o.customerId} and sent_at > ${o.now.toISOString()}::timestamptz - interval '90 days'`),
  );
  if (recent.n > 0) return null;
  const validUntil = new Date(o.now.getTime() + o.validDays * DAY_MS);
  const [offer] = await tx
    .insert(winBackOffers)
    .values({ tenantId: o.tenantId, customerId: o.customerId, sentAt: o.now, validUntil, bonusCents: o.bonusCents })
    .returning({ id: winBackOffers.id });
  await tx.update(customers).set({ winBackOfferId: offer.id, winBackCents: o.bonusCents, winBackUntil: validUntil }).where(where);
  return { offerId: offer.id, validUntil };
}
