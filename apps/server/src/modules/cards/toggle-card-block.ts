import { and, eq } from 'drizzle-orm';
import type { CardResponse } from '@loyalty/contract';
import { normalizeCardUid } from '@loyalty/domain';
import type { Database, Tx } from '../../db/client.ts';
import { cards } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { enqueueWebhookEvent } from '../webhook-endpoints/index.ts';
import { toCardResponse, loadCardRow, type QrContext } from './card-rows.ts';
import { type TenantRequestContext } from '../../context.ts';

/** Blocking and unblocking a card from the Cards page. */

/** Fixed reason of a block or unblock from the Cards page. */
const BLOCK_REASON = 'Admin action';

/**
 * POST /api/t/{slug}/cards/{cardUid}/block (docs/product.md 'Cards': ACTIVE ↔ BLOCKED through one
 * call; unblock returns ACTIVE). Locks the card row, toggles the status and writes an
 * audit_log row (action 'card.block' or 'card.unblock', entity 'card', entityId the UID,
 * before `{ status }`, after `{ status, reason: 'Admin action' }`) in one DB transaction.
 * Throws 404 'Card not found' (unknown or another tenant's), 422 BUSINESS_RULE 'Unassigned
 * cards cannot be blocked'. Returns the card (200). A BLOCKED card cannot earn or redeem
 * (transactions service: 422 'This card is blocked'). A block writes the `card.blocked` webhook
 * event (docs/product.md 'API keys and webhooks') in the same transaction.
 */
export async function toggleCardBlock(db: Database, ctx: TenantRequestContext, qr: QrContext, rawUid: string): Promise<CardResponse> {
  const tenantId = ctx.tenant.id;
  const cardUid = normalizeCardUid(rawUid);
  return db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(cards)
      .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid)))
      .for('update');
    if (!card) throw notFound('Card not found');
    if (card.status === 'UNASSIGNED') throw new AppError('BUSINESS_RULE', 'Unassigned cards cannot be blocked');
    const next = card.status === 'BLOCKED' ? 'ACTIVE' : 'BLOCKED';
    await tx
      .update(cards)
      .set({ status: next })
      .where(and(eq(cards.tenantId, tenantId), eq(cards.id, card.id)));
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: next === 'BLOCKED' ? 'card.block' : 'card.unblock',
      entity: 'card',
      entityId: card.cardUid,
      before: { status: card.status },
      after: { status: next, reason: BLOCK_REASON },
    });
    const result = toCardResponse(await loadCardRow(tx, tenantId, card.id), qr);
    if (next === 'BLOCKED') await enqueueWebhookEvent(tx, tenantId, 'card.blocked', result, ctx.now);
    return result;
  });
}

/**
 * Blocks the tenant's card `cardId` in `tx`, the caller's transaction, with `reason` (the Review
 * list's 'Block card'): an ACTIVE card becomes BLOCKED with the audit row 'card.block' and the
 * `card.blocked` webhook event, as from the Cards page; a card already BLOCKED stays as it is.
 * Returns the card's UID and status after it; throws 404 'Card not found', 422 BUSINESS_RULE for
 * an unassigned card.
 */
export async function blockCardIn(
  tx: Tx,
  ctx: TenantRequestContext,
  qr: QrContext,
  cardId: string,
  reason: string,
): Promise<{ cardUid: string; status: string }> {
  const tenantId = ctx.tenant.id;
  const [card] = await tx
    .select({ id: cards.id, cardUid: cards.cardUid, status: cards.status })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.id, cardId)))
    .for('update');
  if (!card) throw notFound('Card not found');
  if (card.status === 'UNASSIGNED') throw new AppError('BUSINESS_RULE', 'Unassigned cards cannot be blocked');
  if (card.status === 'BLOCKED') return { cardUid: card.cardUid, status: card.status };
  await tx
    .update(cards)
    .set({ status: 'BLOCKED' })
    .where(and(eq(cards.tenantId, tenantId), eq(cards.id, card.id)));
  await writeAudit(tx, {
    tenantId,
    ...auditActorOf(ctx),
    action: 'card.block',
    entity: 'card',
    entityId: card.cardUid,
    before: { status: card.status },
    after: { status: 'BLOCKED', reason },
  });
  await enqueueWebhookEvent(tx, tenantId, 'card.blocked', toCardResponse(await loadCardRow(tx, tenantId, card.id), qr), ctx.now);
  return { cardUid: card.cardUid, status: 'BLOCKED' };
}
