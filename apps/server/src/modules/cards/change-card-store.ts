import { and, eq } from 'drizzle-orm';
import type { CardResponse, CardStoreRequest } from '@loyalty/contract';
import { normalizeCardUid } from '@loyalty/domain';
import type { Database } from '../../db/client.ts';
import { cards } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { requireStoreName } from '../stores/index.ts';
import { toCardResponse, loadCardRow, type QrContext } from './card-rows.ts';
import { type TenantRequestContext } from '../../context.ts';

/** Moving an assigned card to another store. */

/**
 * PUT /api/t/{slug}/cards/{cardUid}/store (docs/product.md 'Cards': the store of an assigned card may
 * change; balance and transactions stay). In one DB transaction: locks the card, which must
 * be ACTIVE or BLOCKED, checks the store belongs to this tenant and sets it. Nothing else
 * changes (balance in cents, customer, ledger untouched).
 * Throws 404 'Card not found' / 'Store not found', 422 BUSINESS_RULE 'Only assigned cards can
 * change store'. Writes a card.store_change audit row. Returns the card (200).
 */
export async function changeCardStore(db: Database, ctx: TenantRequestContext, qr: QrContext, rawUid: string, input: CardStoreRequest): Promise<CardResponse> {
  const tenantId = ctx.tenant.id;
  const cardUid = normalizeCardUid(rawUid);
  return db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(cards)
      .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid)))
      .for('update');
    if (!card) throw notFound('Card not found');
    if (card.status !== 'ACTIVE' && card.status !== 'BLOCKED') {
      throw new AppError('BUSINESS_RULE', 'Only assigned cards can change store');
    }
    await requireStoreName(tx, tenantId, input.storeId);
    await tx
      .update(cards)
      .set({ storeId: input.storeId })
      .where(and(eq(cards.tenantId, tenantId), eq(cards.id, card.id)));
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: 'card.store_change',
      entity: 'card',
      entityId: card.cardUid,
      before: { storeId: card.storeId },
      after: { storeId: input.storeId },
    });
    return toCardResponse(await loadCardRow(tx, tenantId, card.id), qr);
  });
}
