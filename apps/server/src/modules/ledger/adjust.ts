import type { AdjustRequest, AdjustResponse } from '@loyalty/contract';
import { normalizeCardUid } from '@loyalty/domain';
import type { Database, Tx } from '../../db/client.ts';
import { idempotent } from '../../db/idempotency.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, auditActorOf, writeAudit } from '../audit/index.ts';
import { CORRECTION_TEXT, type PosContext, type PosResult } from './context.ts';
import { lockCardByUid } from './holdings.ts';
import { appendRow } from './rows.ts';

/**
 * POST /cards/{cardUid}/adjust (ADR 0014), tenant_admin only: changes the balance of the
 * card by `deltaCents` (non-zero, |delta| ≤ $1,000.00) with a reason. In one DB transaction:
 * locks the card (any status, but it must have a holder), refuses a result below zero (422
 * 'Balance cannot go below zero', nothing written), appends an ADJUST row (amount = the
 * signed delta, as the ledger's ADJUST rows always had it; note = reason) and an audit row
 * 'card.adjust'. Throws 404 'Card not found', 422 CARD_NOT_ACTIVE (no holder yet) or
 * BUSINESS_RULE, 409 key reuse.
 */
export async function adjustBalance(db: Database, ctx: PosContext, rawUid: string, input: AdjustRequest): Promise<PosResult<AdjustResponse>> {
  const tenantId = ctx.tenant.id;
  const cardUid = normalizeCardUid(rawUid);
  return idempotent(db, { tenantId: ctx.tenant.id, key: ctx.idempotencyKey, route: `adjust:${cardUid}`, body: input }, async (tx) => {
    const card = await lockCardByUid(tx, tenantId, cardUid);
    if (!card) throw notFound('Card not found');
    if (!card.customerId) throw new AppError('CARD_NOT_ACTIVE', 'This card is not activated yet');
    const after = card.balanceCents + input.deltaCents;
    if (after < 0) throw new AppError('BUSINESS_RULE', CORRECTION_TEXT.belowZero, { balanceCents: card.balanceCents });
    const row = await appendAdjustment(tx, tenantId, card, auditActorOf(ctx), input.deltaCents, input.reason, ctx.now);
    return { transactionId: row, deltaCents: input.deltaCents, newBalanceCents: after };
  });
}

/** A card locked by the caller, as an adjustment needs it: balance in cents. */
interface AdjustableCard {
  id: string;
  balanceCents: number;
  customerId: string | null;
  storeId: string | null;
}

/**
 * One ADJUST of the locked `card` by `deltaCents` (signed) with `reason` by `actor` (its user and
 * API key on the ledger row, all of it on the audit row): the ledger row with its lot or
 * oldest-first debit (appendRow), and the audit row 'card.adjust', in `tx`. The
 * caller has checked that the balance stays ≥ 0. Returns the ledger row's id.
 */
async function appendAdjustment(
  tx: Tx,
  tenantId: string,
  card: AdjustableCard,
  actor: AuditActor,
  deltaCents: number,
  reason: string,
  at: Date,
): Promise<string> {
  const after = card.balanceCents + deltaCents;
  const row = await appendRow(tx, {
    tenantId,
    cardId: card.id,
    customerId: card.customerId,
    storeId: card.storeId,
    userId: actor.userId,
    apiKeyId: actor.apiKeyId,
    type: 'ADJUST',
    category: null,
    amountCents: deltaCents,
    cashbackCents: 0,
    before: card.balanceCents,
    after,
    note: reason,
    reversesTransactionId: null,
    unrecoveredCents: 0,
    at,
  });
  await writeAudit(tx, {
    tenantId,
    ...actor,
    action: 'card.adjust',
    entity: 'card',
    entityId: card.id,
    before: { balanceCents: card.balanceCents },
    after: { balanceCents: after, deltaCents, reason, transactionId: row },
  });
  return row;
}

/** The note of the ADJUST row that writes off an erased customer's balance (ADR 0026). */
const ERASURE_WRITE_OFF_NOTE = "Erased at the customer's request";

/**
 * Writes off the whole balance of the locked card `card` (cards `lockCardsOfCustomer`, in the
 * erasure's transaction `tx`; ADR 0026): an owner's adjustment of −balance (cents) with the note
 * ERASURE_WRITE_OFF_NOTE (ledger row, lots taken oldest first, audit row, `transaction.created`
 * event), recorded as done by `actor` (the erasure's, audit module `auditActorOf`). Nothing for a card holding 0. It happens once: the erasure runs it under the
 * customer's row lock and only while the customer is not yet erased (its own idempotency).
 * Returns the cents written off.
 */
export async function writeOffBalance(tx: Tx, tenantId: string, card: AdjustableCard, actor: AuditActor, now: Date): Promise<number> {
  if (card.balanceCents <= 0) return 0;
  await appendAdjustment(tx, tenantId, card, actor, -card.balanceCents, ERASURE_WRITE_OFF_NOTE, now);
  return card.balanceCents;
}
