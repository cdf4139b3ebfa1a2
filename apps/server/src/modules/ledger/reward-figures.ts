import { sql } from 'drizzle-orm';
import type { BonusReason } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { cashbackLots, transactions, winBackOffers } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';

/**
 * The ledger's figures of the Rewards report (docs/product.md 'Rewards'), per month of the
 * business's time zone over the instants [lo, hi): bonuses by reason with what of them was spent
 * (their lots: amount − remaining − expired, so what the till took first-in first-out or a
 * claw-back took back), referrals paid, and win-back offers sent and earned.
 */

/** One month's bonuses of one reason: count, cents credited and cents since spent or taken back. */
export interface BonusMonthFigures {
  month: string;
  reason: BonusReason;
  count: number;
  amountCents: number;
  redeemedCents: number;
}

/** The BONUS rows credited in [lo, hi) grouped by local month ('YYYY-MM' in `timezone`) and reason, with their lots' spent part. */
export async function bonusFiguresByMonth(db: DbOrTx, tenantId: string, timezone: string, lo: Date, hi: Date): Promise<BonusMonthFigures[]> {
  const rows = rowsOf<{ month: string; reason: BonusReason; n: number; amount: string | number; redeemed: string | number }>(
    await db.execute(sql`select to_char(t.created_at at time zone ${timezone}, 'YYYY-MM') as month, t.reason, count(*)::int as n,
        sum(t.amount_cents) as amount, coalesce(sum(l.amount_cents - l.remaining_cents - l.expired_cents), 0) as redeemed
      from ${transactions} t
      left join ${cashbackLots} l on l.tenant_id = t.tenant_id and l.source_transaction_id = t.id
      where t.tenant_id = ${tenantId} and t.type = 'BONUS' and t.created_at >= ${lo.toISOString()}::timestamptz and t.created_at < ${hi.toISOString()}::timestamptz
      group by 1, 2 order by 1, 2`),
  );
  return rows.map((r) => ({ month: r.month, reason: r.reason, count: r.n, amountCents: Number(r.amount), redeemedCents: Number(r.redeemed) }));
}

/** Referrals paid per local month in [lo, hi): the friends' REFERRAL bonus rows (one per converted referral). */
export async function referralsConvertedByMonth(db: DbOrTx, tenantId: string, timezone: string, lo: Date, hi: Date): Promise<Map<string, number>> {
  const rows = rowsOf<{ month: string; n: number }>(
    await db.execute(sql`select to_char(created_at at time zone ${timezone}, 'YYYY-MM') as month, count(*)::int as n from ${transactions}
      where tenant_id = ${tenantId} and type = 'BONUS' and reason = 'REFERRAL' and reward_key like '%:FRIEND'
        and created_at >= ${lo.toISOString()}::timestamptz and created_at < ${hi.toISOString()}::timestamptz
      group by 1`),
  );
  return new Map(rows.map((r) => [r.month, r.n]));
}

/** Win-back offers sent per local month in [lo, hi), and how many of them a purchase earned (their WIN_BACK bonus row). */
export async function winBackByMonth(
  db: DbOrTx,
  tenantId: string,
  timezone: string,
  lo: Date,
  hi: Date,
): Promise<Map<string, { sent: number; cameBack: number }>> {
  const rows = rowsOf<{ month: string; sent: number; back: number }>(
    await db.execute(sql`select to_char(o.sent_at at time zone ${timezone}, 'YYYY-MM') as month, count(*)::int as sent,
        count(*) filter (where exists (select 1 from ${transactions} t where t.tenant_id = o.tenant_id and t.reward_key = 'WIN_BACK:' || o.id::text))::int as back
      from ${winBackOffers} o
      where o.tenant_id = ${tenantId} and o.sent_at >= ${lo.toISOString()}::timestamptz and o.sent_at < ${hi.toISOString()}::timestamptz
      group by 1`),
  );
  return new Map(rows.map((r) => [r.month, { sent: r.sent, cameBack: r.back }]));
}
