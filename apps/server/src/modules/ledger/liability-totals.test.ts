import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LiabilityReport } from '@loyalty/contract';
import { cardBalanceDeltas, cards, lotTotalDeltas, offers, stores, tenants } from '../../db/schema/index.ts';
import { createTestContext, freshTenant, json, offSummaries, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { rowsOf } from '../../lib/sql.ts';
import { compactCardBalances } from './balance-summaries.ts';
import { compactLiabilityTotals, compactLotTotals } from './liability.ts';
import { expireDueLots } from './lots.ts';

/**
 * ADR 0016: the liability summaries (card balances per store, open lots per hour and expiry)
 * follow every movement through their triggers, survive compaction unchanged, and the shared
 * after-each check (test/setup.ts `offSummaries`) notices when they drift.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.update(offers).set({ isActive: false });
});
afterAll(() => ctx.close());

const tenant = () => freshTenant(ctx, { balanceCents: 0, idempotencyKeys: true });

async function ok(t: FreshTenant, method: 'POST' | 'PUT', path: string, payload: object) {
  const res = await t.req(method, path, payload);
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
}

const report = async (t: FreshTenant) => json<LiabilityReport>(await t.req('GET', 'reports/liability'));

const deltasOf = async (tenantId: string) => {
  const [r] = rowsOf<{ cards: string; lots: string }>(
    await ctx.db.execute(sql`select (select count(*) from ${cardBalanceDeltas} where tenant_id = ${tenantId}) as cards,
      (select count(*) from ${lotTotalDeltas} where tenant_id = ${tenantId}) as lots`),
  );
  return { cards: Number(r.cards), lots: Number(r.lots) };
};

describe('liability summaries (ADR 0016)', () => {
  it('follow earns, redemptions, refunds, adjustments, a change of store and expiry, before and after compaction', async () => {
    const t = await tenant();
    const [second] = await ctx.db.insert(stores).values({ tenantId: t.tenant.id, name: 'Harbour Street' }).returning();
    const e1 = await ok(t, 'POST', 'transactions/earn', { cardUid: t.cardUid, amountCents: 10_000 }); // +200
    await ok(t, 'POST', 'transactions/redeem', { cardUid: t.cardUid, amountCents: 50 }); // 150
    await ok(t, 'POST', `cards/${t.cardUid}/adjust`, { deltaCents: 300, reason: 'Goodwill credit' }); // 450
    await ok(t, 'POST', `transactions/${e1.transactionId}/refund`, { amountCents: 5000 }); // −100 → 350
    await ok(t, 'PUT', `cards/${t.cardUid}/store`, { storeId: second.id });
    await ok(t, 'PUT', 'rules/expiry', { policy: 'AFTER_EARN', days: 30 });
    await ok(t, 'POST', 'transactions/earn', { cardUid: t.cardUid, amountCents: 2500 }); // +50, expires in 30 days → 400

    expect(await offSummaries(ctx.db)).toEqual([]);
    expect((await deltasOf(t.tenant.id)).cards).toBeGreaterThan(0);
    const before = await report(t);
    expect(before.outstandingCents).toBe(400);
    expect(before.cardsWithBalance).toBe(1);
    expect(before.byStore).toEqual([{ storeId: second.id, storeName: 'Harbour Street', outstandingCents: 400 }]);
    expect(before.byAge[0]).toEqual({ bucket: '0-30', cents: 400 });
    expect(before.expiringNext30DaysCents).toBe(50); // local midnight + 30 days: within (now, now + 30 days]

    // The report folded the deltas in; the figures are the same from the totals alone.
    expect(await deltasOf(t.tenant.id)).toEqual({ cards: 0, lots: 0 });
    const after = await report(t);
    expect(after).toEqual(before);

    // 31 days on the 50 cents have expired: the card, its store and the lots say so.
    const later = new Date(Date.now() + 31 * 86_400_000);
    const run = await expireDueLots(ctx.db, later);
    expect(run.cents).toBeGreaterThanOrEqual(50);
    expect(await offSummaries(ctx.db)).toEqual([]);
    const expired = await report(t);
    expect(expired.outstandingCents).toBe(350);
    expect(expired.byStore).toEqual([{ storeId: second.id, storeName: 'Harbour Street', outstandingCents: 350 }]);

    // Spending the rest empties the card: no store holds a balance, no card has one.
    await ok(t, 'POST', 'transactions/redeem', { cardUid: t.cardUid, amountCents: 350 });
    const empty = await report(t);
    expect(empty).toMatchObject({ outstandingCents: 0, cardsWithBalance: 0, byStore: [] });
    expect(empty.byAge.every((b) => b.cents === 0)).toBe(true);
  });

  it('fold each delta exactly once when compactions and movements run at the same time', async () => {
    const t = await tenant();
    const earns = Array.from({ length: 6 }, () => t.req('POST', 'transactions/earn', { cardUid: t.cardUid, amountCents: 1000 }));
    const compactions = Array.from({ length: 4 }, () => Promise.all([compactCardBalances(ctx.db, t.tenant.id), compactLotTotals(ctx.db, t.tenant.id)]));
    const results = await Promise.all([...earns, ...compactions]);
    expect(results.slice(0, 6).map((r) => (r as { statusCode: number }).statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await offSummaries(ctx.db)).toEqual([]);
    await compactLiabilityTotals(ctx.db);
    expect(await deltasOf(t.tenant.id)).toEqual({ cards: 0, lots: 0 });
    expect(await offSummaries(ctx.db)).toEqual([]);
    expect((await report(t)).outstandingCents).toBe(120);
  });

  it('go with a deleted tenant, balances and lots and all', async () => {
    const t = await tenant();
    await ok(t, 'POST', 'transactions/earn', { cardUid: t.cardUid, amountCents: 10_000 });
    await ctx.db.delete(tenants).where(eq(tenants.id, t.tenant.id));
    expect(await deltasOf(t.tenant.id)).toEqual({ cards: 0, lots: 0 });
    expect(await offSummaries(ctx.db)).toEqual([]);
  });

  it('are checked after every test: a summary that drifts from the cards is reported', async () => {
    const t = await tenant();
    await ok(t, 'POST', 'transactions/earn', { cardUid: t.cardUid, amountCents: 10_000 });
    // Written around the trigger's back: the summary no longer matches the card.
    await ctx.db.execute(sql`alter table ${cards} disable trigger cards_balance_summary_update`);
    await ctx.db.update(cards).set({ balanceCents: 0 }).where(eq(cards.id, t.card.id));
    await ctx.db.execute(sql`alter table ${cards} enable trigger cards_balance_summary_update`);
    const off = await offSummaries(ctx.db);
    expect(off).toEqual([{ summary: 'cards', key: `${t.tenant.id} ${t.store.id}`, live: '0/0', kept: '200/1' }]);
    // Put the card back so that the shared checks pass.
    await ctx.db.execute(sql`alter table ${cards} disable trigger cards_balance_summary_update`);
    await ctx.db.update(cards).set({ balanceCents: 200 }).where(eq(cards.id, t.card.id));
    await ctx.db.execute(sql`alter table ${cards} enable trigger cards_balance_summary_update`);
    expect(await offSummaries(ctx.db)).toEqual([]);
  });
});
