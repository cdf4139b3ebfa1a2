import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog, cards, cashbackLots, expiryRules, offers, tenants, transactions } from '../../db/schema/index.ts';
import { createTestContext, demoSessions, freshTenant, idempotencyKey, json, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { signCardToken } from '../cards/index.ts';
import { expireDueLots, openLotOf } from './lots.ts';

/**
 * docs/product.md 'Expiry' (ADR 0015): every credit opens a lot, debits take the oldest lots first,
 * and the expiry job expires what is left of due lots, once. The global check after every test
 * also holds Σ lots = balance = Σ ledger deltas for every card.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.update(offers).set({ isActive: false });
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
const tenant = () => freshTenant(ctx, { balanceCents: 0, idempotencyKeys: true });

/** Puts the tenant on AFTER_EARN with `days` (the rules module's table; its API is tested there). */
async function expireAfter(t: FreshTenant, days: number) {
  await ctx.db
    .insert(expiryRules)
    .values({ tenantId: t.tenant.id, policy: 'AFTER_EARN', days })
    .onConflictDoUpdate({ target: expiryRules.tenantId, set: { policy: 'AFTER_EARN', days } });
}

const lotsOf = (t: FreshTenant) =>
  ctx.db.select().from(cashbackLots).where(eq(cashbackLots.cardId, t.card.id)).orderBy(asc(cashbackLots.creditedAt), asc(cashbackLots.id));

/**
 * A credit of `cents` booked at `at` (a back-dated ADJUST, as an import would write it) with its
 * lot opened under the tenant's rule: lets a test place a lot on a chosen day.
 */
async function creditAt(t: FreshTenant, cents: number, at: Date) {
  await ctx.db.transaction(async (tx) => {
    const [card] = await tx.select().from(cards).where(eq(cards.id, t.card.id)).for('update');
    const [row] = await tx
      .insert(transactions)
      .values({
        tenantId: t.tenant.id,
        cardId: card.id,
        customerId: card.customerId,
        storeId: card.storeId,
        type: 'ADJUST',
        amountCents: cents,
        beforeBalanceCents: card.balanceCents,
        afterBalanceCents: card.balanceCents + cents,
        createdAt: at,
      })
      .returning();
    await tx
      .update(cards)
      .set({ balanceCents: card.balanceCents + cents })
      .where(eq(cards.id, card.id));
    await openLotOf(tx, t.tenant.id, row.id);
  });
}

describe('cashback lots', () => {
  it('opens a lot per credit (earn, add funds, void, positive adjustment) and debits take the oldest first', async () => {
    const t = await tenant();
    await t.req('POST', 'transactions/earn', { cardUid: t.cardUid, amountCents: 5000 }); // +100
    await t.req('POST', `cards/${t.cardUid}/adjust`, { deltaCents: 300, reason: 'Goodwill' }); // +300
    expect((await lotsOf(t)).map((l) => [l.amountCents, l.remainingCents, l.expiresAt])).toEqual([
      [100, 100, null],
      [300, 300, null],
    ]);
    const redeem = json(await t.req('POST', 'transactions/redeem', { cardUid: t.cardUid, amountCents: 150 }));
    expect((await lotsOf(t)).map((l) => l.remainingCents)).toEqual([0, 250]);
    await t.req('POST', `transactions/${redeem.transactionId}/void`, { reason: 'Rung twice' }); // +150, a new lot
    expect((await lotsOf(t)).map((l) => l.remainingCents)).toEqual([0, 250, 150]);
    await t.req('POST', `cards/${t.cardUid}/adjust`, { deltaCents: -260, reason: 'Correction' });
    expect((await lotsOf(t)).map((l) => l.remainingCents)).toEqual([0, 0, 140]);
  });

  it('under AFTER_EARN, an earned lot expires at local midnight `days` days after the credit', async () => {
    const t = await tenant();
    await expireAfter(t, 30);
    await ctx.db.update(tenants).set({ timezone: 'Europe/Berlin' }).where(eq(tenants.id, t.tenant.id));
    await t.req('POST', 'transactions/earn', { cardUid: t.cardUid, amountCents: 5000 });
    const [lot] = await lotsOf(t);
    const berlin = (d: Date) => {
      const p = Object.fromEntries(
        new Intl.DateTimeFormat('en-CA', {
          timeZone: 'Europe/Berlin',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(d)
          .map((x) => [x.type, x.value]),
      );
      return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
    };
    const credited = new Date(`${berlin(lot.creditedAt).date}T00:00:00Z`);
    credited.setUTCDate(credited.getUTCDate() + 30);
    expect(berlin(lot.expiresAt!)).toEqual({ date: credited.toISOString().slice(0, 10), time: '00:00' });
  });
});

describe('expireDueLots (the expiry job)', () => {
  it('expires only what is left of due lots, one EXPIRE row per card, and nothing the second time', async () => {
    const t = await tenant();
    await expireAfter(t, 30);
    const start = new Date(Date.now() - 60 * DAY);
    await creditAt(t, 500, start); // due 30 days later
    await creditAt(t, 200, new Date(start.getTime() + 40 * DAY)); // due in about 10 days
    // Spend 300: all from the oldest lot (FIFO), so only 200 of it is left to expire.
    await t.req('POST', 'transactions/redeem', { cardUid: t.cardUid, amountCents: 300 });
    const first = await expireDueLots(ctx.db, new Date());
    expect(first.cards).toBeGreaterThanOrEqual(1);
    const rows = await ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.cardId, t.card.id), eq(transactions.type, 'EXPIRE')));
    expect(rows.map((r) => [r.amountCents, r.beforeBalanceCents, r.afterBalanceCents, r.userId])).toEqual([[200, 400, 200, null]]);
    // The expiry is an audit event of the system (no user, key or address), in the same statement.
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cashback.expire'), eq(auditLog.entityId, rows[0].id)));
    expect(audit).toMatchObject({ tenantId: t.tenant.id, userId: null, apiKeyId: null, ip: null });
    expect(audit.after).toMatchObject({ expiredCents: 200, balanceCents: 200 });
    const again = await expireDueLots(ctx.db, new Date());
    expect(again).toEqual({ cards: 0, cents: 0 });
    const [card] = await ctx.db.select().from(cards).where(eq(cards.id, t.card.id));
    expect(card.balanceCents).toBe(200);
    // Eleven days on, the second lot is due too.
    const later = await expireDueLots(ctx.db, new Date(Date.now() + 11 * DAY));
    expect(later.cents).toBeGreaterThanOrEqual(200);
    const [after] = await ctx.db.select().from(cards).where(eq(cards.id, t.card.id));
    expect(after.balanceCents).toBe(0);
  });

  it('run by two instances at once, expires each lot exactly once', async () => {
    const ts = await Promise.all([tenant(), tenant(), tenant()]);
    for (const t of ts) {
      await expireAfter(t, 30);
      await creditAt(t, 123, new Date(Date.now() - 45 * DAY));
    }
    const [a, b] = await Promise.all([expireDueLots(ctx.db, new Date(), 1), expireDueLots(ctx.db, new Date(), 1)]);
    const expired = await ctx.db.select().from(transactions).where(eq(transactions.type, 'EXPIRE'));
    for (const t of ts) expect(expired.filter((r) => r.cardId === t.card.id).map((r) => r.amountCents)).toEqual([123]);
    expect(a.cents + b.cents).toBeGreaterThanOrEqual(3 * 123);
  });

  it('keeps the expiry date across a daylight-saving change in the tenant’s zone (America/New_York, 8 March 2026)', async () => {
    const t = await tenant();
    await expireAfter(t, 30);
    await ctx.db.update(tenants).set({ timezone: 'America/New_York' }).where(eq(tenants.id, t.tenant.id));
    await creditAt(t, 250, new Date('2026-03-01T12:00:00Z')); // 07:00 EST on 1 March
    const [lot] = await lotsOf(t);
    // 31 March 00:00 EDT (UTC−4) = 04:00Z, not 05:00Z as it would be without the change.
    expect(lot.expiresAt!.toISOString()).toBe('2026-03-31T04:00:00.000Z');
    expect(await expireDueLots(ctx.db, new Date('2026-03-31T03:59:59Z'))).toMatchObject({ cents: 0 });
    const due = await expireDueLots(ctx.db, new Date('2026-03-31T04:00:00Z'));
    expect(due.cents).toBeGreaterThanOrEqual(250);
    const [card] = await ctx.db.select().from(cards).where(eq(cards.id, t.card.id));
    expect(card.balanceCents).toBe(0);
  });
});

