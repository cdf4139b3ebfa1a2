import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cards, expiryRules, transactions } from '../../db/schema/index.ts';
import { createTestContext, freshTenant, type TestContext } from '../../../test/helpers.ts';
import { startExpiryJob } from './expiry-job.ts';
import { startJobQueue } from '../../db/job-queue.ts';
import { openLotOf } from './lots.ts';

/**
 * docs/product.md 'Expiry': the expiry runs from pg-boss (a PostgreSQL job queue) on the database the
 * suite runs on: the embedded PGlite by default, PostgreSQL with DATABASE_URL (ADR 0015).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('startExpiryJob', () => {
  it('runs the expiry through pg-boss at start: a due lot is expired without anyone calling it, then the housekeeping', async () => {
    const t = await freshTenant(ctx);
    await ctx.db.insert(expiryRules).values({ tenantId: t.tenant.id, policy: 'AFTER_EARN', days: 30 });
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(transactions)
        .values({
          tenantId: t.tenant.id,
          cardId: t.card.id,
          customerId: t.customer.id,
          storeId: t.store.id,
          type: 'ADJUST',
          amountCents: 345,
          beforeBalanceCents: 1000,
          afterBalanceCents: 1345,
          createdAt: new Date(Date.now() - 40 * 86_400_000),
        })
        .returning();
      await tx.update(cards).set({ balanceCents: 1345 }).where(eq(cards.id, t.card.id));
      await openLotOf(tx, t.tenant.id, row.id);
    });
    const queue = startJobQueue(ctx.handle, ctx.app.log, ctx.databaseUrl);
    const housekeeping: Date[] = [];
    void startExpiryJob(queue, ctx.handle, ctx.app.log, { now: () => new Date(), housekeeping: async (now) => void housekeeping.push(now) });
    try {
      let expired: (typeof transactions.$inferSelect)[] = [];
      for (let i = 0; i < 60 && expired.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 500));
        expired = (await ctx.db.select().from(transactions).where(eq(transactions.cardId, t.card.id))).filter((r) => r.type === 'EXPIRE');
      }
      expect(expired.map((r) => [r.amountCents, r.afterBalanceCents])).toEqual([[345, 1000]]);
      // The run's housekeeping (main.ts: the purge of stale sign-ups) comes after the expiry.
      for (let i = 0; i < 20 && housekeeping.length === 0; i++) await new Promise((r) => setTimeout(r, 250));
      expect(housekeeping.length).toBeGreaterThanOrEqual(1);
    } finally {
      await queue.stop();
    }
  });
});
