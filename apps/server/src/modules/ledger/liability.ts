import { sql, type SQL } from 'drizzle-orm';
import type { LiabilityAgeBucket, LiabilityPeriod } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { cashbackLots, ledgerDailyTotals, ledgerRollupState, lotTotalDeltas, lotTotals, transactions } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';
import { compactCardBalances, tenantsWithCardBalanceDeltas } from './balance-summaries.ts';

/**
 * The ledger's part of the liability report (docs/product.md 'Reports'), owned by the transactions
 * module (ADR 0012: `transactions` and `cashback_lots` are the ledger's): a period's movements
 * per local day, the balance change after the period, the open lots by age and what expires
 * soon. Every figure in integer cents. Days are calendar days in the IANA zone `timezone`.
 */

/** A period's movements before the breakage rate (LiabilityPeriod without breakageRateBps). */
export type PeriodSums = Omit<LiabilityPeriod, 'breakageRateBps'>;

/** One local day's movements and its net balance change (Σ after − before of its rows). */
export interface DaySums extends PeriodSums {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** Σ (after − before) of the day's rows. */
  deltaCents: number;
}

/** The period [from 00:00, to + 1 00:00) in `timezone` as SQL bounds of created_at. */
function bounds(from: string, to: string, timezone: string): { lo: SQL; hi: SQL } {
  return {
    lo: sql`((${from}::date)::timestamp at time zone ${timezone})`,
    hi: sql`((${to}::date + 1)::timestamp at time zone ${timezone})`,
  };
}

/** The aggregates of PeriodSums over ledger rows (unqualified columns), as SQL select items. */
const SUMS = sql.raw(`coalesce(sum(cashback_cents) filter (where type = 'EARN'), 0) as earned,
  coalesce(sum(amount_cents) filter (where type = 'REDEEM'), 0) as redeemed,
  coalesce(sum(cashback_cents - unrecovered_cents) filter (where type = 'REFUND'), 0) as refunded,
  coalesce(sum(unrecovered_cents) filter (where type = 'REFUND'), 0) as unrecovered,
  coalesce(sum(amount_cents) filter (where type = 'VOID'), 0) as voided,
  coalesce(sum(after_balance_cents - before_balance_cents) filter (where type = 'ADJUST'), 0) as adjusted,
  coalesce(sum(amount_cents) filter (where type = 'ADD_FUNDS'), 0) as added,
  coalesce(sum(amount_cents) filter (where type = 'EXPIRE'), 0) as expired,
  coalesce(sum(amount_cents) filter (where type = 'BONUS'), 0) as bonus`);

/**
 * SUMS over rollup rows (ledger_daily_totals: amount and cashback per type). The rollup keeps no
 * unrecovered cents, so `refunded` is the whole claw-back asked for and `unrecovered` is 0: the
 * callers add the REFUND rows' unrecovered part from the ledger (ADR 0014).
 */
const ROLLUP_SUMS = sql.raw(`coalesce(sum(cashback_cents) filter (where type = 'EARN'), 0) as earned,
  coalesce(sum(amount_cents) filter (where type = 'REDEEM'), 0) as redeemed,
  coalesce(sum(cashback_cents) filter (where type = 'REFUND'), 0) as refunded,
  0 as unrecovered,
  coalesce(sum(amount_cents) filter (where type = 'VOID'), 0) as voided,
  coalesce(sum(amount_cents) filter (where type = 'ADJUST'), 0) as adjusted,
  coalesce(sum(amount_cents) filter (where type = 'ADD_FUNDS'), 0) as added,
  coalesce(sum(amount_cents) filter (where type = 'EXPIRE'), 0) as expired,
  coalesce(sum(amount_cents) filter (where type = 'BONUS'), 0) as bonus`);

type SumsRow = Record<'earned' | 'redeemed' | 'refunded' | 'unrecovered' | 'voided' | 'adjusted' | 'added' | 'expired' | 'bonus', string | number>;

/** A SUMS row as PeriodSums (numbers). */
function periodOf(r: SumsRow): PeriodSums {
  return {
    earnedCents: Number(r.earned),
    redeemedCents: Number(r.redeemed),
    refundedCents: Number(r.refunded),
    unrecoveredCents: Number(r.unrecovered),
    voidedCents: Number(r.voided),
    adjustedCents: Number(r.adjusted),
    addedFundsCents: Number(r.added),
    expiredCents: Number(r.expired),
    bonusCents: Number(r.bonus),
  };
}

/** PeriodSums of nothing. */
export const ZERO_SUMS: PeriodSums = periodOf({ earned: 0, redeemed: 0, refunded: 0, unrecovered: 0, voided: 0, adjusted: 0, added: 0, expired: 0, bonus: 0 });