describe("'$x.xx expires on DATE'", () => {
  it('the customer’s page and the public card page (valid token only) list cashback expiring within 30 days', async () => {
    const s = await demoSessions(ctx.app);
    const demo = (await ctx.db.select().from(tenants).where(eq(tenants.slug, 'demo')))[0];
    await ctx.db
      .insert(expiryRules)
      .values({ tenantId: demo.id, policy: 'AFTER_EARN', days: 30 })
      .onConflictDoUpdate({ target: expiryRules.tenantId, set: { policy: 'AFTER_EARN', days: 30 } });
    try {
      const earn = json(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/t/demo/transactions/earn',
          headers: { cookie: s.cashier, ...idempotencyKey() },
          payload: { cardUid: 'DEM0CARD0001', amountCents: 5000 },
        }),
      );
      const me = json(await ctx.app.inject({ method: 'GET', url: '/api/t/demo/me', headers: { cookie: s.customer } }));
      expect(me.expiringSoon).toHaveLength(1);
      expect(me.expiringSoon[0]).toMatchObject({ cardUid: 'DEM0CARD0001', cents: earn.cashbackEarned });
      const days = (Date.parse(me.expiringSoon[0].expiresAt) - Date.now()) / DAY;
      expect(days).toBeGreaterThan(28);
      expect(days).toBeLessThanOrEqual(30);
      const open = json(await ctx.app.inject({ method: 'GET', url: `/api/demo/c/DEM0CARD0001?t=${signCardToken(ctx.config.qrTokenSecret, 'DEM0CARD0001')}` }));
      expect(open.expiringSoon).toEqual(me.expiringSoon);
      const closed = json(await ctx.app.inject({ method: 'GET', url: '/api/demo/c/DEM0CARD0001' }));
      expect(closed.expiringSoon).toBeUndefined();
    } finally {
      await ctx.db.delete(expiryRules).where(eq(expiryRules.tenantId, demo.id));
    }
  });
});

describe('oldest first, even when lots are not due in credit order', () => {
  it('a redemption spends the older lot, so when the older lot falls due nothing of it is left to expire', async () => {
    const t = await tenant();
    await expireAfter(t, 30);
    const first = json(await t.req('POST', 'transactions/earn', { cardUid: t.cardUid, amountCents: 5000 })); // +100, due in 30 days
    await expireAfter(t, 120);
    await t.req('POST', 'transactions/earn', { cardUid: t.cardUid, amountCents: 5000 }); // +100, due in 120 days
    await t.req('POST', 'transactions/redeem', { cardUid: t.cardUid, amountCents: first.cashbackEarned });
    await expireDueLots(ctx.db, new Date(Date.now() + 31 * DAY));
    const expired = await ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.cardId, t.card.id), eq(transactions.type, 'EXPIRE')));
    expect(expired).toEqual([]);
    expect((await lotsOf(t)).map((l) => l.remainingCents)).toEqual([0, 100]);
  });
});
