import type { CardBatchResponse } from '@loyalty/contract';
import { MAX_BATCH_SIZE } from '@loyalty/contract';
import type { Database, Tx } from '../../db/client.ts';
import { cards } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { requireStoreName } from '../stores/index.ts';
import { assertCardBatchAllowed, lockTenant } from '../tenants/index.ts';
import { generateCardUid } from './qr-token.ts';
import { cardCounts } from './views.ts';
import { toCardResponse, type QrContext } from './card-rows.ts';
import { type TenantRequestContext } from '../../context.ts';

/** Creating unassigned cards: a batch from the Cards page, or the cards of a paid card order. */

/** docs/product.md 'Card quota' text for more than 1000 cards. */
export const BATCH_TOO_LARGE_TEXT = `Maximum ${MAX_BATCH_SIZE} cards can be created at once. Please reduce the quantity.`;

/**
 * 400 VALIDATION_ERROR unless 1 ≤ count ≤ 1000 (docs/product.md 'Card quota'). Above 1000 the
 * error is exactly 'Batch size too large' (the web matches it) with the spec's
 * text in `details`.
 */
function assertBatchCount(count: number): void {
  if (!Number.isInteger(count) || count < 1) {
    throw badRequest('Quantity must be at least 1', [{ field: 'body.count', message: 'Quantity must be at least 1' }]);
  }
  if (count > MAX_BATCH_SIZE) {
    throw badRequest('Batch size too large', [{ field: 'body.count', message: BATCH_TOO_LARGE_TEXT }]);
  }
}

/** A batch to create: `count` cards (1..1000, checked by assertBatchCount) and an optional store of the tenant. */
export interface BatchInput {
  count: number;
  storeId: string | null;
}

/** Injection point for tests: the UID generator (collisions are otherwise astronomically rare). */
export interface BatchDeps {
  generateUid: () => string;
}

/** Insert rounds for rows lost to UID collisions before the batch fails with a 500 (nothing written). */
const UID_ATTEMPTS = 5;

/**
 * Inserts `count` UNASSIGNED cards of tenant `tenantId` with fresh UIDs from `generateUid`
 * (docs/product.md 'Cards': 12 Crockford base32 characters, unique across the platform), in
 * the caller's transaction `tx`, in chunks of at most 1000 rows (MAX_BATCH_SIZE). Each card
 * gets `storeId` (null: no store) and `cardOrderId` (the paid card order that added it;
 * null/absent for batch-created cards). UIDs that collide with an existing card are skipped
 * (ON CONFLICT DO NOTHING) and redrawn, at most 5 rounds per chunk, after which it throws a
 * plain Error (a 500; the caller's transaction rolls back). No quota check: the caller owns
 * it (createCardBatch) or the cards are bought (card orders). Returns the inserted rows.
 */
export async function insertUnassignedCards(
  tx: Tx,
  tenantId: string,
  count: number,
  fields: { storeId: string | null; cardOrderId?: string | null },
  generateUid: () => string = generateCardUid,
): Promise<(typeof cards.$inferSelect)[]> {
  const created: (typeof cards.$inferSelect)[] = [];
  for (let chunkStart = 0; chunkStart < count; chunkStart += MAX_BATCH_SIZE) {
    const chunkCount = Math.min(MAX_BATCH_SIZE, count - chunkStart);
    const target = created.length + chunkCount;
    for (let attempt = 0; created.length < target; attempt++) {
      if (attempt >= UID_ATTEMPTS) throw new Error('Could not draw unique card UIDs');
      const needed = target - created.length;
      const uids = new Set<string>();
      for (let draws = 0; uids.size < needed && draws < needed * 4; draws++) uids.add(generateUid());
      const rows = await tx
        .insert(cards)
        .values(
          [...uids].map((cardUid) => ({ tenantId, cardUid, storeId: fields.storeId, cardOrderId: fields.cardOrderId ?? null, status: 'UNASSIGNED' as const })),
        )
        .onConflictDoNothing({ target: cards.cardUid })
        .returning();
      created.push(...rows);
    }
  }
  return created;
}

/**
 * POST /api/t/{slug}/cards/batch (docs/product.md 'Card
 * quota'). Creates `count` UNASSIGNED cards with fresh UIDs (optionally
 * bound to a store) in ONE DB transaction that first locks the tenant row, so the quota check
 * and the insert cannot interleave with another batch. Rules, in this order:
 * - 400 VALIDATION_ERROR: count < 1 or not whole; 'Batch size too large' above 1000.
 * - 404 'Store not found': storeId not a store of this tenant.
 * - 403 FORBIDDEN 'Card creation blocked': status CANCELED or NONE, or PAST_DUE with the
 *   grace period over (the same gate as POS; decision documented in the route).
 * - 403 SUBSCRIPTION_REQUIRED 'Subscription required': not ACTIVE and subscriptionRequired
 *   (trial activations used up or trial expired).
 * - ACTIVE with a plan: the plan's `limits.cards` (−1 unlimited) bounds all the tenant's
 *   cards; a shortfall is 403 FORBIDDEN 'Insufficient subscription allowance' with details
 *   `{ remaining, used, limit, planName, requested, message }` (message: the product's text).
 * - otherwise (trial mode): freeTrialLimit bounds all cards; a shortfall is 400
 *   VALIDATION_ERROR 'Card limit exceeded' with details `{ remaining, used, limit,
 *   requested, message }`.
 * UIDs that collide with an existing card are skipped (ON CONFLICT DO NOTHING) and redrawn.
 * Returns 201 `{ created, cards }`.
 */
export async function createCardBatch(
  db: Database,
  ctx: TenantRequestContext,
  qr: QrContext,
  input: BatchInput,
  deps: BatchDeps = { generateUid: generateCardUid },
): Promise<CardBatchResponse> {
  assertBatchCount(input.count);
  const tenantId = ctx.tenant.id;
  return db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, tenantId);
    const storeName = input.storeId ? await requireStoreName(tx, tenantId, input.storeId) : null;
    await assertCardBatchAllowed(tx, tenant, await cardCounts(tx, tenantId), input.count, ctx.now);
    const created = await insertUnassignedCards(tx, tenantId, input.count, { storeId: input.storeId }, deps.generateUid);
    created.sort((a, b) => a.cardUid.localeCompare(b.cardUid));
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: 'card.batch_create',
      entity: 'card',
      entityId: null,
      after: { count: created.length, storeId: input.storeId ?? null, firstCardUid: created[0]?.cardUid ?? null, lastCardUid: created.at(-1)?.cardUid ?? null },
    });
    return {
      created: created.length,
      cards: created.map((card) => toCardResponse({ card, customer: null, storeName }, qr)),
    };
  });
}
