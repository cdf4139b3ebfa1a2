import { sql } from 'drizzle-orm';
import type { LimitSettings, RiskFlagMovement, VelocityLimitAction, VelocityLimitKey } from '@loyalty/contract';
import { formatCents } from '@loyalty/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import { cardUidAndHolder } from '../cards/index.ts';
import { flagMovement, type CrossedLimit } from '../risk/index.ts';
import type { PosContext } from './context.ts';

/**
 * Velocity limits at the till (docs/product.md 'Velocity limits', ADR 0050): checked inside the
 * movement's transaction, after the card's lock (and, for the staff limit, a lock on the staff
 * member's day), so concurrent movements on one card or by one staff member see each other:
 * 20 parallel earns on a card allowed 5 a day → exactly 5. "A day" is the business's own day
 * (its time zone) of the movement. Every EARN and REDEEM row counts, a voided redemption
 * included: the limit is about how the card was used.
 */

/** The refusal's text, naming the limit (`value`: a count for CARD_EARNS_PER_DAY, cents otherwise). */
function velocityLimitText(limit: VelocityLimitKey, value: number): string {
  switch (limit) {
    case 'CARD_EARNS_PER_DAY':
      return `Limit reached: ${value} ${value === 1 ? 'earn' : 'earns'} per card a day`;
    case 'CARD_EARN_AMOUNT':
      return `Limit reached: purchases up to ${formatCents(value)} per earn`;
    case 'CARD_REDEEM_PER_DAY':
      return `Limit reached: ${formatCents(value)} redeemed per card a day`;
    case 'STAFF_REDEEM_PER_DAY':
      return `Limit reached: ${formatCents(value)} redeemed per staff member a day`;
  }
}

/** A crossed limit: refused (throws 422 VELOCITY_LIMIT, nothing written) or kept to be flagged. */
function crossed(limit: VelocityLimitKey, value: number, action: VelocityLimitAction, day: string): CrossedLimit {
  if (action === 'REFUSE') throw new AppError('VELOCITY_LIMIT', velocityLimitText(limit, value), { limit, value });
  return { limit, value, day };
}

/** The business day of `at` in `timezone` and its bounds, as SQL over the one statement that counts. */
function dayBounds(at: Date, timezone: string) {
  const local = sql`(${at.toISOString()}::timestamptz at time zone ${timezone}::text)`;
  return {
    day: sql<string>`to_char(${local}, 'YYYY-MM-DD')`,
    start: sql`(date_trunc('day', ${local}) at time zone ${timezone}::text)`,
    end: sql`((date_trunc('day', ${local}) + interval '1 day') at time zone ${timezone}::text)`,
  };
}

/** An earn about to be written: the card (locked by the caller), the purchase (cents) and its time. */
export interface EarnVelocity {
  tenantId: string;
  timezone: string;
  cardId: string;
  amountCents: number;
  at: Date;
}

/** The earn `ctx` makes on card `cardId` for a purchase of `amountCents` made at `at` (now, or offline earlier), as the check takes it. */
export function earnVelocity(ctx: PosContext, cardId: string, amountCents: number, at: Date): EarnVelocity {
  return { tenantId: ctx.tenant.id, timezone: ctx.tenant.timezone, cardId, amountCents, at };
}

/**
 * Checks an earn against the card's limits: the purchase amount of one earn, and the earns of
 * the card's day (this one included). Call it after the card's lock, before the write. Returns
 * the limits crossed that flag (empty: none); throws 422 VELOCITY_LIMIT `{ limit, value }` for a
 * limit that refuses. With both earn limits off it runs no statement.
 */
export async function checkEarnVelocity(tx: DbOrTx, limits: LimitSettings, earn: EarnVelocity): Promise<CrossedLimit[]> {
  const { cardEarnsPerDay, cardEarnAmount } = limits;
  if (!cardEarnsPerDay.enabled && !cardEarnAmount.enabled) return [];
  const b = dayBounds(earn.at, earn.timezone);
  const [row] = rowsOf<{ day: string; n: number | string }>(
    await tx.execute(
      sql`select ${b.day} as day, ${
        cardEarnsPerDay.enabled
          ? sql`(select count(*) from transactions where tenant_id = ${earn.tenantId}::uuid and card_id = ${earn.cardId}::uuid
            and type = 'EARN' and created_at >= ${b.start} and created_at < ${b.end})`
          : sql`0`
      } as n`,
    ),
  );
  const out: CrossedLimit[] = [];
  if (cardEarnAmount.enabled && earn.amountCents > cardEarnAmount.amountCents) {
    out.push(crossed('CARD_EARN_AMOUNT', cardEarnAmount.amountCents, cardEarnAmount.action, row.day));
  }
  if (cardEarnsPerDay.enabled && Number(row.n) + 1 > cardEarnsPerDay.count) {
    out.push(crossed('CARD_EARNS_PER_DAY', cardEarnsPerDay.count, cardEarnsPerDay.action, row.day));
  }
  return out;
}

