import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { EarnRequest, EarnResponse, Tier } from '@loyalty/contract';
import { computeCashback, evaluateTier, normalizeCardUid } from '@loyalty/domain';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { replayOf, requestFingerprint } from '../../db/idempotency.ts';
import { rowsOf } from '../../lib/sql.ts';
import { auditActorOf, auditRowValues } from '../audit/index.ts';
import { programmeAsOf, toProgramme, type ProgrammeColumns } from '../rules/index.ts';
import { announceLedgerRows } from './announce.ts';
import { assertCanTransact, bookedStore, cardRefusal, type ClaimedReplay, type PosContext, type PosResult } from './context.ts';
import { applyPurchaseRewards, ownBonusCents, planPurchaseRewards } from './purchase-rewards.ts';
import { enqueueReceipt } from './receipts.ts';
import { limitSettingsOf } from '../risk/index.ts';
import { checkEarnVelocity, earnVelocity, flagCrossed } from './velocity.ts';
import { offlineTime, recordingConflicts } from './offline.ts';

/**
 * What `ledger_earn_open` returns (migration 0028): a replay, or the locked card and holder
 * (null: no ACTIVE card with a holder) with the programme read after the locks, whether the
 * requested store is the tenant's, and the webhook event types the tenant subscribes to.
 */
type EarnOpening = ClaimedReplay &
  Partial<ProgrammeColumns> & {
    card?: { id: string; balanceCents: number; customerId: string; storeId: string | null } | null;
    holder?: { tier: Tier; totalSpendCents: number; rewardDue: boolean };
    storeFound?: boolean;
    events?: string[];
    /** The business's velocity limits as stored, or null: none saved (ADR 0050). */
    limits?: unknown;
  };

/**
 * POST /transactions/earn (docs/product.md 'Cashback'): in one DB transaction, computes
 * cashback with the tenant's active rules, the customer's current tier and the offers running
 * now (domain computeCashback), credits the cashback (cents) to the card, appends an EARN
 * ledger row with before/after balances, adds the purchase to the customer's total spend and
 * re-evaluates the tier (the new tier applies from the next purchase: docs/decisions/0003).
 * Two statements on the happy path (ADR 0028): the ledger's database function
 * `ledger_earn_open` (migration 0028) claims the Idempotency-Key (ADR 0004), locks the card,
 * then its holder, and only then reads the programme, in statements of their own, so it sees a
 * tier change it waited for (ADR 0007); then ONE write, the database function
 * `ledger_earn_write` (migration 0029, its statements planned once per connection): the card's
 * balance, the holder's totals, the ledger row, the cashback's lot with its expiry (ADR 0015),
 * the answer stored with the key and the audit row (ADR 0025), whose typed event is built here
 * (`auditRowValues`, ADR 0032). The webhook events (only when an endpoint subscribes) and, with the
 * tenant's receipts on, the holder's receipt go to their outboxes in the same transaction. When
 * the opening says the holder may have a reward due (a referral not yet settled, an open win-back
 * offer), the purchase's rewards are decided before the write and credited after it as BONUS rows
 * in the same transaction (purchase-rewards.ts, ADR 0049); the answer's `newBalance` includes the
 * card's own bonuses, listed in `bonuses`.
 * An earn made offline (`occurredAt`, offline.ts, ADR 0051) is written at that time, received
 * now: its day, the offers running then and the cashback and tier rules in force then
 * (`programmeAsOf`) apply; the answer is the same as for an earn made online. Its refusal is
 * recorded as a sync conflict before it is thrown (`recordingConflicts`).
 * The business's velocity limits come with the opening; an earn crossing one that refuses throws
 * before anything is written, one crossing a limit that flags is written with its flag (velocity.ts,
 * ADR 0050).
 * Throws 400 for an `occurredAt` over 72 hours old or in the future, 403 SUBSCRIPTION_REQUIRED or FORBIDDEN (other store), 404 card/store, 422
 * CARD_NOT_ACTIVE or VELOCITY_LIMIT, 409 key reuse.
 */
export async function earn(db: Database, ctx: PosContext, input: EarnRequest): Promise<PosResult<EarnResponse>> {
  return recordingConflicts(db, ctx, 'EARN', input, () => earnNow(db, ctx, input));
}

