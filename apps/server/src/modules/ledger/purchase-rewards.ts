import { sql } from 'drizzle-orm';
import type { BonusReason } from '@loyalty/contract';
import type { Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';
import { DAY_MS } from '../../lib/time.ts';
import { writeAudit } from '../audit/index.ts';
import { readRewardSettings } from '../rules/index.ts';
import { creditBonus } from './bonus.ts';
import { lockCard } from './holdings.ts';
import { appendRow } from './rows.ts';
import { clearWinBack, holderRewardState, lockRewardCard, settleReferral } from './reward-state.ts';

/**
 * The rewards a purchase can bring (docs/product.md 'Rewards', ADR 0049): a referred friend's
 * first qualifying purchase pays the friend and the referrer, and a purchase inside an open
 * win-back offer's window pays that offer's bonus. Decided before the earn's write (so its answer
 * carries the new balance), credited after it, all in the earn's transaction under the holder's
 * lock, so a referral or an offer settles once however often the purchase is retried.
 */

/** One reward a purchase brings: to the purchase's own card (`own`) or to the referrer's. */
interface PlannedBonus {
  reason: BonusReason;
  amountCents: number;
  cardId: string;
  customerId: string;
  rewardKey: string;
  own: boolean;
}

/** What the purchase settles: the bonuses to credit and the holder state to clear. */
export interface PurchaseRewards {
  bonuses: PlannedBonus[];
  settleReferral: boolean;
  clearWinBack: boolean;
}

/** Σ own bonuses (cents): what the purchase's card gets on top of its cashback. */
export function ownBonusCents(plan: PurchaseRewards): number {
  return plan.bonuses.filter((b) => b.own).reduce((sum, b) => sum + b.amountCents, 0);
}

/** How many referral bonuses referrer `customerId` was paid this month (the business's time zone `timezone`). */
async function referrerPaidThisMonth(tx: Tx, tenantId: string, customerId: string, timezone: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from ${transactions}
      where tenant_id = ${tenantId} and customer_id = ${customerId} and type = 'BONUS' and reason = 'REFERRAL' and reward_key like '%:REFERRER'
        and created_at >= (date_trunc('month', now() at time zone ${timezone}) at time zone ${timezone})`),
  );
  return row?.n ?? 0;
}

/**
 * The rewards purchase `p` (`amountCents` on card `cardId` of holder `customerId`, both locked
 * by the earn) brings at `at`. Referral: while the holder's referral is unsettled and referrals
 * are on, a purchase of at least `minPurchaseCents` settles it and pays `friendCents` to this
 * card and `referrerCents` to the referrer's newest ACTIVE card (none when they have none),
 * unless the referrer was already paid `maxPerReferrerPerMonth` this month (then it settles
 * unpaid). Win-back: an offer whose window is open at `at` pays the bonus it was sent with (a
 * promise made by e-mail stands even if win-back was switched off since).
 */
export async function planPurchaseRewards(
  tx: Tx,
  p: { tenantId: string; timezone: string; customerId: string; cardId: string; amountCents: number; at: Date },
): Promise<PurchaseRewards> {
  const plan: PurchaseRewards = { bonuses: [], settleReferral: false, clearWinBack: false };
  const state = await holderRewardState(tx, p.tenantId, p.customerId);
  if (!state) return plan;
  if (state.winBackOfferId && state.winBackUntil && state.winBackUntil >= p.at && state.winBackCents) {
    plan.clearWinBack = true;
    plan.bonuses.push({
      reason: 'WIN_BACK',
      amountCents: state.winBackCents,
      cardId: p.cardId,
      customerId: p.customerId,
      rewardKey: `WIN_BACK:${state.winBackOfferId}`,
      own: true,
    });
  }
  const referrerId = state.referredByCustomerId;
  if (!referrerId || state.referralSettledAt) return plan;
  const { referral } = await readRewardSettings(tx, p.tenantId);
  if (!referral.enabled || p.amountCents < referral.minPurchaseCents) return plan;
  plan.settleReferral = true;
  const referrerCard = await lockRewardCard(tx, p.tenantId, referrerId);
  if ((await referrerPaidThisMonth(tx, p.tenantId, referrerId, p.timezone)) >= referral.maxPerReferrerPerMonth) return plan;
  const key = `REFERRAL:${p.customerId}`;
  plan.bonuses.push({
    reason: 'REFERRAL',
    amountCents: referral.friendCents,
    cardId: p.cardId,
    customerId: p.customerId,
    rewardKey: `${key}:FRIEND`,
    own: true,
  });
  if (referrerCard) {
    plan.bonuses.push({
      reason: 'REFERRAL',
      amountCents: referral.referrerCents,
      cardId: referrerCard.id,
      customerId: referrerId,
      rewardKey: `${key}:REFERRER`,
      own: false,
    });
  }
  return plan;
}

/**
 * Credits `plan`'s bonuses after the purchase `earnId` was written (creditBonus: each once per
 * reward key, booked to the purchase's store `storeId`, by its actor) and clears what it settled.
 */
export async function applyPurchaseRewards(
  tx: Tx,
  plan: PurchaseRewards,
  p: {
    tenantId: string;
    customerId: string;
    earnId: string;
    storeId: string | null;
    userId: string | null;
    apiKeyId: string | null;
    ip: string | null;
    at: Date;
  },
): Promise<void> {
  for (const b of plan.bonuses) {
    await creditBonus(tx, {
      tenantId: p.tenantId,
      cardId: b.cardId,
      customerId: b.customerId,
      reason: b.reason,
      amountCents: b.amountCents,
      rewardKey: b.rewardKey,
      forTransactionId: p.earnId,
      storeId: p.storeId,
      userId: p.userId,
      apiKeyId: p.apiKeyId,
      ip: p.ip,
      at: p.at,
    });
  }
  if (plan.settleReferral) await settleReferral(tx, p.tenantId, p.customerId, p.at);
  if (plan.clearWinBack) await clearWinBack(tx, p.tenantId, p.customerId);
}

/** How long after a referral's first purchase a full refund takes both bonuses back (docs/product.md 'Rewards'): 14 days. */
const REFERRAL_CLAWBACK_MS = 14 * DAY_MS;

/** The note of the REFUND row that takes a referral bonus back. */
const REFERRAL_CLAWBACK_NOTE = 'Referral bonus taken back: the first purchase was refunded';

/**
 * After the refund that completed purchase `earn` (refunded in full), within 14 days of it: takes
 * back the referral bonuses that came with it (the friend's and the referrer's), like cashback:
 * each card (locked, in card id order) gives back what it still holds, never below zero, as a
 * REFUND row reversing the BONUS row (amount 0, cashback = the bonus, the shortfall in
 * `unrecoveredCents`, the lots taken oldest first) with its audit row 'transaction.refund'. A
 * bonus already taken back is skipped, so a retried refund takes nothing twice. Returns each
 * card's balance after (cents) by card id.
 */
export async function clawBackReferralBonuses(
  tx: Tx,
  earn: { tenantId: string; id: string; createdAt: Date },
  p: { userId: string | null; apiKeyId: string | null; ip: string | null; at: Date },
): Promise<Map<string, number>> {
  const balances = new Map<string, number>();
  if (p.at.getTime() - earn.createdAt.getTime() > REFERRAL_CLAWBACK_MS) return balances;
  const bonuses = rowsOf<{ id: string; card_id: string; customer_id: string | null; store_id: string | null; amount_cents: string | number }>(
    await tx.execute(sql`select b.id, b.card_id, b.customer_id, b.store_id, b.amount_cents from ${transactions} b
      where b.tenant_id = ${earn.tenantId} and b.for_transaction_id = ${earn.id} and b.type = 'BONUS' and b.reason = 'REFERRAL'
        and not exists (select 1 from ${transactions} r where r.tenant_id = b.tenant_id and r.reverses_transaction_id = b.id)
      order by b.card_id`),
  );
  for (const bonus of bonuses) {
    const card = await lockCard(tx, earn.tenantId, bonus.card_id);
    if (!card) continue;
    const due = Number(bonus.amount_cents);
    const taken = Math.min(due, card.balanceCents);
    const after = card.balanceCents - taken;
    balances.set(card.id, after);
    const row = await appendRow(tx, {
      tenantId: earn.tenantId,
      cardId: card.id,
      customerId: bonus.customer_id,
      storeId: bonus.store_id,
      userId: p.userId,
      apiKeyId: p.apiKeyId,
      type: 'REFUND',
      category: null,
      amountCents: 0,
      cashbackCents: due,
      before: card.balanceCents,
      after,
      note: REFERRAL_CLAWBACK_NOTE,
      reversesTransactionId: bonus.id,
      unrecoveredCents: due - taken,
      at: p.at,
    });
    await writeAudit(tx, {
      tenantId: earn.tenantId,
      userId: p.userId,
      apiKeyId: p.apiKeyId,
      ip: p.ip,
      action: 'transaction.refund',
      entity: 'transaction',
      entityId: row,
      before: { transactionId: bonus.id, balanceCents: card.balanceCents },
      after: { refundedAmountCents: 0, clawbackDueCents: due, unrecoveredCents: due - taken, balanceCents: after, reason: REFERRAL_CLAWBACK_NOTE },
    });
  }
  return balances;
}
