import { sql } from 'drizzle-orm';
import type { BonusReason } from '@loyalty/contract';
import type { Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';
import { writeAudit } from '../audit/index.ts';
import type { WelcomeBonus } from '../cards/index.ts';
import { readRewardSettings } from '../rules/index.ts';
import { announceLedgerRows } from './announce.ts';
import { lockCard, setBalanceSql } from './holdings.ts';
import { openLotOf } from './lots.ts';
import { lockRewardCard } from './reward-state.ts';

/**
 * The ledger's BONUS credit (docs/product.md 'Rewards', ADR 0049): a reward the programme gives,
 * written like every credit (the card's balance, the ledger row, its cashback lot, so it expires
 * under the expiry rule and is spent oldest first, the audit row and the webhook event) in the
 * caller's transaction, at most once per reward key.
 */

/** One reward to credit: amounts in cents; `rewardKey` names the reward once per tenant (see the schema's `transactions.reward_key`). */
export interface BonusCredit {
  tenantId: string;
  cardId: string;
  customerId: string;
  reason: BonusReason;
  amountCents: number;
  rewardKey: string;
  /** The purchase (EARN) the bonus came with, else null. */
  forTransactionId: string | null;
  /** Where to book it; null: the card's store. */
  storeId: string | null;
  /** Who made the movement that earned it (a cashier's earn, an activation); null for the jobs. */
  userId: string | null;
  apiKeyId: string | null;
  ip: string | null;
  /** The webhook event's instant. */
  at: Date;
}

/**
 * Credits reward `b` to its card in `tx`: locks the card (any status: the caller decides who may
 * get a reward), appends the BONUS row (amount = the bonus, cashback 0, reason, reward key, the
 * purchase it came with) unless a row with the same reward key exists (then nothing is written:
 * a retry, a second job run or a race pays nothing twice, whichever committed first), sets the
 * balance, opens the lot, writes the audit row 'transaction.bonus' and the webhook event.
 * Returns `{ transactionId, balanceCents }` (after), or null when nothing was credited (amount
 * 0, card gone, or already paid).
 */
export async function creditBonus(tx: Tx, b: BonusCredit): Promise<{ transactionId: string; balanceCents: number } | null> {
  if (b.amountCents <= 0) return null;
  const card = await lockCard(tx, b.tenantId, b.cardId);
  if (!card) return null;
  const before = card.balanceCents;
  const after = before + b.amountCents;
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into ${transactions} (tenant_id, card_id, customer_id, store_id, user_id, api_key_id, type, category, amount_cents,
        cashback_cents, before_balance_cents, after_balance_cents, reason, reward_key, for_transaction_id)
      values (${b.tenantId}, ${card.id}, ${b.customerId}, ${b.storeId ?? card.storeId}, ${b.userId}::uuid, ${b.apiKeyId}::uuid, 'BONUS', null,
        ${b.amountCents}, 0, ${before}, ${after}, ${b.reason}, ${b.rewardKey}, ${b.forTransactionId}::uuid)
      on conflict (tenant_id, reward_key) where reward_key is not null do nothing
      returning id`),
  );
  if (!row) return null;
  await tx.execute(setBalanceSql(b.tenantId, card.id, after));
  await openLotOf(tx, b.tenantId, row.id);
  await writeAudit(tx, {
    tenantId: b.tenantId,
    userId: b.userId,
    apiKeyId: b.apiKeyId,
    ip: b.ip,
    action: 'transaction.bonus',
    entity: 'transaction',
    entityId: row.id,
    before: { cardId: card.id, balanceCents: before },
    after: { cardId: card.id, reason: b.reason, amountCents: b.amountCents, balanceCents: after, forTransactionId: b.forTransactionId },
  });
  await announceLedgerRows(tx, b.tenantId, [row.id], b.at);
  return { transactionId: row.id, balanceCents: after };
}

/**
 * The welcome bonus (docs/product.md 'Rewards'): while the business's welcome bonus is on, credits
 * its amount to the card activated for a customer's first card, in the activation's transaction
 * `tx`, once per customer (reward key 'WELCOME:{customer}'); the cards module's WelcomeBonus, handed to
 * its activation by src/wiring.ts. Returns the card's balance after it
 * (cents), or null when nothing was credited (off, $0.00, or already paid).
 */
export const creditWelcomeBonus: WelcomeBonus = async (tx, a) => {
  const { welcome } = await readRewardSettings(tx, a.tenantId);
  if (!welcome.enabled) return null;
  const credited = await creditBonus(tx, {
    ...a,
    reason: 'WELCOME',
    amountCents: welcome.amountCents,
    rewardKey: `WELCOME:${a.customerId}`,
    forTransactionId: null,
  });
  return credited?.balanceCents ?? null;
};

/**
 * The birthday reward (docs/product.md 'Rewards'): credits `amountCents` to customer
 * `customerId`'s newest ACTIVE card (none: nothing; a blocked card gets no reward) in `tx`, once
 * per customer and `year` (the business's local year; reward key 'BIRTHDAY:{customer}:{year}'),
 * with no user (the hourly job). Returns `{ cardId, balanceCents }` (after), or null when nothing
 * was credited.
 */
export async function creditBirthdayBonus(
  tx: Tx,
  b: { tenantId: string; customerId: string; year: number; amountCents: number; at: Date },
): Promise<{ cardId: string; balanceCents: number } | null> {
  const card = await lockRewardCard(tx, b.tenantId, b.customerId);
  if (!card) return null;
  const credited = await creditBonus(tx, {
    tenantId: b.tenantId,
    cardId: card.id,
    customerId: b.customerId,
    reason: 'BIRTHDAY',
    amountCents: b.amountCents,
    rewardKey: `BIRTHDAY:${b.customerId}:${b.year}`,
    forTransactionId: null,
    storeId: null,
    userId: null,
    apiKeyId: null,
    ip: null,
    at: b.at,
  });
  return credited ? { cardId: card.id, balanceCents: credited.balanceCents } : null;
}