/** Time zones whose days are UTC days, so the daily rollup (UTC days, ADR 0006) can serve them. */
export const UTC_ZONES: ReadonlySet<string> = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Universal', 'Zulu', 'Etc/Zulu']);

/** The day rows of a statement below: a day (null: after the period, live statement only), SUMS and the net delta. */
type DayRow = SumsRow & { day: string | null; delta: string | number };

/** Splits day rows into the period's days (ascending) and the net delta of the days after `to`. */
function splitDays(rows: DayRow[], to: string): { days: DaySums[]; afterCents: number } {
  let afterCents = 0;
  const days: DaySums[] = [];
  for (const r of rows) {
    if (r.day === null || r.day > to) afterCents += Number(r.delta);
    else days.push({ date: r.day, ...periodOf(r), deltaCents: Number(r.delta) });
  }
  return { days: days.sort((a, b) => a.date.localeCompare(b.date)), afterCents };
}

/**
 * The tenant's ledger movements per local day of [from, to] (only days with rows, ascending)
 * and `afterCents`, the net balance change of all rows after the period, in ONE statement
 * (one snapshot). For a UTC tenant the closed days come from the daily rollup (call
 * `ensureRollup` first; see `utcLedgerDays`); in any other zone a UTC day straddles two local
 * days, so it is a single pass over the rows from `from` on by transactions_tenant_created_idx.
 */
export async function ledgerDays(db: DbOrTx, tenantId: string, from: string, to: string, timezone: string): Promise<{ days: DaySums[]; afterCents: number }> {
  if (UTC_ZONES.has(timezone)) return utcLedgerDays(db, tenantId, from, to);
  const { lo } = bounds(from, to, timezone);
  const rows = rowsOf<DayRow>(
    await db.execute(sql`select (created_at at time zone ${timezone})::date::text as day, ${SUMS},
        coalesce(sum(after_balance_cents - before_balance_cents), 0) as delta
      from ${transactions} where tenant_id = ${tenantId} and created_at >= ${lo}
      group by 1`),
  );
  return splitDays(rows, to);
}

/**
 * `ledgerDays` in UTC from the daily rollup (ADR 0006) plus a live tail, in one statement after
 * reading `rolled_until`: the rolled-up days from `from` on (before `rolled_until`) give every sum but the refunds'
 * unrecovered part, which a scan of those days' REFUND rows adds (the type is a key column of
 * transactions_tenant_created_idx, so only REFUND rows are fetched); the days from
 * `rolled_until` on are read live. A rolled-up day's net delta is derived from its sums (EARN
 * +cashback, ADD_FUNDS, BONUS, ADJUST (signed amount) and VOID +amount, REDEEM and EXPIRE −amount,
 * REFUND −(cashback − unrecovered); ADR 0014), which is what after − before is for each type.
 */
async function utcLedgerDays(db: DbOrTx, tenantId: string, from: string, to: string): Promise<{ days: DaySums[]; afterCents: number }> {
  const lo = sql`((${from}::date)::timestamp at time zone 'UTC')`;
  // Read first and inlined as a value: a subquery's value is unknown to the planner, which then
  // expects a third of the ledger after it and scans the whole table instead of the index range.
  const [state] = rowsOf<{ ru: string }>(await db.execute(sql`select rolled_until::text as ru from ${ledgerRollupState} where tenant_id = ${tenantId}`));
  const rolledUntil = sql`${state?.ru ?? '-infinity'}::date`;
  const rolledAt = sql`((${rolledUntil})::timestamp at time zone 'UTC')`;
  const rows = rowsOf<DayRow>(
    await db.execute(sql`select day, sum(earned) as earned, sum(redeemed) as redeemed, sum(refunded) as refunded, sum(unrecovered) as unrecovered,
        sum(voided) as voided, sum(adjusted) as adjusted, sum(added) as added, sum(expired) as expired, sum(bonus) as bonus, sum(delta) as delta
      from (
        select r.day::text as day, r.earned, r.redeemed, r.refunded, r.unrecovered, r.voided, r.adjusted, r.added, r.expired, r.bonus,
          r.earned + r.added + r.adjusted + r.voided + r.bonus - r.redeemed - r.expired - r.refunded as delta
        from (
          select day, ${ROLLUP_SUMS}
          from ${ledgerDailyTotals}
          where tenant_id = ${tenantId} and day >= ${from}::date and day < ${rolledUntil}
          group by day) r
        union all
        select (created_at at time zone 'UTC')::date::text, 0, 0, -sum(unrecovered_cents), sum(unrecovered_cents), 0, 0, 0, 0, 0, sum(unrecovered_cents)
        from ${transactions}
        where tenant_id = ${tenantId} and type = 'REFUND' and created_at >= ${lo} and created_at < ${rolledAt}
        group by 1
        union all
        select (created_at at time zone 'UTC')::date::text, ${SUMS}, coalesce(sum(after_balance_cents - before_balance_cents), 0)
        from ${transactions}
        where tenant_id = ${tenantId} and created_at >= greatest(${lo}, ${rolledAt})
        group by 1
      ) u
      group by day`),
  );
  return splitDays(rows, to);
}