/** A redemption just written (`transactionId`, its card locked by the write): the card, the staff member (null for an API key), the amount (cents) and its time. */
export interface RedeemVelocity {
  transactionId: string;
  tenantId: string;
  timezone: string;
  cardId: string;
  userId: string | null;
  amountCents: number;
  at: Date;
}

/**
 * Checks a redemption just written in `tx` against the card's day total and the staff member's
 * day total (this one included; a movement by an API key has no staff member). The write locked
 * the card; with the staff limit on this first takes a transaction lock on the staff member, so
 * their concurrent redemptions on other cards wait. A refusal throws, which undoes the write. Returns the limits crossed that flag; throws
 * 422 VELOCITY_LIMIT `{ limit, value }` for one that refuses. With both off it runs no statement.
 */
export async function checkRedeemVelocity(tx: DbOrTx, limits: LimitSettings, redeem: RedeemVelocity): Promise<CrossedLimit[]> {
  const card = limits.cardRedeemPerDay;
  const staff = redeem.userId ? limits.staffRedeemPerDay : { ...limits.staffRedeemPerDay, enabled: false };
  if (!card.enabled && !staff.enabled) return [];
  if (staff.enabled) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`velocity-staff:${redeem.userId}`}, 0))`);
  const b = dayBounds(redeem.at, redeem.timezone);
  const sumOf = (column: 'card_id' | 'user_id', id: string | null) =>
    sql`(select coalesce(sum(amount_cents), 0) from transactions where tenant_id = ${redeem.tenantId}::uuid and ${sql.raw(column)} = ${id}::uuid
      and type = 'REDEEM' and id <> ${redeem.transactionId}::uuid and created_at >= ${b.start} and created_at < ${b.end})`;
  const [row] = rowsOf<{ day: string; byCard: number | string; byStaff: number | string }>(
    await tx.execute(
      sql`select ${b.day} as day, ${card.enabled ? sumOf('card_id', redeem.cardId) : sql`0`} as "byCard", ${
        staff.enabled ? sumOf('user_id', redeem.userId) : sql`0`
      } as "byStaff"`,
    ),
  );
  const out: CrossedLimit[] = [];
  if (card.enabled && Number(row.byCard) + redeem.amountCents > card.amountCents) {
    out.push(crossed('CARD_REDEEM_PER_DAY', card.amountCents, card.action, row.day));
  }
  if (staff.enabled && Number(row.byStaff) + redeem.amountCents > staff.amountCents) {
    out.push(crossed('STAFF_REDEEM_PER_DAY', staff.amountCents, staff.action, row.day));
  }
  return out;
}

/** The movement that crossed limits set to flag, and what it touched. */
export interface CrossingMovement {
  card: { id: string; uid: string };
  /** The card's holder; absent: read from the card. */
  customerId?: string | null;
  userId: string | null;
  storeId: string | null;
  movement: RiskFlagMovement;
}

/** Writes the flags of `crossed` (none: nothing) for movement `m` in `tx`, the movement's transaction (risk module's flagMovement). */
export async function flagCrossed(tx: DbOrTx, ctx: PosContext, crossed: readonly CrossedLimit[], m: CrossingMovement): Promise<void> {
  if (!crossed.length) return;
  const customerId = m.customerId !== undefined ? m.customerId : ((await cardUidAndHolder(tx, ctx.tenant.id, m.card.id))?.customerId ?? null);
  await flagMovement(tx, {
    tenant: ctx.tenant,
    crossed,
    limitTexts: crossed.map((c) => velocityLimitText(c.limit, c.value)),
    ...m,
    customerId,
    at: ctx.now,
    publicUrl: ctx.links?.publicUrl ?? null,
  });
}
