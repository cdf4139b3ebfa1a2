import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DAILY_CAP_RANGE, STORES_PER_BUSINESS_MAX } from '@loyalty/contract';
import { auditLog, plans, stores, tenants } from '../../db/schema/index.ts';
import { createOtherTenant, createTestContext, demoSessions, demoTenantId, json, loginAs, type TestContext } from '../../../test/helpers.ts';

/**
 * POST /api/t/{slug}/stores and PUT /stores/{id}
 * (docs/product.md 'Subscription gates': plan store limits enforced on create; ADR
 * 0005: the tenant row is locked so parallel creates cannot overshoot). On PostgreSQL the
 * race tests run real parallel transactions.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let other: Awaited<ReturnType<typeof createOtherTenant>>;
let otherCookie: string;
let demoId: string;
let mainId: string;
let downtownId: string;
let tinyPlanId: string;
let planIds: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  other = await createOtherTenant(ctx.db);
  otherCookie = await loginAs(ctx.app, other.email, other.password);
  demoId = await demoTenantId(ctx.db);
  const demoStores = await ctx.db.select().from(stores).where(eq(stores.tenantId, demoId));
  mainId = demoStores.find((x) => x.name === 'Main Store')!.id;
  downtownId = demoStores.find((x) => x.name === 'Downtown Store')!.id;
  const [tiny] = await ctx.db
    .insert(plans)
    .values({ name: 'Tiny', priceMonthlyCents: 500, limits: { stores: 3, staff: 3, cards: 100, transactions: -1 } })
    .returning();
  tinyPlanId = tiny.id;
  const rows = await ctx.db.select({ id: plans.id, name: plans.name }).from(plans);
  planIds = Object.fromEntries(rows.map((p) => [p.name, p.id]));
});
afterAll(() => ctx.close());

const post = (cookie: string | undefined, payload: unknown, slug = 'demo') =>
  ctx.app.inject({ method: 'POST', url: `/api/t/${slug}/stores`, headers: cookie ? { cookie } : {}, payload: payload as object });
const put = (cookie: string | undefined, id: string, payload: unknown, slug = 'demo') =>
  ctx.app.inject({ method: 'PUT', url: `/api/t/${slug}/stores/${id}`, headers: cookie ? { cookie } : {}, payload: payload as object });

/** Rows in stores and audit_log, for "nothing written" checks. */
async function counts() {
  const [st] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(stores);
  const [au] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  return { stores: Number(st.n), audit: Number(au.n) };
}
async function storeRow(id: string) {
  const [row] = await ctx.db.select().from(stores).where(eq(stores.id, id));
  return row;
}

/** A fresh tenant (one active 'Main Store') on plan `planId` with status ACTIVE (or no plan), its admin signed in. */
async function tenantOnPlan(planId: string | null) {
  const t = await createOtherTenant(ctx.db);
  if (planId) await ctx.db.update(tenants).set({ planId, subscriptionStatus: 'ACTIVE' }).where(eq(tenants.id, t.tenant.id));
  const cookie = await loginAs(ctx.app, t.email, t.password);
  const activeStores = async () =>
    (
      await ctx.db
        .select({ id: stores.id })
        .from(stores)
        .where(and(eq(stores.tenantId, t.tenant.id), eq(stores.active, true)))
    ).length;
  return { ...t, cookie, activeStores, create: (payload: unknown) => post(cookie, payload, t.tenant.slug) };
}

