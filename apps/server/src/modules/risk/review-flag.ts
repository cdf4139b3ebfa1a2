import { and, eq } from 'drizzle-orm';
import { RISK_FLAG_REVIEWED, type RiskFlagItem } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { riskFlags } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { blockCardIn, type QrContext } from '../cards/index.ts';
import { type TenantRequestContext } from '../../context.ts';
import { flagItems } from './list-flags.ts';

/** The reason a card blocked from the Review list records. */
const REVIEW_BLOCK_REASON = 'Velocity limit review';

/** What reviewing a flag does: dismiss it, or block its card. */
export type FlagReview = 'dismiss' | 'block_card';

/**
 * POST /risk/flags/{id}/dismiss and …/block-card (docs/product.md 'Velocity limits'): in one
 * transaction, locks the tenant's OPEN flag `flagId`, for 'block_card' blocks its card (audited
 * 'card.block', webhook `card.blocked`; a card already blocked stays), marks the flag DISMISSED
 * or CARD_BLOCKED with the reviewer and the time, and writes the audit row 'risk.flag.dismiss'
 * or 'risk.flag.block_card'. Returns the flag as the Review list shows it. Throws 404 'Flag not
 * found' (unknown, malformed or another tenant's), 409 CONFLICT 'This flag was already reviewed'.
 */
export async function reviewFlag(db: Database, ctx: TenantRequestContext, qr: QrContext, flagId: string, review: FlagReview): Promise<RiskFlagItem> {
  const tenantId = ctx.tenant.id;
  if (!isUuid(flagId)) throw notFound('Flag not found');
  return db.transaction(async (tx) => {
    const mine = and(eq(riskFlags.tenantId, tenantId), eq(riskFlags.id, flagId));
    const [flag] = await tx.select().from(riskFlags).where(mine).for('update');
    if (!flag) throw notFound('Flag not found');
    if (flag.status !== 'OPEN') throw conflict(RISK_FLAG_REVIEWED);
    const card = review === 'block_card' ? await blockCardIn(tx, ctx, qr, flag.cardId, REVIEW_BLOCK_REASON) : null;
    const status = review === 'block_card' ? 'CARD_BLOCKED' : 'DISMISSED';
    const reviewer = ctx.actor.kind === 'user' ? ctx.actor.user.id : null;
    const [saved] = await tx.update(riskFlags).set({ status, reviewedAt: ctx.now, reviewedBy: reviewer }).where(mine).returning();
    const facts = { limit: flag.limitKey, cardUid: card?.cardUid ?? (await flagItems(tx, tenantId, [flag]))[0].card.uid, day: flag.day };
    await writeAudit(
      tx,
      review === 'block_card'
        ? {
            tenantId,
            ...auditActorOf(ctx),
            action: 'risk.flag.block_card',
            entity: 'risk_flag',
            entityId: flag.id,
            before: { status: 'OPEN' },
            after: { status: 'CARD_BLOCKED', ...facts },
          }
        : {
            tenantId,
            ...auditActorOf(ctx),
            action: 'risk.flag.dismiss',
            entity: 'risk_flag',
            entityId: flag.id,
            before: { status: 'OPEN' },
            after: { status: 'DISMISSED', ...facts },
          },
    );
    return (await flagItems(tx, tenantId, [saved]))[0];
  });
}
