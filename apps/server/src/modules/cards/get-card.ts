import { and, eq } from 'drizzle-orm';
import type { CardResponse } from '@loyalty/contract';
import { normalizeCardUid } from '@loyalty/domain';
import type { DbOrTx } from '../../db/client.ts';
import { cards } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { type QrContext, type CardRow, toCardResponse, selectCardRows } from './card-rows.ts';

/** One card of the tenant by UID: the POS lookup and the public card page. */

/**
 * GET /api/t/{slug}/cards/{cardUid}: the POS lookup.
 * The UID is normalised first (docs/product.md 'Cards'). Throws 404 'Card not found' when the
 * card does not exist in this tenant (another tenant's card included).
 */
export async function getCardView(db: DbOrTx, tenantId: string, rawUid: string, qr: QrContext): Promise<CardResponse> {
  const cardUid = normalizeCardUid(rawUid);
  const [row] = await selectCardRows(db)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid)))
    .limit(1);
  if (!row) throw notFound('Card not found');
  return toCardResponse(row, qr);
}

/** The tenant's card whose UID is `cardUid` (already normalised) with its holder and store name, or null (the public card page). */
export async function findCardRow(db: DbOrTx, tenantId: string, cardUid: string): Promise<CardRow | null> {
  const [row] = await selectCardRows(db)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid)))
    .limit(1);
  return row ?? null;
}
