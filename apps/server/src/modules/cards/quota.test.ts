import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { isCardUid } from '@loyalty/domain';
import { cards, plans, stores, tenants } from '../../db/schema/index.ts';
import {
  countRows,
  createOtherTenant,
  createTestContext,
  demoSessions,
  demoTenantId,
  json,
  loginAs,
  tenantRequestContext,
  type TestContext,
} from '../../../test/helpers.ts';
import { toTenantContext } from '../tenants/index.ts';
import { cardQrUrl, generateCardUid } from './qr-token.ts';
import { BATCH_TOO_LARGE_TEXT, createCardBatch } from './create-card-batch.ts';

/**
 * POST /cards/batch and the card quota (docs/product.md 'Card quota'). The `error` strings are the ones the web
 * matches. On PostgreSQL the race tests run real parallel transactions (pool of 30).
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let planIds: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  const rows = await ctx.db.select({ id: plans.id, name: plans.name }).from(plans);
  planIds = Object.fromEntries(rows.map((p) => [p.name, p.id]));
});
afterAll(() => ctx.close());

/** A fresh tenant (1 ACTIVE, activated card; TRIALING, freeTrialLimit 40) with its admin signed in. */
async function tenantWith(values: Partial<typeof tenants.$inferInsert> = {}) {
  const t = await createOtherTenant(ctx.db);
  if (Object.keys(values).length) await ctx.db.update(tenants).set(values).where(eq(tenants.id, t.tenant.id));
  const cookie = await loginAs(ctx.app, t.email, t.password);
  const batch = (payload: unknown, who = cookie) =>
    ctx.app.inject({ method: 'POST', url: `/api/t/${t.tenant.slug}/cards/batch`, headers: { cookie: who }, payload: payload as object });
  const cardCount = async () => (await ctx.db.select({ id: cards.id }).from(cards).where(eq(cards.tenantId, t.tenant.id))).length;
  return { ...t, cookie, batch, cardCount };
}

describe('POST /api/t/{slug}/cards/batch: creation', () => {
  it('creates 10 UNASSIGNED cards by default with fresh Crockford UIDs, for a cashier too', async () => {
    const before = await countRows(ctx.db, 'cards');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/t/demo/cards/batch', headers: { cookie: s.cashier }, payload: {} });
    expect(res.statusCode, res.body).toBe(201);
    const body = json(res);
    expect(body.created).toBe(10);
    expect(body.cards).toHaveLength(10);
    expect(new Set(body.cards.map((c: { cardUid: string }) => c.cardUid)).size).toBe(10);
    for (const c of body.cards) {
      expect(isCardUid(c.cardUid)).toBe(true);
      expect(c).toMatchObject({ status: 'UNASSIGNED', customer: null, customerId: null, balanceCents: 0, storeId: null, storeName: null, activatedAt: null });
      expect(c.qrUrl).toBe(cardQrUrl(ctx.config.publicUrl, ctx.config.qrTokenSecret, 'demo', c.cardUid));
    }
    expect(await countRows(ctx.db, 'cards')).toBe(before + 10);
    const list = json(await ctx.app.inject({ method: 'GET', url: '/api/t/demo/cards?status=UNASSIGNED', headers: { cookie: s.admin } }));
    expect(list.total).toBe(18);
  });

  it('accepts `quantity` and binds the cards to a store of the tenant', async () => {
    const demoId = await demoTenantId(ctx.db);
    const [main] = await ctx.db
      .select()
      .from(stores)
      .where(and(eq(stores.tenantId, demoId), eq(stores.name, 'Main Store')));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/t/demo/cards/batch',
      headers: { cookie: s.admin },
      payload: { quantity: 2, storeId: main.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).cards.map((c: { storeName: string }) => c.storeName)).toEqual(['Main Store', 'Main Store']);
  });

  it("answers 404 'Store not found' for another tenant's or an unknown store, 400 for a malformed one; nothing written", async () => {
    const t = await tenantWith();
    const before = await countRows(ctx.db, 'cards');
    for (const storeId of [t.store.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/t/demo/cards/batch', headers: { cookie: s.admin }, payload: { count: 1, storeId } });
      expect(res.statusCode).toBe(404);
      expect(json(res).error).toBe('Store not found');
    }
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/t/demo/cards/batch', headers: { cookie: s.admin }, payload: { count: 1, storeId: 'main' } });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).details[0].field).toBe('body.storeId');
    expect(await countRows(ctx.db, 'cards')).toBe(before);
  });

  it('answers 400 VALIDATION_ERROR with details for count < 1 or not whole, and writes nothing', async () => {
    const t = await tenantWith();
    const before = await countRows(ctx.db, 'cards');
    for (const payload of [{ count: 0 }, { count: -5 }, { quantity: 0 }, { count: 2.5 }, { count: 'ten' }, { quantity: null }]) {
      const res = await t.batch(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = json(res);
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.details.length).toBeGreaterThan(0);
    }
    expect(json(await t.batch({ count: 0 }))).toMatchObject({ error: 'Quantity must be at least 1', details: [{ field: 'body.count' }] });
    expect(await countRows(ctx.db, 'cards')).toBe(before);
  });

  it('answers 403 to a customer, 401 signed out, 404 across tenants; nothing written', async () => {
    const t = await tenantWith();
    const before = await countRows(ctx.db, 'cards');
    const post = (cookie: string | undefined, slug = 'demo') =>
      ctx.app.inject({ method: 'POST', url: `/api/t/${slug}/cards/batch`, headers: cookie ? { cookie } : {}, payload: { count: 1 } });
    expect((await post(s.customer)).statusCode).toBe(403);
    expect((await post(undefined)).statusCode).toBe(401);
    expect((await post(t.cookie)).statusCode).toBe(404);
    expect((await post(s.admin, t.tenant.slug)).statusCode).toBe(404);
    expect(await countRows(ctx.db, 'cards')).toBe(before);
  });

  it('redraws UIDs that collide with existing cards (any tenant) and never touches those cards', async () => {
    const t = await tenantWith();
    const queue = ['DEM0CARD0001', t.cardUid, 'AAAAAAAAAAA1'];
    const generateUid = () => queue.shift() ?? generateCardUid();
    const result = await createCardBatch(
      ctx.db,
      tenantRequestContext(toTenantContext(t.tenant), '00000000-0000-4000-8000-000000000000'),
      { publicUrl: 'http://x', secret: 's'.repeat(32), slug: t.tenant.slug },
      { count: 3, storeId: null },
      { generateUid },
    );
    expect(result.created).toBe(3);
    const uids = result.cards.map((c) => c.cardUid);
    expect(uids).toContain('AAAAAAAAAAA1');
    expect(uids).not.toContain('DEM0CARD0001');
    expect(uids).not.toContain(t.cardUid);
    const [demoCard] = await ctx.db.select().from(cards).where(eq(cards.cardUid, 'DEM0CARD0001'));
    expect(demoCard.status).toBe('ACTIVE');
    expect(await t.cardCount()).toBe(4);
  });

  it('gives up with an error and writes nothing when every drawn UID collides', async () => {
    const t = await tenantWith();
    await expect(
      createCardBatch(
        ctx.db,
        tenantRequestContext(toTenantContext(t.tenant), '00000000-0000-4000-8000-000000000000'),
        { publicUrl: 'http://x', secret: 's'.repeat(32), slug: t.tenant.slug },
        { count: 2, storeId: null },
        { generateUid: () => 'DEM0CARD0001' },
      ),
    ).rejects.toThrow('Could not draw unique card UIDs');
    expect(await t.cardCount()).toBe(1);
  });
});