/**
 * PeriodSums of each of `tenantIds` over [from 00:00, to + 1 00:00) UTC (the operator's report),
 * in one statement (one snapshot), per tenant from its daily rollup (ADR 0006; call
 * `ensureRollup` for each first) plus a live tail, as `utcLedgerDays` does for one tenant: the
 * rolled-up days of the period before the tenant's `rolled_until`, the REFUND rows' unrecovered
 * part of those days, and the ledger rows from `rolled_until` on (a lateral join per tenant, so
 * each part is an index range scan: the ledger's indexes lead with tenant_id). Tenants without
 * rows get ZERO_SUMS. Cents.
 */
export async function ledgerPeriodByTenant(db: DbOrTx, tenantIds: readonly string[], from: string, to: string): Promise<Map<string, PeriodSums>> {
  if (!tenantIds.length) return new Map();
  const { lo, hi } = bounds(from, to, 'UTC');
  const ids = sql`${`{${tenantIds.join(',')}}`}::uuid[]`;
  const rows = rowsOf<SumsRow & { tenant_id: string }>(
    await db.execute(sql`select t.id as tenant_id, s.* from unnest(${ids}) as t(id)
      left join ${ledgerRollupState} st on st.tenant_id = t.id
      cross join lateral (
        select sum(earned) as earned, sum(redeemed) as redeemed, sum(refunded) as refunded, sum(unrecovered) as unrecovered,
          sum(voided) as voided, sum(adjusted) as adjusted, sum(added) as added, sum(expired) as expired, sum(bonus) as bonus
        from (
          select ${ROLLUP_SUMS} from ${ledgerDailyTotals}
          where tenant_id = t.id and day >= ${from}::date and day <= ${to}::date and day < coalesce(st.rolled_until, '-infinity')
          union all
          select 0, 0, -coalesce(sum(unrecovered_cents), 0), coalesce(sum(unrecovered_cents), 0), 0, 0, 0, 0, 0 from ${transactions}
          where tenant_id = t.id and type = 'REFUND' and created_at >= ${lo}
            and created_at < least(${hi}, coalesce(st.rolled_until, '-infinity')::timestamp at time zone 'UTC')
          union all
          select ${SUMS} from ${transactions}
          where tenant_id = t.id and created_at >= greatest(${lo}, coalesce(st.rolled_until, '-infinity')::timestamp at time zone 'UTC') and created_at < ${hi}
        ) u) s`),
  );
  return new Map(rows.map((r) => [r.tenant_id, periodOf(r)]));
}

/** The open lots' remaining cents by age bucket and the part expiring in (now, now + 30 days]. */
export interface LotFigures {
  byAge: { bucket: LiabilityAgeBucket; cents: number }[];
  expiringNext30DaysCents: number;
}

const HOUR_MS = 3_600_000;

/** totals ∪ deltas of the tenant's lot summary (credited_hour, expires_at, remaining_cents), ADR 0016. */
function lotSummaryRows(tenantId: string): SQL {
  return sql`(select credited_hour, expires_at, remaining_cents from ${lotTotals} where tenant_id = ${tenantId}
    union all select credited_hour, expires_at, remaining_cents from ${lotTotalDeltas} where tenant_id = ${tenantId})`;
}

/**
 * LotFigures of the tenant at `now`, in one statement (one snapshot) that reads the lot summary
 * (ADR 0016: Σ remaining per UTC hour of credit and expiry instant) instead of every open lot.
 * A lot's age is whole days since credited_at (floor): '0-30' ≤ 30, '31-90' ≤ 90, '91-180' ≤ 180,
 * '181-365' ≤ 365, else '>365'. Age ≤ n days ⇔ credited_at > now − (n + 1) days, so an hour of
 * the summary lies wholly on one side of each bound except the four hours holding a bound:
 * those hours are read from the open lots themselves (cashback_lots_tenant_open_idx), so the
 * ages are exact to the microsecond. Expiry instants are kept exactly, so 'expiring in
 * (now, now + 30 days]' is too. Money in cents.
 */