describe('POST /api/t/{slug}/stores', () => {
  it('creates a store (201) with zero counts, shows it in the list and audits it', async () => {
    const res = await post(s.admin, { name: '  Harbour Kiosk ', address: '7 Pier Road' });
    expect(res.statusCode, res.body).toBe(201);
    const body = json(res);
    // Online sign-up is off until the Store Admin turns it on; the daily cap starts at 50 (ADR 0027).
    expect(body).toMatchObject({
      name: 'Harbour Kiosk',
      address: '7 Pier Road',
      active: true,
      selfEnrolment: false,
      selfEnrolmentDailyCap: 50,
      _count: { users: 0, cards: 0, transactions: 0 },
    });
    expect(Date.now() - Date.parse(body.createdAt)).toBeLessThan(60_000);
    const row = await storeRow(body.id);
    expect(row).toMatchObject({ tenantId: demoId, name: 'Harbour Kiosk', address: '7 Pier Road', active: true });
    const list = json(await ctx.app.inject({ method: 'GET', url: '/api/t/demo/stores', headers: { cookie: s.admin } })).stores;
    expect(list.map((x: { name: string }) => x.name)).toContain('Harbour Kiosk');
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, body.id));
    expect(audit).toMatchObject({
      tenantId: demoId,
      action: 'store.create',
      entity: 'store',
      after: { name: 'Harbour Kiosk', address: '7 Pier Road', active: true, selfEnrolment: false, selfEnrolmentDailyCap: 50 },
    });
  });

  it('creates a store taking online sign-ups with its own daily cap when asked (ADR 0027)', async () => {
    const res = await post(s.admin, { name: 'Members Welcome', selfEnrolment: true, selfEnrolmentDailyCap: 20 });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({ name: 'Members Welcome', active: true, selfEnrolment: true, selfEnrolmentDailyCap: 20 });
    expect(await storeRow(json(res).id)).toMatchObject({ selfEnrolment: true, selfEnrolmentDailyCap: 20 });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, json(res).id));
    expect(audit.after).toMatchObject({ selfEnrolment: true, selfEnrolmentDailyCap: 20 });
    const before = await counts();
    expect((await post(s.admin, { name: 'Yes Store', selfEnrolment: 'yes' })).statusCode).toBe(400);
    for (const selfEnrolmentDailyCap of [0, 1001, 2.5, '50', null]) {
      const bad = await post(s.admin, { name: 'Cap Store', selfEnrolment: true, selfEnrolmentDailyCap });
      expect(bad.statusCode, String(selfEnrolmentDailyCap)).toBe(400);
      expect(json(bad).details).toEqual([expect.objectContaining({ field: 'body.selfEnrolmentDailyCap', message: DAILY_CAP_RANGE })]);
    }
    expect(await counts()).toEqual(before);
  });

  it('stores an empty address as none and may create an inactive store; the platform admin may create too', async () => {
    const res = await post(s.admin, { name: 'Pop-up Stand', address: '   ', active: false });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({ address: null, active: false });
    const byPlatform = await post(s.platform, { name: 'Platform Made' });
    expect(byPlatform.statusCode, byPlatform.body).toBe(201);
  });

  it("answers 400 'Store name is required' for a missing or blank name, and writes nothing", async () => {
    const before = await counts();
    for (const payload of [{}, { name: '' }, { name: '   ', address: 'x' }, { address: 'Somewhere' }]) {
      const res = await post(s.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = json(res);
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.details).toEqual([{ field: 'body.name', message: 'Store name is required' }]);
    }
    expect((await post(s.admin, { name: 'x'.repeat(101) })).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("answers 409 'A store with this name already exists' (any case), per tenant only, and writes nothing", async () => {
    const before = await counts();
    for (const name of ['Main Store', 'main store', ' DOWNTOWN STORE ']) {
      const res = await post(s.admin, { name });
      expect(res.statusCode, name).toBe(409);
      expect(json(res)).toMatchObject({ error: 'A store with this name already exists', code: 'CONFLICT' });
    }
    expect(await counts()).toEqual(before);
    // The other tenant has its own 'Main Store'; a name is only taken within one tenant.
    const [otherMain] = await ctx.db.select().from(stores).where(eq(stores.tenantId, other.tenant.id));
    expect(otherMain.name).toBe('Main Store');
    expect((await post(otherCookie, { name: 'Downtown Store' }, other.tenant.slug)).statusCode).toBe(201);
  });

  it('answers 403 to a cashier and a customer, 401 signed out, 404 across tenants; nothing written', async () => {
    const before = await counts();
    expect((await post(s.cashier, { name: 'Cashier Store' })).statusCode).toBe(403);
    expect((await post(s.customer, { name: 'Customer Store' })).statusCode).toBe(403);
    expect((await post(undefined, { name: 'Nobody Store' })).statusCode).toBe(401);
    expect((await post(otherCookie, { name: 'Intruder Store' })).statusCode).toBe(404);
    expect((await post(s.admin, { name: 'Intruder Store' }, other.tenant.slug)).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });
});

describe('plan store limit on create (−1 unlimited; ADR 0005)', () => {
  it('allows exactly up to the limit, refuses one over with a 403 naming the limit, and writes nothing', async () => {
    const t = await tenantOnPlan(tinyPlanId); // 3 stores; the tenant has 1
    expect((await t.create({ name: 'Second' })).statusCode).toBe(201);
    const third = await t.create({ name: 'Third' });
    expect(third.statusCode, third.body).toBe(201);
    expect(await t.activeStores()).toBe(3);
    const before = await counts();
    const over = await t.create({ name: 'Fourth' });
    expect(over.statusCode).toBe(403);
    expect(json(over)).toEqual({
      error: 'Your Tiny plan allows 3 stores. Upgrade to add more.',
      code: 'FORBIDDEN',
      details: { resource: 'stores', limit: 3, used: 3, planName: 'Tiny' },
    });
    expect(await counts()).toEqual(before);
  });

  it('says "1 store" for the Starter plan, which a one-store tenant already fills', async () => {
    const t = await tenantOnPlan(planIds.Starter);
    const res = await t.create({ name: 'Second' });
    expect(res.statusCode).toBe(403);
    expect(json(res).error).toBe('Your Starter plan allows 1 store. Upgrade to add more.');
  });

  it('counts active stores: an inactive store may be created at the limit but not re-activated past it', async () => {
    const t = await tenantOnPlan(tinyPlanId);
    await t.create({ name: 'Second' });
    await t.create({ name: 'Third' });
    const parked = json(await t.create({ name: 'Parked', active: false }));
    expect(parked.active).toBe(false);
    const reactivate = await put(t.cookie, parked.id, { name: 'Parked', active: true }, t.tenant.slug);
    expect(reactivate.statusCode).toBe(403);
    expect(json(reactivate).error).toBe('Your Tiny plan allows 3 stores. Upgrade to add more.');
    expect((await storeRow(parked.id)).active).toBe(false);
    // Renaming an inactive store at the limit is fine; freeing a slot lets it back in.
    expect((await put(t.cookie, parked.id, { name: 'Parked Two' }, t.tenant.slug)).statusCode).toBe(200);
    const [second] = await ctx.db
      .select()
      .from(stores)
      .where(and(eq(stores.tenantId, t.tenant.id), eq(stores.name, 'Second')));
    expect((await put(t.cookie, second.id, { name: 'Second', active: false }, t.tenant.slug)).statusCode).toBe(200);
    const back = await put(t.cookie, parked.id, { name: 'Parked Two', active: true }, t.tenant.slug);
    expect(back.statusCode, back.body).toBe(200);
    expect(await t.activeStores()).toBe(3);
  });

  it('has no limit with an unlimited plan (−1) or on trial without a plan', async () => {
    const enterprise = await tenantOnPlan(planIds.Enterprise);
    const trial = await tenantOnPlan(null);
    for (let i = 0; i < 6; i++) {
      expect((await enterprise.create({ name: `Branch ${i}` })).statusCode).toBe(201);
      expect((await trial.create({ name: `Branch ${i}` })).statusCode).toBe(201);
    }
    expect(await enterprise.activeStores()).toBe(7);
    expect(await trial.activeStores()).toBe(7);
  });

  it('refuses a store beyond 1,000 (active or not) whatever the plan, with 422, writing nothing (ADR 0045)', async () => {
    const t = await tenantOnPlan(planIds.Enterprise); // unlimited; the tenant has its Main Store
    // Up to one below the ceiling directly; the last one through the API.
    const fill = Array.from({ length: STORES_PER_BUSINESS_MAX - 2 }, (_, i) => ({ tenantId: t.tenant.id, name: `Filler ${i}`, active: i % 2 === 0 }));
    await ctx.db.insert(stores).values(fill);
    const last = await t.create({ name: 'The thousandth', active: false });
    expect(last.statusCode, last.body).toBe(201);
    const before = await counts();
    for (const active of [true, false]) {
      const over = await t.create({ name: `One too many ${active}`, active });
      expect(over.statusCode).toBe(422);
      expect(json(over)).toMatchObject({ code: 'BUSINESS_RULE', error: 'A business can have at most 1,000 stores' });
    }
    expect(await counts()).toEqual(before);
    const list = json(await ctx.app.inject({ method: 'GET', url: `/api/t/${t.tenant.slug}/stores`, headers: { cookie: t.cookie } }));
    expect(list.stores).toHaveLength(STORES_PER_BUSINESS_MAX);
  });

  it('keeps the limit when parallel creates race for the last slots', async () => {
    const t = await tenantOnPlan(tinyPlanId); // 2 slots left
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => t.create({ name: `Racer ${i}` })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 403, 403, 403, 403]);
    expect(await t.activeStores()).toBe(3);
  });

  it('lets only one of several parallel creates with the same name through', async () => {
    const t = await tenantOnPlan(null);
    const results = await Promise.all(Array.from({ length: 4 }, () => t.create({ name: 'Twin Store' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const twins = await ctx.db
      .select()
      .from(stores)
      .where(and(eq(stores.tenantId, t.tenant.id), eq(stores.name, 'Twin Store')));
    expect(twins).toHaveLength(1);
  });
});

describe('PUT /api/t/{slug}/stores/{id}', () => {
  it('renames, re-addresses and deactivates a store, keeping its counts, and audits before and after', async () => {
    const before = json(await ctx.app.inject({ method: 'GET', url: '/api/t/demo/stores', headers: { cookie: s.admin } })).stores.find(
      (x: { id: string }) => x.id === downtownId,
    );
    const res = await put(s.admin, downtownId, { name: 'Downtown Outlet', address: '44 High Street', active: false });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ id: downtownId, name: 'Downtown Outlet', address: '44 High Street', active: false });
    expect(body._count).toEqual(before._count);
    expect(body._count.cards).toBeGreaterThan(0);
    expect(await storeRow(downtownId)).toMatchObject({ name: 'Downtown Outlet', address: '44 High Street', active: false });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, downtownId), eq(auditLog.action, 'store.update')));
    expect(audit).toMatchObject({
      tenantId: demoId,
      entity: 'store',
      before: { name: 'Downtown Store', address: '42 High Street', active: true, selfEnrolment: false, selfEnrolmentDailyCap: 50 },
      after: { name: 'Downtown Outlet', address: '44 High Street', active: false, selfEnrolment: false, selfEnrolmentDailyCap: 50 },
    });
    // Back as it was (and the same name in another case is not a conflict with itself).
    const back = await put(s.admin, downtownId, { name: 'downtown store', address: '42 High Street', active: true });
    expect(back.statusCode, back.body).toBe(200);
    expect(json(back)).toMatchObject({ name: 'downtown store', active: true });
    await put(s.admin, downtownId, { name: 'Downtown Store' });
  });

  it('keeps the address when absent, clears it with null or an empty string, and keeps `active` when absent', async () => {
    const created = json(await post(s.admin, { name: 'Address Test', address: '1 First Street', active: false }));
    expect(json(await put(s.admin, created.id, { name: 'Address Test' }))).toMatchObject({ address: '1 First Street', active: false });
    expect(json(await put(s.admin, created.id, { name: 'Address Test', address: '' }))).toMatchObject({ address: null });
    await put(s.admin, created.id, { name: 'Address Test', address: 'Two' });
    expect(json(await put(s.admin, created.id, { name: 'Address Test', address: null }))).toMatchObject({ address: null });
  });

  it('turns self-enrolment on and off again and sets the daily cap (ADR 0027): 200, persisted, listed, audited; kept when absent', async () => {
    const audits = () =>
      ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, mainId), eq(auditLog.action, 'store.update')));
    const auditsBefore = (await audits()).length;
    expect((await storeRow(mainId)).selfEnrolment).toBe(false);
    const on = await put(s.admin, mainId, { name: 'Main Store', selfEnrolment: true, selfEnrolmentDailyCap: 1000 });
    expect(on.statusCode, on.body).toBe(200);
    expect(json(on)).toMatchObject({ id: mainId, name: 'Main Store', active: true, selfEnrolment: true, selfEnrolmentDailyCap: 1000 });
    expect(await storeRow(mainId)).toMatchObject({ selfEnrolment: true, selfEnrolmentDailyCap: 1000, active: true, address: '1 Market Square' });
    const listed = json(await ctx.app.inject({ method: 'GET', url: '/api/t/demo/stores', headers: { cookie: s.admin } })).stores.find(
      (x: { id: string }) => x.id === mainId,
    );
    expect(listed).toMatchObject({ selfEnrolment: true, selfEnrolmentDailyCap: 1000 });
    let rows = await audits();
    expect(rows).toHaveLength(auditsBefore + 1);
    expect(rows).toContainEqual(
      expect.objectContaining({
        tenantId: demoId,
        before: expect.objectContaining({ selfEnrolment: false, selfEnrolmentDailyCap: 50 }),
        after: expect.objectContaining({ name: 'Main Store', selfEnrolment: true, selfEnrolmentDailyCap: 1000 }),
      }),
    );

    // Absent: the stored values stay (the edit form of an older client does not switch them back).
    expect(json(await put(s.admin, mainId, { name: 'Main Store', address: '1 Market Square' }))).toMatchObject({
      selfEnrolment: true,
      selfEnrolmentDailyCap: 1000,
    });

    const off = await put(s.admin, mainId, { name: 'Main Store', selfEnrolment: false, selfEnrolmentDailyCap: 1 });
    expect(off.statusCode, off.body).toBe(200);
    expect(json(off)).toMatchObject({ selfEnrolment: false, selfEnrolmentDailyCap: 1 });
    expect(await storeRow(mainId)).toMatchObject({ selfEnrolment: false, selfEnrolmentDailyCap: 1 });
    rows = await audits();
    expect(rows).toHaveLength(auditsBefore + 3);
    expect(rows).toContainEqual(
      expect.objectContaining({ before: expect.objectContaining({ selfEnrolment: true }), after: expect.objectContaining({ selfEnrolment: false }) }),
    );
    await put(s.admin, mainId, { name: 'Main Store', selfEnrolmentDailyCap: 50 });
  });

  it('refuses a non-boolean selfEnrolment (400 naming the field), a cashier (403) and another tenant (404), writing nothing', async () => {
    const before = await storeRow(mainId);
    const auditBefore = (await counts()).audit;
    for (const selfEnrolment of ['yes', 1, null, 'false']) {
      const res = await put(s.admin, mainId, { name: 'Main Store', selfEnrolment });
      expect(res.statusCode, String(selfEnrolment)).toBe(400);
      expect(json(res)).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ field: 'body.selfEnrolment' })] });
    }
    for (const selfEnrolmentDailyCap of [0, -5, 1001, 10.5, '20']) {
      const res = await put(s.admin, mainId, { name: 'Main Store', selfEnrolmentDailyCap });
      expect(res.statusCode, String(selfEnrolmentDailyCap)).toBe(400);
      expect(json(res).details).toEqual([expect.objectContaining({ field: 'body.selfEnrolmentDailyCap', message: DAILY_CAP_RANGE })]);
    }
    expect((await put(s.cashier, mainId, { name: 'Main Store', selfEnrolment: false })).statusCode).toBe(403);
    expect((await put(otherCookie, mainId, { name: 'Main Store', selfEnrolment: false })).statusCode).toBe(404);
    expect((await put(s.admin, other.store.id, { name: 'Main Store', selfEnrolment: false })).statusCode).toBe(404);
    expect((await put(s.admin, other.store.id, { name: 'Main Store', selfEnrolment: false }, other.tenant.slug)).statusCode).toBe(404);
    expect(await storeRow(mainId)).toEqual(before);
    expect((await storeRow(other.store.id)).selfEnrolment).toBe(false);
    expect((await counts()).audit).toBe(auditBefore);
  });

  it("answers 400 'Store name is required' and changes nothing", async () => {
    const before = await storeRow(mainId);
    const auditBefore = (await counts()).audit;
    for (const payload of [{ name: '' }, { address: 'Elsewhere' }, { name: 'Main Store', active: 'yes' }]) {
      const res = await put(s.admin, mainId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(json(await put(s.admin, mainId, { name: ' ' })).error).toContain('Store name is required');
    expect(await storeRow(mainId)).toEqual(before);
    expect((await counts()).audit).toBe(auditBefore);
  });

  it("answers 409 when renaming to another store's name, changing nothing", async () => {
    const res = await put(s.admin, mainId, { name: 'DOWNTOWN STORE' });
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toBe('A store with this name already exists');
    expect((await storeRow(mainId)).name).toBe('Main Store');
  });

  it("answers 404 'Store not found' for an unknown, malformed or another tenant's id, and across tenants", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', other.store.id]) {
      const res = await put(s.admin, id, { name: 'Hijack' });
      expect(res.statusCode, id).toBe(404);
      expect(json(res).error).toBe('Store not found');
    }
    expect((await put(otherCookie, mainId, { name: 'Hijack' })).statusCode).toBe(404);
    expect((await put(s.admin, other.store.id, { name: 'Hijack' }, other.tenant.slug)).statusCode).toBe(404);
    expect((await storeRow(other.store.id)).name).not.toBe('Hijack');
    expect((await storeRow(mainId)).name).toBe('Main Store');
  });

  it('answers 403 to a cashier and a customer, 401 signed out', async () => {
    expect((await put(s.cashier, mainId, { name: 'Cashier Rename' })).statusCode).toBe(403);
    expect((await put(s.customer, mainId, { name: 'Customer Rename' })).statusCode).toBe(403);
    expect((await put(undefined, mainId, { name: 'Anon Rename' })).statusCode).toBe(401);
    expect((await storeRow(mainId)).name).toBe('Main Store');
  });
});
