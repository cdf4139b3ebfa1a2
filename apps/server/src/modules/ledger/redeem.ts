import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { RedeemRequest, RedeemResponse } from '@loyalty/contract';
import { normalizeCardUid } from '@loyalty/domain';
import type { Database, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { replayOf, requestFingerprint } from '../../db/idempotency.ts';
import { pgError } from '../../db/pg-error.ts';
import { rowsOf } from '../../lib/sql.ts';
import { auditActorOf } from '../audit/index.ts';
import { announceLedgerRows } from './announce.ts';
import { assertCanTransact, bookedStore, cardRefusal, type ClaimedReplay, type PosContext, type PosResult } from './context.ts';
import { enqueueReceipt, wantsReceipt } from './receipts.ts';
import { redeemLimitsOf } from '../risk/index.ts';
import { checkRedeemVelocity, flagCrossed } from './velocity.ts';
import { backdateOfflineRow, checkOfflineRedemption, offlineTime, recordingConflicts } from './offline.ts';

/** The SQLSTATE `ledger_redeem` raises when another redeem took its Idempotency-Key first (migration 0031). */
const KEY_TAKEN = 'LR001';

/** What `ledger_redeem` returns (migrations 0028, 0030, 0031): a replay, a refusal, the REDEEM row written (cents), or, called as a statement of its own, that it needs a transaction. */
type RedeemOutcome = ClaimedReplay & {
  needsTransaction?: true;
  refused?: 'store' | 'card';
  id?: string;
  cardId?: string;
  storeId?: string | null;
  balanceCents?: number;
  events?: string[];
};

/**
 * POST /transactions/redeem (docs/product.md 'Ledger'): ONE statement, the ledger's database
 * function `ledger_redeem` (migrations 0028, 0030 and 0031, ADR 0028): replays an answered
 * Idempotency-Key (ADR 0004), checks the requested store, debits the card only if it is ACTIVE and holds at least the
 * amount (`UPDATE … WHERE balance_cents >= amount`, which also serialises concurrent redeems on
 * the row), appends a REDEEM ledger row with cashbackCents 0, stores the key with its answer (a
 * key another redeem stored meanwhile undoes this one, which then replays) and writes the audit row 'transaction.redeem' in that same write (ADR 0025), then, after the card's
 * lock, takes the amount off the card's oldest lots (ADR 0015). When the tenant sends receipts or
 * an endpoint subscribes to `transaction.created`, the statement runs inside a transaction that
 * also writes the holder's receipt and the webhook event to their outboxes; otherwise the
 * statement is the whole transaction (no BEGIN, no COMMIT: docs/performance.md). Returns
 * `{ transactionId, newBalance, amountRedeemed }` (cents). Throws 403 SUBSCRIPTION_REQUIRED or
 * FORBIDDEN (other store), 404 card/store, 422 CARD_NOT_ACTIVE, INSUFFICIENT_BALANCE or
 * VELOCITY_LIMIT (nothing written, the key included), 409 key reuse. With a redemption limit on
 * (the statement says so: migration 0044), it runs in a transaction that then reads the limits,
 * checks them against the card's and the staff member's day and writes the flags of the limits
 * that flag (velocity.ts, ADR 0050). A redemption made offline (`occurredAt`, ADR 0051)
 * also runs in a transaction: its row is moved to the time it happened and checked against the
 * business's offline caps (422 BUSINESS_RULE); any refusal of it is recorded as a sync conflict
 * before it is thrown (`recordingConflicts`). 400 for an `occurredAt` over 72 hours old or in the future.
 */
export async function redeem(db: Database, ctx: PosContext, input: RedeemRequest): Promise<PosResult<RedeemResponse>> {
  return recordingConflicts(db, ctx, 'REDEEM', input, () => redeemNow(db, ctx, input));
}

/** The redemption itself (see `redeem`). */
async function redeemNow(db: Database, ctx: PosContext, input: RedeemRequest): Promise<PosResult<RedeemResponse>> {
  const { now } = ctx;
  assertCanTransact(ctx.tenant, now);
  const storeId = bookedStore(ctx, input.storeId);
  const cardUid = normalizeCardUid(input.cardUid);
  const tenantId = ctx.tenant.id;
  // When it happened is not part of "the same request": a till that got no answer queues the movement
  // with `occurredAt` and resends it with the same key, which must replay the first answer (ADR 0051).
  const fingerprint = requestFingerprint('redeem', { ...input, occurredAt: undefined });
  const who = auditActorOf(ctx);
  // A redemption made offline happened at `occurredAt`: its row, its day and its limits are those of then.
  const occurredAt = offlineTime(input.occurredAt, now);
  const at = occurredAt ?? now;
  const call = async (exec: DbOrTx, single: boolean, transactionId: string): Promise<RedeemOutcome> => {
    const [{ r }] = rowsOf<{ r: RedeemOutcome }>(
      await exec.execute(sql`select ledger_redeem(${tenantId}::uuid, ${ctx.idempotencyKey}::text, ${fingerprint}::text, ${cardUid}::text, ${storeId}::uuid,
        ${input.amountCents}::bigint, ${transactionId}::uuid, ${who.userId}::uuid, ${who.apiKeyId}::uuid, ${who.ip}::text, ${input.note ?? null}::text, ${single}::boolean) as r`),
    );
    return r;
  };
  /** The answer to `r`; refusals throw (their explanation read through `exec`). */
  const settle = async (exec: DbOrTx, r: RedeemOutcome): Promise<PosResult<RedeemResponse>> => {
    if (r.replay) {
      const replay = replayOf(r.replay, fingerprint);
      return { status: replay.status, body: replay.body as RedeemResponse, replayed: true };
    }
    if (r.refused === 'store') throw notFound('Store not found');
    if (r.refused === 'card' || !r.id) throw await cardRefusal(exec, tenantId, cardUid);
    return { status: 200, body: { transactionId: r.id, newBalance: Number(r.balanceCents), amountRedeemed: input.amountCents }, replayed: false };
  };

  const once = async (): Promise<PosResult<RedeemResponse>> => {
    // The row's id is chosen here, so the answer stored with the key is known to the statement.
    // With a redemption limit on, the statement answers that it needs a transaction (migration 0044).
    if (!occurredAt && !wantsReceipt(ctx.tenant, ctx.links)) {
      const alone = await call(db, true, randomUUID());
      if (!alone.needsTransaction) return settle(db, alone);
    }
    return db.transaction(async (tx) => {
      const r = await call(tx, false, randomUUID());
      const result = await settle(tx, r);
      if (result.replayed) return result;
      // Checked after the write, which locked the card (ADR 0050).
      const limits = await redeemLimitsOf(tx, tenantId);
      if (occurredAt) {
        await backdateOfflineRow(tx, tenantId, r.id!, occurredAt);
        await checkOfflineRedemption(tx, ctx, { transactionId: r.id!, cardId: r.cardId!, amountCents: input.amountCents, at: occurredAt });
      }
      const velocity = {
        transactionId: r.id!,
        tenantId,
        timezone: ctx.tenant.timezone,
        cardId: r.cardId!,
        userId: who.userId,
        amountCents: input.amountCents,
        at,
      };
      const crossed = limits ? await checkRedeemVelocity(tx, limits, velocity) : [];
      await flagCrossed(tx, ctx, crossed, {
        card: { id: r.cardId!, uid: cardUid },
        userId: who.userId,
        storeId: r.storeId ?? null,
        movement: { transactionId: r.id!, type: 'REDEEM', amountCents: input.amountCents, createdAt: at.toISOString() },
      });
      await announceLedgerRows(tx, tenantId, [r.id!], now, r.events ?? []);
      await enqueueReceipt(tx, ctx.tenant, ctx.links, {
        transactionId: r.id!,
        kind: 'REDEEM',
        cardId: r.cardId!,
        storeId: r.storeId ?? null,
        amountCents: input.amountCents,
        cashbackCents: 0,
        balanceCents: result.body.newBalance,
        at,
      });
      return result;
    });
  };
  try {
    return await once();
  } catch (err) {
    // Another redeem with this key committed while this one ran: everything of this one was
    // undone; run it again, which finds the key answered and replays (or refuses the reuse).
    if (pgError(err)?.code !== KEY_TAKEN) throw err;
    return once();
  }
}