export async function lotFigures(db: DbOrTx, tenantId: string, now: Date): Promise<LotFigures> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const boundMs = (days: number) => now.getTime() - (days + 1) * 86_400_000;
  const after = (days: number) => sql`${new Date(boundMs(days)).toISOString()}::timestamptz`;
  const hours = [30, 90, 180, 365].map((d) => new Date(Math.floor(boundMs(d) / HOUR_MS) * HOUR_MS).toISOString());
  const boundHours = sql`${`{${hours.join(',')}}`}::timestamptz[]`;
  const [r] = rowsOf<Record<'a30' | 'a90' | 'a180' | 'a365' | 'older' | 'expiring', string | number>>(
    await db.execute(sql`with s as (
        select credited_hour as t, expires_at, sum(remaining_cents) as cents from ${lotSummaryRows(tenantId)} x
        where credited_hour <> all(${boundHours}) group by 1, 2
        union all
        select l.credited_at, coalesce(l.expires_at, 'infinity'), l.remaining_cents
        from unnest(${boundHours}) as h(hour)
        join ${cashbackLots} l on l.tenant_id = ${tenantId} and l.remaining_cents > 0 and l.credited_at >= h.hour and l.credited_at < h.hour + interval '1 hour')
      select
        coalesce(sum(cents) filter (where t > ${after(30)}), 0) as a30,
        coalesce(sum(cents) filter (where t <= ${after(30)} and t > ${after(90)}), 0) as a90,
        coalesce(sum(cents) filter (where t <= ${after(90)} and t > ${after(180)}), 0) as a180,
        coalesce(sum(cents) filter (where t <= ${after(180)} and t > ${after(365)}), 0) as a365,
        coalesce(sum(cents) filter (where t <= ${after(365)}), 0) as older,
        coalesce(sum(cents) filter (where expires_at > ${at} and expires_at <= ${at} + interval '30 days'), 0) as expiring
      from s`),
  );
  return {
    byAge: [
      { bucket: '0-30', cents: Number(r.a30) },
      { bucket: '31-90', cents: Number(r.a90) },
      { bucket: '91-180', cents: Number(r.a180) },
      { bucket: '181-365', cents: Number(r.a365) },
      { bucket: '>365', cents: Number(r.older) },
    ],
    expiringNext30DaysCents: Number(r.expiring),
  };
}

/**
 * Folds the tenant's `lot_total_deltas` into `lot_totals` (ADR 0016), as `compactCardBalances`
 * does for card balances: one DB transaction under a per-tenant advisory lock taken with try
 * (returns 0 at once when another compaction holds it), the deltas deleted and added to the
 * totals in one statement. Returns the number of deltas folded.
 */
export async function compactLotTotals(db: Database, tenantId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtextextended(${`lot-totals:${tenantId}`}, 0)) as ok`));
    if (!lock?.ok) return 0;
    const [r] = rowsOf<{ n: string }>(
      await tx.execute(sql`with moved as (delete from ${lotTotalDeltas} where tenant_id = ${tenantId} returning credited_hour, expires_at, remaining_cents),
        folded as (
          insert into ${lotTotals} as t (tenant_id, credited_hour, expires_at, remaining_cents)
          select ${tenantId}::uuid, credited_hour, expires_at, sum(remaining_cents) from moved group by 2, 3 order by 2, 3
          on conflict (tenant_id, credited_hour, expires_at) do update set remaining_cents = t.remaining_cents + excluded.remaining_cents
          returning 1)
        select (select count(*) from moved) as n`),
    );
    return Number(r?.n ?? 0);
  });
}

/** Deletes the tenant's `lot_totals` rows that have come down to zero (fully spent or expired hours); the hourly job's tidy-up. */
async function pruneLotTotals(db: DbOrTx, tenantId: string): Promise<void> {
  await db.execute(sql`delete from ${lotTotals} where tenant_id = ${tenantId} and remaining_cents = 0`);
}

/** The tenants that have lot deltas waiting to be folded (the hourly job compacts each). */
async function tenantsWithLotDeltas(db: DbOrTx): Promise<string[]> {
  return rowsOf<{ tenant_id: string }>(await db.execute(sql`select distinct tenant_id from ${lotTotalDeltas}`)).map((r) => r.tenant_id);
}

/**
 * The hourly tidy-up of the liability summaries (ADR 0016), run by the expiry job after it has
 * expired the due lots: every tenant with waiting deltas has its card-balance and lot deltas
 * folded and its zeroed lot hours deleted, one tenant after another. Returns the tenants done.
 */
export async function compactLiabilityTotals(db: Database): Promise<number> {
  const ids = new Set([...(await tenantsWithCardBalanceDeltas(db)), ...(await tenantsWithLotDeltas(db))]);
  for (const tenantId of ids) {
    await compactCardBalances(db, tenantId);
    await compactLotTotals(db, tenantId);
    await pruneLotTotals(db, tenantId);
  }
  return ids.size;
}
