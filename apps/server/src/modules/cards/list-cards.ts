import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { CardListQuery, CardListResponse } from '@loyalty/contract';
import { normalizeCardUid } from '@loyalty/domain';
import type { DbOrTx } from '../../db/client.ts';
import { cards } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/sql.ts';
import { type QrContext, toCardResponse, cardJoins, selectCardRows } from './card-rows.ts';

/** The Cards page's list: search, filters and pages. */

/**
 * GET /api/t/{slug}/cards: the tenant's cards, newest first
 * (ties, such as one batch, in UID order), optionally filtered by `status` and by `search`:
 * the card UID contains the normalised text (docs/product.md 'Cards': trimmed, upper-cased,
 * spaces and dashes removed), or the customer's first, last or full name contains it,
 * case-insensitive. Page from 1, `limit` cards. Returns `{ cards, total, pages }`.
 */
export async function listCards(db: DbOrTx, tenantId: string, q: CardListQuery, qr: QrContext): Promise<CardListResponse> {
  const joins = cardJoins(db);
  const { holder } = joins;
  const where: SQL[] = [eq(cards.tenantId, tenantId)];
  if (q.status) where.push(eq(cards.status, q.status));
  if (q.search) {
    const byName = containsPattern(q.search);
    const uid = normalizeCardUid(q.search);
    const terms: SQL[] = [
      ilike(holder.firstName, byName),
      ilike(holder.lastName, byName),
      ilike(sql`${holder.firstName} || ' ' || ${holder.lastName}`, byName),
    ];
    if (uid) terms.push(ilike(cards.cardUid, containsPattern(uid)));
    where.push(or(...terms)!);
  }
  const condition = and(...where);
  const [rows, [count]] = await Promise.all([
    selectCardRows(db, joins)
      .where(condition)
      .orderBy(desc(cards.createdAt), asc(cards.cardUid))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(cards)
      .leftJoin(holder, and(eq(holder.tenantId, cards.tenantId), eq(holder.id, cards.customerId)))
      .where(condition),
  ]);
  const total = count?.n ?? 0;
  return { cards: rows.map((r) => toCardResponse(r, qr)), total, pages: Math.ceil(total / q.limit) };
}
