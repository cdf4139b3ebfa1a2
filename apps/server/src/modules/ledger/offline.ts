import { sql } from 'drizzle-orm';
import { OFFLINE_MOVEMENT_TEXT, OFFLINE_REDEMPTION_TEXT } from '@loyalty/contract';
import { normalizeCardUid } from '@loyalty/domain';
import type { Database, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest } from '../../errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import { auditActorOf } from '../audit/index.ts';
import { readOfflineSettings, recordSyncConflict } from '../offline-till/index.ts';
import type { PosContext } from './context.ts';

/**
 * Earns made offline and sent later (docs/product.md 'Offline till', ADR 0051): the till sends
 * when the purchase happened as `occurredAt`; the ledger writes the row at that time and keeps
 * the time it arrived beside it.
 */

/** How old an earn made offline may be when it arrives: 72 hours. */
const OFFLINE_MAX_AGE_MS = 72 * 60 * 60 * 1000;

/** How far ahead of the server a till's clock may run: 5 minutes (such a time counts as now). */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * The time a movement happened, from its `occurredAt` (ISO-8601, validated by the contract) and
 * the request's instant `now`: null when absent (a movement made now); a time up to 5 minutes
 * after `now` counts as `now`. Throws 400 VALIDATION_ERROR (field body.occurredAt) for a time more
 * than 5 minutes after `now` (the till's clock is wrong), and 422 BUSINESS_RULE for one over 72
 * hours before it (a real movement that arrived too late: a sync conflict).
 */
export function offlineTime(occurredAt: string | null | undefined, now: Date): Date | null {
  if (!occurredAt) return null;
  const at = new Date(occurredAt);
  const field = (message: string) => [{ field: 'body.occurredAt', message }];
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw badRequest(OFFLINE_MOVEMENT_TEXT.inFuture, field(OFFLINE_MOVEMENT_TEXT.inFuture));
  if (at.getTime() < now.getTime() - OFFLINE_MAX_AGE_MS) throw new AppError('BUSINESS_RULE', OFFLINE_MOVEMENT_TEXT.tooOld, field(OFFLINE_MOVEMENT_TEXT.tooOld));
  return at.getTime() > now.getTime() ? now : at;
}

/** What the ledger needs of a movement made offline to report it as a sync conflict. */
interface OfflineMovementInput {
  cardUid: string;
  amountCents: number;
  storeId?: string | null;
  occurredAt?: string | null;
}

/**
 * Refusals that are no sync conflict: a bad request (400: nothing of it is kept, as for any bad
 * input), a key reused with another body, and the transient ones the till retries.
 */
const NOT_CONFLICTS: ReadonlySet<string> = new Set(['VALIDATION_ERROR', 'IDEMPOTENCY_KEY_REUSED', 'RATE_LIMITED', 'DATABASE_UNAVAILABLE', 'INTERNAL']);

/**
 * Runs `work`, the movement `input` of `kind`; when it was made offline (`occurredAt`) and the
 * server refuses it, records the refusal as a sync conflict (its own statement, once per
 * Idempotency-Key: offline-till's recordSyncConflict) before the refusal reaches the till.
 */
export async function recordingConflicts<T>(
  db: Database,
  ctx: PosContext,
  kind: 'EARN' | 'REDEEM',
  input: OfflineMovementInput,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (input.occurredAt && err instanceof AppError && !NOT_CONFLICTS.has(err.code)) {
      const who = auditActorOf(ctx);
      await recordSyncConflict(db, {
        tenantId: ctx.tenant.id,
        idempotencyKey: ctx.idempotencyKey,
        kind,
        cardUid: normalizeCardUid(input.cardUid),
        amountCents: input.amountCents,
        occurredAt: new Date(input.occurredAt),
        code: err.code,
        message: err.message,
        userId: who.userId,
        apiKeyId: who.apiKeyId,
        storeId: input.storeId ?? (ctx.actor.kind === 'user' ? ctx.actor.user.storeId : null),
        at: ctx.now,
      });
    }
    throw err;
  }
}

/**
 * Moves the ledger row `transactionId`, just written in `tx`, to the time it happened offline and
 * keeps the arrival (`received_at`: the transaction's now), reopening the day's rollup when that
 * day was already rolled up (as the insert trigger of migration 0002 does for a backdated insert).
 */
export async function backdateOfflineRow(tx: DbOrTx, tenantId: string, transactionId: string, occurredAt: Date): Promise<void> {
  const at = occurredAt.toISOString();
  await tx.execute(
    sql`update transactions set created_at = ${at}::timestamptz, received_at = now() where tenant_id = ${tenantId}::uuid and id = ${transactionId}::uuid`,
  );
  await tx.execute(sql`update ledger_rollup_state set rolled_until = (${at}::timestamptz at time zone 'UTC')::date, updated_at = now()
    where tenant_id = ${tenantId}::uuid and rolled_until > (${at}::timestamptz at time zone 'UTC')::date`);
}

/**
 * Checks a redemption made offline and just written in `tx` (its card locked by the write) against
 * the business's offline caps (offline-till's settings, cents): allowed at all, at most
 * `maxPerTransactionCents`, and the card's offline redemptions of that business day (this one
 * included) at most `maxPerCardPerDayCents`. Throws 422 BUSINESS_RULE with the cap's message,
 * which undoes the write.
 */
export async function checkOfflineRedemption(
  tx: DbOrTx,
  ctx: PosContext,
  r: { transactionId: string; cardId: string; amountCents: number; at: Date },
): Promise<void> {
  const { redemptions } = await readOfflineSettings(tx, ctx.tenant.id);
  if (!redemptions.enabled) throw new AppError('BUSINESS_RULE', OFFLINE_REDEMPTION_TEXT.notAllowed);
  if (r.amountCents > redemptions.maxPerTransactionCents) throw new AppError('BUSINESS_RULE', OFFLINE_REDEMPTION_TEXT.overTransactionCap);
  const tz = ctx.tenant.timezone;
  const local = sql`(${r.at.toISOString()}::timestamptz at time zone ${tz}::text)`;
  const [row] = rowsOf<{ total: string | number }>(
    await tx.execute(sql`select coalesce(sum(amount_cents), 0) as total from transactions
      where tenant_id = ${ctx.tenant.id}::uuid and card_id = ${r.cardId}::uuid and type = 'REDEEM' and received_at is not null and id <> ${r.transactionId}::uuid
        and created_at >= (date_trunc('day', ${local}) at time zone ${tz}::text) and created_at < ((date_trunc('day', ${local}) + interval '1 day') at time zone ${tz}::text)`),
  );
  if (Number(row.total) + r.amountCents > redemptions.maxPerCardPerDayCents) throw new AppError('BUSINESS_RULE', OFFLINE_REDEMPTION_TEXT.overCardCap);
}