/** The earn itself (see `earn`). */
async function earnNow(db: Database, ctx: PosContext, input: EarnRequest): Promise<PosResult<EarnResponse>> {
  const { now } = ctx;
  assertCanTransact(ctx.tenant, now);
  const storeId = bookedStore(ctx, input.storeId);
  const cardUid = normalizeCardUid(input.cardUid);
  const tenantId = ctx.tenant.id;
  // When it happened is not part of "the same request": a till that got no answer queues the movement
  // with `occurredAt` and resends it with the same key, which must replay the first answer (ADR 0051).
  const fingerprint = requestFingerprint('earn', { ...input, occurredAt: undefined });
  // An earn made offline happened at `occurredAt`: its day, offers, rules and limits are those of then.
  const occurredAt = offlineTime(input.occurredAt, now);
  const at = occurredAt ?? now;
  return db.transaction(async (tx) => {
    const [{ r: open }] = rowsOf<{ r: EarnOpening }>(
      await tx.execute(
        sql`select ledger_earn_open(${tenantId}::uuid, ${ctx.idempotencyKey}::text, ${fingerprint}::text, ${cardUid}::text, ${input.storeId ?? null}::uuid, ${at.toISOString()}::timestamptz) as r`,
      ),
    );
    if (open.replay) {
      const replay = replayOf(open.replay, fingerprint);
      return { status: replay.status, body: replay.body as EarnResponse, replayed: true };
    }
    const card = open.card;
    const holder = open.holder;
    if (!card || !holder) throw await cardRefusal(tx, tenantId, cardUid);
    if (!open.storeFound) throw notFound('Store not found');
    // Checked after the card's lock: concurrent earns on the card wait and then count this one (ADR 0050).
    const crossed = open.limits ? await checkEarnVelocity(tx, limitSettingsOf(open.limits), earnVelocity(ctx, card.id, input.amountCents, at)) : [];
    const columns = { cashback: open.cashback!, tiers: open.tiers!, offers: open.offers! };
    const programme = toProgramme(occurredAt ? await programmeAsOf(tx, tenantId, occurredAt, columns) : columns);
    const customerId = card.customerId;
    const tierBefore = holder.tier;
    const { rateBps, cashbackCents } = computeCashback({ amountCents: input.amountCents, category: input.category, tier: tierBefore, ...programme, now: at });
    const before = Number(card.balanceCents);
    const after = before + cashbackCents;
    const totalSpendCents = Number(holder.totalSpendCents) + input.amountCents;
    const tier = evaluateTier(totalSpendCents, programme.tierRules);
    // Only a holder with a referral or a win-back offer pending reads the reward settings (ADR 0049).
    const rewards = holder.rewardDue
      ? await planPurchaseRewards(tx, { tenantId, timezone: ctx.tenant.timezone, customerId, cardId: card.id, amountCents: input.amountCents, at })
      : null;
    const ownBonuses = rewards?.bonuses.filter((b) => b.own && b.amountCents > 0) ?? [];
    // The row's id is chosen here so that the answer, stored with the key, is known before the write.
    const answer: EarnResponse = {
      transactionId: randomUUID(),
      newBalance: after + (rewards ? ownBonusCents(rewards) : 0),
      cashbackEarned: cashbackCents,
      rateBps,
      tier,
    };
    if (ownBonuses.length) answer.bonuses = ownBonuses.map((b) => ({ reason: b.reason, amountCents: b.amountCents }));
    const audit = auditRowValues({
      tenantId,
      ...auditActorOf(ctx),
      action: 'transaction.earn',
      entity: 'transaction',
      entityId: answer.transactionId,
      before: { cardUid, balanceCents: before, tier: tierBefore },
      after: {
        cardUid,
        amountCents: input.amountCents,
        cashbackCents,
        rateBps,
        balanceCents: after,
        tier,
        category: input.category,
        ...(occurredAt ? { occurredAt: occurredAt.toISOString() } : {}),
      },
    });
    await tx.execute(sql`select ledger_earn_write(${tenantId}::uuid, ${ctx.idempotencyKey}::text, ${answer.transactionId}::uuid, ${card.id}::uuid,
      ${customerId}::uuid, ${storeId ?? card.storeId}::uuid, ${audit.userId}::uuid, ${audit.apiKeyId}::uuid, ${input.category}::text,
      ${input.amountCents}::bigint, ${cashbackCents}::bigint, ${before}::bigint, ${after}::bigint, ${input.note ?? null}::text,
      ${totalSpendCents}::bigint, ${tier}::text, ${JSON.stringify(answer)}::jsonb, ${audit.ip}::text, ${audit.action}::text, ${audit.entity}::text,
      ${JSON.stringify(audit.before)}::jsonb, ${JSON.stringify(audit.after)}::jsonb, ${occurredAt?.toISOString() ?? null}::timestamptz)`);
    await announceLedgerRows(tx, tenantId, [answer.transactionId], now, open.events ?? []);
    await flagCrossed(tx, ctx, crossed, {
      card: { id: card.id, uid: cardUid },
      customerId,
      userId: audit.userId,
      storeId: storeId ?? card.storeId,
      movement: { transactionId: answer.transactionId, type: 'EARN', amountCents: input.amountCents, createdAt: at.toISOString() },
    });
    if (rewards) {
      const booked = storeId ?? card.storeId;
      await applyPurchaseRewards(tx, rewards, {
        tenantId,
        customerId,
        earnId: answer.transactionId,
        storeId: booked,
        userId: audit.userId,
        apiKeyId: audit.apiKeyId,
        ip: audit.ip,
        at: now,
      });
    }
    await enqueueReceipt(tx, ctx.tenant, ctx.links, {
      transactionId: answer.transactionId,
      kind: 'EARN',
      cardId: card.id,
      storeId: storeId ?? card.storeId,
      amountCents: input.amountCents,
      cashbackCents,
      balanceCents: answer.newBalance,
      at,
    });
    return { status: 200, body: answer, replayed: false };
  });
}
