import { and, eq, sql } from 'drizzle-orm';
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
  const row = await findCardRow(db, tenantId, normalizeCardUid(rawUid));
  if (!row) throw notFound('Card not found');
  return toCardResponse(row, qr);
}

/** The card-by-UID lookup prepared once per database handle: the till runs it on every scan. */
const preparedByUid = new WeakMap<DbOrTx, ReturnType<typeof prepareCardByUid>>();

function prepareCardByUid(db: DbOrTx) {
  return selectCardRows(db)
    .where(and(eq(cards.tenantId, sql.placeholder('tenantId')), eq(cards.cardUid, sql.placeholder('cardUid'))))
    .limit(1)
    .prepare('card_by_uid');
}

/**
 * The tenant's card whose UID is `cardUid` (already normalised) with its holder and store name,
 * or null (the POS lookup and the public card page). A statement prepared once per handle: drizzle
 * builds its SQL once and PostgreSQL parses it once per connection (docs/performance.md).
 */
export async function findCardRow(db: DbOrTx, tenantId: string, cardUid: string): Promise<CardRow | null> {
  let query = preparedByUid.get(db);
  if (!query) preparedByUid.set(db, (query = prepareCardByUid(db)));
  const [row] = await query.execute({ tenantId, cardUid });
  return row ?? null;
}