describe('POST /api/t/{slug}/cards/batch: batch size', () => {
  it("creates 1000 cards at once; 1001 is 400 'Batch size too large' with the spec's text, nothing written", async () => {
    const t = await tenantWith({ subscriptionStatus: 'ACTIVE', planId: planIds.Enterprise });
    const ok = await t.batch({ count: 1000 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(json(ok).created).toBe(1000);
    expect(new Set(json(ok).cards.map((c: { cardUid: string }) => c.cardUid)).size).toBe(1000);
    expect(await t.cardCount()).toBe(1001);
    const over = await t.batch({ count: 1001 });
    expect(over.statusCode).toBe(400);
    expect(json(over)).toEqual({
      error: 'Batch size too large',
      code: 'VALIDATION_ERROR',
      details: [{ field: 'body.count', message: 'Maximum 1000 cards can be created at once. Please reduce the quantity.' }],
    });
    expect(BATCH_TOO_LARGE_TEXT).toBe('Maximum 1000 cards can be created at once. Please reduce the quantity.');
    expect((await t.batch({ quantity: 5000 })).statusCode).toBe(400);
    expect(await t.cardCount()).toBe(1001);
  });
});

describe('POST /api/t/{slug}/cards/batch: trial quota', () => {
  it("allows exactly up to freeTrialLimit cards in all; one more is 400 'Card limit exceeded' with remaining/used/limit", async () => {
    const t = await tenantWith();
    const over = await t.batch({ count: 40 });
    expect(over.statusCode).toBe(400);
    expect(json(over)).toEqual({
      error: 'Card limit exceeded',
      code: 'VALIDATION_ERROR',
      details: { remaining: 39, used: 1, limit: 40, requested: 40, message: 'You can only create 39 more cards. You currently have 1/40 cards in your trial.' },
    });
    expect(await t.cardCount()).toBe(1);
    expect((await t.batch({ count: 39 })).statusCode).toBe(201);
    expect(await t.cardCount()).toBe(40);
    const full = await t.batch({ count: 1 });
    expect(full.statusCode).toBe(400);
    expect(json(full).details).toMatchObject({ remaining: 0, used: 40, limit: 40 });
    expect(await t.cardCount()).toBe(40);
    const tenant = json(await ctx.app.inject({ method: 'GET', url: `/api/t/${t.tenant.slug}/tenant`, headers: { cookie: t.cookie } }));
    expect(tenant.subscriptionInfo).toMatchObject({ cardLimit: 40, cardsUsed: 40, cardsRemaining: 0 });
  });

  it("answers 403 'Subscription required' when the trial activations are used up or the trial has expired", async () => {
    const usedUp = await tenantWith({ freeTrialLimit: 1 });
    const res = await usedUp.batch({ count: 1 });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({ error: 'Subscription required', code: 'SUBSCRIPTION_REQUIRED' });
    const expired = await tenantWith({ trialEndsAt: new Date(Date.now() - 1000) });
    expect(json(await expired.batch({ count: 1 }))).toMatchObject({ error: 'Subscription required' });
    expect(await usedUp.cardCount()).toBe(1);
    expect(await expired.cardCount()).toBe(1);
  });

  it("answers 403 'Card creation blocked' when CANCELED, NONE or PAST_DUE after grace; PAST_DUE within grace may create", async () => {
    for (const values of [
      { subscriptionStatus: 'CANCELED' as const },
      { subscriptionStatus: 'NONE' as const },
      { subscriptionStatus: 'PAST_DUE' as const, graceEndsAt: new Date(Date.now() - 1000) },
      { subscriptionStatus: 'CANCELED' as const, planId: planIds.Starter },
    ]) {
      const t = await tenantWith(values);
      const res = await t.batch({ count: 1 });
      expect(res.statusCode, JSON.stringify(values)).toBe(403);
      expect(json(res)).toMatchObject({ error: 'Card creation blocked', code: 'FORBIDDEN' });
      expect(await t.cardCount()).toBe(1);
    }
    const grace = await tenantWith({ subscriptionStatus: 'PAST_DUE', graceEndsAt: new Date(Date.now() + 86_400_000) });
    expect((await grace.batch({ count: 2 })).statusCode).toBe(201);
  });
});

describe('POST /api/t/{slug}/cards/batch: subscription quota', () => {
  it("bounds an ACTIVE tenant by its plan's card limit: 403 'Insufficient subscription allowance' with remaining, used, limit, planName", async () => {
    const t = await tenantWith({ subscriptionStatus: 'ACTIVE', planId: planIds.Starter, freeTrialLimit: 0, trialEndsAt: new Date(Date.now() - 1000) });
    expect((await t.batch({ count: 450 })).statusCode).toBe(201);
    const short = await t.batch({ count: 60 });
    expect(short.statusCode).toBe(403);
    expect(json(short)).toEqual({
      error: 'Insufficient subscription allowance',
      code: 'FORBIDDEN',
      details: {
        remaining: 49,
        used: 451,
        limit: 500,
        requested: 60,
        planName: 'Starter',
        message: 'You can only create 49 more cards from your Starter plan subscription. You currently have 451/500 cards used.',
      },
    });
    expect(await t.cardCount()).toBe(451);
    expect((await t.batch({ count: 49 })).statusCode).toBe(201);
    const full = await t.batch({ count: 1 });
    expect(full.statusCode).toBe(403);
    expect(json(full).details).toMatchObject({ remaining: 0, used: 500, limit: 500, planName: 'Starter' });
    expect(await t.cardCount()).toBe(500);
  });

  it('treats ACTIVE without a plan as trial mode (the card-creation mode)', async () => {
    const t = await tenantWith({ subscriptionStatus: 'ACTIVE', freeTrialLimit: 3 });
    expect((await t.batch({ count: 2 })).statusCode).toBe(201);
    expect(json(await t.batch({ count: 1 }))).toMatchObject({ error: 'Card limit exceeded', details: { remaining: 0, used: 3, limit: 3 } });
  });
});

describe('POST /api/t/{slug}/cards/batch: parallel batches never overshoot the quota', () => {
  it('two parallel batches of 20 racing for the last 30 cards: exactly one succeeds', async () => {
    const t = await tenantWith({ freeTrialLimit: 31 });
    const results = await Promise.all([t.batch({ count: 20 }), t.batch({ count: 20 })]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 400]);
    const loser = results.find((r) => r.statusCode === 400)!;
    expect(json(loser)).toMatchObject({ error: 'Card limit exceeded', details: { remaining: 10, used: 21, limit: 31 } });
    expect(await t.cardCount()).toBe(21);
  });

  it('ten parallel batches of 5 on 30 remaining: exactly six succeed and the total is the limit', async () => {
    const t = await tenantWith({ freeTrialLimit: 31 });
    const results = await Promise.all(Array.from({ length: 10 }, () => t.batch({ count: 5 })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(6);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(4);
    expect(await t.cardCount()).toBe(31);
  });

  it('parallel batches on a plan never exceed its limit', async () => {
    const t = await tenantWith({ subscriptionStatus: 'ACTIVE', planId: planIds.Starter });
    const results = await Promise.all(Array.from({ length: 6 }, () => t.batch({ count: 100 })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(4);
    expect(results.filter((r) => r.statusCode === 403).every((r) => json(r).error === 'Insufficient subscription allowance')).toBe(true);
    expect(await t.cardCount()).toBe(401);
  });
});
