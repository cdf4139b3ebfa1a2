import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, plans, sessions, stores, tenants, users } from '../../db/schema/index.ts';
import { createOtherTenant, createTestContext, demoSessions, demoTenantId, json, loginAs, type TestContext } from '../../../test/helpers.ts';
import { DEACTIVATED_ACCOUNT } from '@loyalty/contract';
import { CASHIER_NEEDS_STORE, LAST_ADMIN } from './staff.ts';

/**
 * Staff management under /api/t/{slug}/users (docs/product.md 'Roles';
 * 'Accounts and sign-in': staff e-mail unique across the platform; the plan's staff limit on
 * create under the ADR 0005 lock).
 * Deactivation ends sessions at once; lastLogin is recorded by login.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let other: Awaited<ReturnType<typeof createOtherTenant>>;
let otherCookie: string;
let demoId: string;
let mainId: string;
let downtownId: string;
let tinyPlanId: string;
let ids: Record<'admin' | 'cashier' | 'customer' | 'platform' | 'otherAdmin', string>;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  other = await createOtherTenant(ctx.db);
  otherCookie = await loginAs(ctx.app, other.email, other.password);
  demoId = await demoTenantId(ctx.db);
  const demoStores = await ctx.db.select().from(stores).where(eq(stores.tenantId, demoId));
  mainId = demoStores.find((x) => x.name === 'Main Store')!.id;
  downtownId = demoStores.find((x) => x.name === 'Downtown Store')!.id;
  const idOf = async (email: string) => (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  ids = {
    admin: await idOf('admin@demo.com'),
    cashier: await idOf('cashier@demo.com'),
    customer: await idOf('customer@demo.com'),
    platform: await idOf('admin@platform.com'),
    otherAdmin: await idOf(other.email),
  };
  const [tiny] = await ctx.db
    .insert(plans)
    .values({ name: 'Tiny', priceMonthlyCents: 500, limits: { stores: 3, staff: 3, cards: 100, transactions: -1 } })
    .returning();
  tinyPlanId = tiny.id;
});
afterAll(() => ctx.close());

const req = (method: 'GET' | 'POST' | 'PUT', path: string, cookie: string | undefined, payload?: unknown, slug = 'demo') =>
  ctx.app.inject({
    method,
    url: `/api/t/${slug}/${path}`,
    headers: cookie ? { cookie } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const list = (cookie: string | undefined, slug = 'demo') => req('GET', 'users', cookie, undefined, slug);
const create = (cookie: string | undefined, payload: unknown, slug = 'demo') => req('POST', 'users', cookie, payload, slug);
const update = (cookie: string | undefined, id: string, payload: unknown, slug = 'demo') => req('PUT', `users/${id}`, cookie, payload, slug);
const setPassword = (cookie: string | undefined, id: string, payload: unknown, slug = 'demo') => req('PUT', `users/${id}/password`, cookie, payload, slug);
const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const login = (email: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

let seq = 0;
/** A unique staff e-mail. */
const email = (tag = 'staff') => `${tag}-${++seq}-${Date.now()}@example.com`;

/** Rows in users, audit_log and sessions, for "nothing written" checks. */
async function counts() {
  const one = async (q: Promise<{ n: number }[]>) => Number((await q)[0].n);
  return {
    users: await one(ctx.db.select({ n: sql<number>`count(*)::int` }).from(users)),
    audit: await one(ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)),
  };
}
async function userRow(id: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row;
}
async function sessionCount(userId: string) {
  return (await ctx.db.select({ h: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, userId))).length;
}

/** Creates a demo cashier at Main Store through the API and returns its body and password. */
async function newCashier(extra: Record<string, unknown> = {}) {
  const password = 'Cashier456!';
  const res = await create(s.admin, { firstName: 'Nina', lastName: 'New', email: email('cashier'), password, role: 'cashier', storeId: mainId, ...extra });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return { ...json(res), password };
}

/** A fresh tenant (one store, one tenant_admin) on plan `planId`, ACTIVE, its admin signed in. */
async function tenantOnPlan(planId: string | null) {
  const t = await createOtherTenant(ctx.db);
  if (planId) await ctx.db.update(tenants).set({ planId, subscriptionStatus: 'ACTIVE' }).where(eq(tenants.id, t.tenant.id));
  const cookie = await loginAs(ctx.app, t.email, t.password);
  const activeStaff = async () =>
    (
      await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, t.tenant.id), eq(users.active, true), sql`${users.role} <> 'customer'`))
    ).length;
  const add = (i: number | string) =>
    create(
      cookie,
      { firstName: 'Limit', lastName: `Tester ${i}`, email: email('limit'), password: 'secret12', role: 'cashier', storeId: t.store.id },
      t.tenant.slug,
    );
  return { ...t, cookie, activeStaff, add };
}

describe('GET /api/t/{slug}/users', () => {
  it("lists the tenant's staff (not customers, not the platform admin, not another tenant's) with store, active and lastLogin", async () => {
    const res = await list(s.admin);
    expect(res.statusCode, res.body).toBe(200);
    const staff = json(res).users;
    expect(staff.map((u: { email: string }) => u.email)).toEqual(['admin@demo.com', 'cashier@demo.com']); // Alex, Casey
    const [admin, cashier] = staff;
    expect(admin).toMatchObject({ id: ids.admin, firstName: 'Alex', lastName: 'Owner', role: 'tenant_admin', storeId: null, store: null, active: true });
    expect(cashier).toMatchObject({ id: ids.cashier, role: 'cashier', storeId: mainId, store: { name: 'Main Store' }, active: true });
    // demoSessions signed both in: lastLogin is the moment of that login.
    for (const u of staff) expect(Date.now() - Date.parse(u.lastLogin)).toBeLessThan(120_000);
    expect(JSON.stringify(staff)).not.toMatch(/password|argon2/i);
    const otherStaff = json(await list(otherCookie, other.tenant.slug)).users;
    expect(otherStaff.map((u: { email: string }) => u.email)).toEqual([other.email]);
  });

  it('answers 403 to a cashier and a customer, 401 signed out, 404 across tenants; the platform admin may read', async () => {
    expect((await list(s.cashier)).statusCode).toBe(403);
    expect((await list(s.customer)).statusCode).toBe(403);
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(otherCookie)).statusCode).toBe(404);
    expect((await list(s.admin, other.tenant.slug)).statusCode).toBe(404);
    expect((await list(s.platform)).statusCode).toBe(200);
  });
});

describe('POST /api/t/{slug}/users', () => {
  it('creates a cashier (201) who can sign in at their store; password hashed with argon2id; audited without it', async () => {
    const before = await counts();
    const address = email('Nina.Cashier').toUpperCase();
    const res = await create(s.admin, { firstName: ' Nina ', lastName: 'Cash', email: address, password: 'secret12', role: 'cashier', storeId: downtownId });
    expect(res.statusCode, res.body).toBe(201);
    const body = json(res);
    expect(body).toMatchObject({
      email: address.toLowerCase(),
      firstName: 'Nina',
      lastName: 'Cash',
      role: 'cashier',
      storeId: downtownId,
      store: { name: 'Downtown Store' },
      active: true,
      lastLogin: null,
    });
    expect(await counts()).toEqual({ users: before.users + 1, audit: before.audit + 1 });
    const row = await userRow(body.id);
    expect(row.tenantId).toBe(demoId);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, body.id));
    expect(audit).toMatchObject({
      tenantId: demoId,
      userId: ids.admin,
      action: 'user.create',
      entity: 'user',
      after: { email: address.toLowerCase(), role: 'cashier', storeId: downtownId, active: true },
    });
    expect(JSON.stringify(audit)).not.toMatch(/secret|argon2|password/i);

    const signIn = await login(address, 'secret12');
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(json(signIn).user).toMatchObject({ role: 'cashier', storeName: 'Downtown Store' });
    expect(json(signIn).tenant.slug).toBe('demo');
  });

  it('creates a Store Admin without a store (all stores); role defaults to cashier', async () => {
    const res = await create(s.admin, { firstName: 'Sam', lastName: 'Boss', email: email('boss'), password: 'secret12', role: 'tenant_admin', storeId: '' });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({ role: 'tenant_admin', storeId: null, store: null });
    const dflt = await create(s.admin, { firstName: 'Def', lastName: 'Ault', email: email('default'), password: 'secret12', storeId: mainId });
    expect(json(dflt)).toMatchObject({ role: 'cashier', store: { name: 'Main Store' } });
  });

  it('answers 400 for bad input (short password, other roles, cashier without store, missing fields) and writes nothing', async () => {
    const base = { firstName: 'Bad', lastName: 'Input', email: email('bad'), password: 'secret12', role: 'cashier', storeId: mainId };
    const before = await counts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, password: '12345' }, 'body.password', 'Password must be at least 6 characters long'],
      [{ ...base, password: undefined }, 'body.password', 'Password is required'],
      [{ ...base, role: 'customer' }, 'body.role', ''],
      [{ ...base, role: 'platform_admin' }, 'body.role', ''],
      [{ ...base, storeId: null }, 'body.storeId', CASHIER_NEEDS_STORE],
      [{ ...base, storeId: '' }, 'body.storeId', CASHIER_NEEDS_STORE],
      [{ ...base, role: undefined, storeId: undefined }, 'body.storeId', CASHIER_NEEDS_STORE],
      [{ ...base, firstName: ' ' }, 'body.firstName', 'First name is required'],
      [{ ...base, lastName: undefined }, 'body.lastName', 'Last name is required'],
      [{ ...base, email: 'not-an-email' }, 'body.email', 'Enter a valid email address'],
      [{ ...base, storeId: 'main' }, 'body.storeId', 'Unknown store'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await create(s.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const detail = json(res).details.find((d: { field: string }) => d.field === field);
      expect(detail, `${field} in ${res.body}`).toBeTruthy();
      if (message) expect(detail.message).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it("answers 404 'Store not found' for another tenant's or an unknown store, and writes nothing", async () => {
    const before = await counts();
    for (const storeId of [other.store.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await create(s.admin, { firstName: 'No', lastName: 'Store', email: email('nostore'), password: 'secret12', role: 'cashier', storeId });
      expect(res.statusCode).toBe(404);
      expect(json(res).error).toBe('Store not found');
    }
    expect(await counts()).toEqual(before);
  });

  it("answers 409 'An account with this email already exists' for any account of the platform, in any case", async () => {
    const before = await counts();
    for (const taken of ['ADMIN@demo.com', 'customer@demo.com', 'admin@platform.com', other.email]) {
      const res = await create(s.admin, { firstName: 'Dup', lastName: 'Licate', email: taken, password: 'secret12', role: 'tenant_admin' });
      expect(res.statusCode, taken).toBe(409);
      expect(json(res)).toMatchObject({ error: 'An account with this email already exists', code: 'CONFLICT', details: [{ field: 'body.email' }] });
    }
    expect(await counts()).toEqual(before);
  });

  it('lets only one of two tenants creating the same e-mail at once succeed (409 for the other)', async () => {
    const address = email('race');
    const body = (storeId: string) => ({ firstName: 'Race', lastName: 'Twin', email: address, password: 'secret12', role: 'cashier', storeId });
    const results = await Promise.all([create(s.admin, body(mainId)), create(otherCookie, body(other.store.id), other.tenant.slug)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(json(results.find((r) => r.statusCode === 409)!).error).toBe('An account with this email already exists');
    expect(await ctx.db.select().from(users).where(eq(users.email, address))).toHaveLength(1);
  });

  it('answers 403 to a cashier and a customer, 401 signed out, 404 across tenants; nothing written', async () => {
    const payload = () => ({ firstName: 'Not', lastName: 'Allowed', email: email('denied'), password: 'secret12', role: 'tenant_admin' });
    const before = await counts();
    expect((await create(s.cashier, payload())).statusCode).toBe(403);
    expect((await create(s.customer, payload())).statusCode).toBe(403);
    expect((await create(undefined, payload())).statusCode).toBe(401);
    expect((await create(otherCookie, payload())).statusCode).toBe(404);
    expect((await create(s.admin, payload(), other.tenant.slug)).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });
});

describe('plan staff limit on create (−1 unlimited; ADR 0005)', () => {
  it('allows exactly up to the limit, refuses one over with a 403 naming the limit, and writes nothing', async () => {
    const t = await tenantOnPlan(tinyPlanId); // 3 staff; the tenant has its admin
    expect((await t.add(1)).statusCode).toBe(201);
    expect((await t.add(2)).statusCode).toBe(201);
    expect(await t.activeStaff()).toBe(3);
    const before = await counts();
    const over = await t.add(3);
    expect(over.statusCode).toBe(403);
    expect(json(over)).toEqual({
      error: 'Your Tiny plan allows 3 staff members. Upgrade to add more.',
      code: 'FORBIDDEN',
      details: { resource: 'staff', limit: 3, used: 3, planName: 'Tiny' },
    });
    expect(await counts()).toEqual(before);
  });

  it('counts active staff: a deactivated member frees a slot, and re-activating past the limit is refused', async () => {
    const t = await tenantOnPlan(tinyPlanId);
    const a = json(await t.add('a'));
    await t.add('b');
    const off = await update(
      t.cookie,
      a.id,
      { firstName: a.firstName, lastName: a.lastName, role: 'cashier', storeId: t.store.id, active: false },
      t.tenant.slug,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect((await t.add('c')).statusCode).toBe(201);
    const back = await update(
      t.cookie,
      a.id,
      { firstName: a.firstName, lastName: a.lastName, role: 'cashier', storeId: t.store.id, active: true },
      t.tenant.slug,
    );
    expect(back.statusCode).toBe(403);
    expect(json(back).error).toBe('Your Tiny plan allows 3 staff members. Upgrade to add more.');
    expect((await userRow(a.id)).active).toBe(false);
  });

  it('has no staff limit on trial without a plan', async () => {
    const t = await tenantOnPlan(null);
    for (let i = 0; i < 5; i++) expect((await t.add(i)).statusCode).toBe(201);
    expect(await t.activeStaff()).toBe(6);
  });

  it('keeps the limit when parallel creates race for the last slots', async () => {
    const t = await tenantOnPlan(tinyPlanId); // 2 slots left
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => t.add(`racer ${i}`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 403, 403, 403]);
    expect(await t.activeStaff()).toBe(3);
  });
});

describe('PUT /api/t/{slug}/users/{id}', () => {
  it('changes names, role and store (e-mail and password in the body are ignored) and audits before and after', async () => {
    const c = await newCashier();
    const rowBefore = await userRow(c.id);
    const res = await update(s.admin, c.id, {
      firstName: 'Nora',
      lastName: 'Promoted',
      role: 'tenant_admin',
      storeId: downtownId,
      active: true,
      email: 'hijack@example.com',
      password: 'hijacked',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      id: c.id,
      email: c.email,
      firstName: 'Nora',
      lastName: 'Promoted',
      role: 'tenant_admin',
      store: { name: 'Downtown Store' },
      active: true,
    });
    const row = await userRow(c.id);
    expect(row.email).toBe(c.email);
    expect(row.passwordHash).toBe(rowBefore.passwordHash);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.id), eq(auditLog.action, 'user.update')));
    expect(audit).toMatchObject({
      before: { firstName: 'Nina', lastName: 'New', role: 'cashier', storeId: mainId, active: true },
      after: { firstName: 'Nora', lastName: 'Promoted', role: 'tenant_admin', storeId: downtownId, active: true },
    });
    // A Store Admin may cover all stores.
    expect(json(await update(s.admin, c.id, { firstName: 'Nora', lastName: 'Promoted', role: 'tenant_admin', storeId: null, active: true }))).toMatchObject({
      store: null,
    });
  });

  it('deactivation ends the sessions at once (cookie → 401) and login is refused with a clear message; re-activation lets them back', async () => {
    const c = await newCashier();
    const cookie = await loginAs(ctx.app, c.email, c.password);
    const second = await loginAs(ctx.app, c.email, c.password);
    expect((await me(cookie)).json().user).toMatchObject({ id: expect.any(String) });
    expect(await sessionCount(c.id)).toBe(2);

    const off = await update(s.admin, c.id, { firstName: 'Nina', lastName: 'New', role: 'cashier', storeId: mainId, active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(json(off).active).toBe(false);
    expect(await sessionCount(c.id)).toBe(0);
    expect((await me(cookie)).json()).toEqual({ user: null });
    expect((await me(second)).json()).toEqual({ user: null });
    expect((await req('GET', 'cards', cookie)).statusCode).toBe(401);

    const refused = await login(c.email, c.password);
    expect(refused.statusCode).toBe(401);
    expect(json(refused).error).toBe(DEACTIVATED_ACCOUNT);
    expect(refused.cookies.find((k) => k.name === 'sid')).toBeUndefined();
    // A wrong password tells nothing about the account.
    expect(json(await login(c.email, 'wrong-password')).error).toBe('Invalid email or password');
    // Still listed, as inactive.
    expect(json(await list(s.admin)).users.find((u: { id: string }) => u.id === c.id)).toMatchObject({ active: false });

    expect((await update(s.admin, c.id, { firstName: 'Nina', lastName: 'New', role: 'cashier', storeId: mainId, active: true })).statusCode).toBe(200);
    expect((await login(c.email, c.password)).statusCode).toBe(200);
  });

  it('refuses (409) to deactivate or demote the last active Store Admin, the admin themself included; nothing changes', async () => {
    const t = await tenantOnPlan(null);
    const [self] = await ctx.db.select().from(users).where(eq(users.email, t.email));
    const slug = t.tenant.slug;
    const auditBefore = (await counts()).audit;
    const deactivate = await update(t.cookie, self.id, { firstName: 'Olga', lastName: 'Other', role: 'tenant_admin', active: false }, slug);
    expect(deactivate.statusCode).toBe(409);
    expect(json(deactivate)).toMatchObject({ error: LAST_ADMIN, code: 'CONFLICT' });
    const demote = await update(t.cookie, self.id, { firstName: 'Olga', lastName: 'Other', role: 'cashier', storeId: t.store.id, active: true }, slug);
    expect(demote.statusCode).toBe(409);
    expect(json(demote).error).toBe(LAST_ADMIN);
    expect(await userRow(self.id)).toMatchObject({ role: 'tenant_admin', active: true });
    expect((await counts()).audit).toBe(auditBefore);
    expect((await me(t.cookie)).json().user).toMatchObject({ id: expect.any(String) });
    // An inactive second admin does not count; an active one does.
    const second = json(
      await create(t.cookie, { firstName: 'Second', lastName: 'Admin', email: email('second'), password: 'secret12', role: 'tenant_admin' }, slug),
    );
    await update(t.cookie, second.id, { firstName: 'Second', lastName: 'Admin', role: 'tenant_admin', active: false }, slug);
    expect((await update(t.cookie, self.id, { firstName: 'Olga', lastName: 'Other', role: 'tenant_admin', active: false }, slug)).statusCode).toBe(409);
    await update(t.cookie, second.id, { firstName: 'Second', lastName: 'Admin', role: 'tenant_admin', active: true }, slug);
    // Now the admin may step down, and their own session ends with it.
    const stepDown = await update(t.cookie, self.id, { firstName: 'Olga', lastName: 'Other', role: 'cashier', storeId: t.store.id, active: true }, slug);
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    expect((await list(t.cookie, slug)).statusCode).toBe(403); // a cashier now
    // …and the remaining admin cannot be removed either.
    const secondCookie = await loginAs(ctx.app, second.email, 'secret12');
    expect((await update(secondCookie, second.id, { firstName: 'Second', lastName: 'Admin', role: 'tenant_admin', active: false }, slug)).statusCode).toBe(409);
  });

  it('keeps exactly one of two admins when they demote each other at the same time', async () => {
    const t = await tenantOnPlan(null);
    const slug = t.tenant.slug;
    const [first] = await ctx.db.select().from(users).where(eq(users.email, t.email));
    const second = json(
      await create(t.cookie, { firstName: 'Second', lastName: 'Admin', email: email('mutual'), password: 'secret12', role: 'tenant_admin' }, slug),
    );
    const secondCookie = await loginAs(ctx.app, second.email, 'secret12');
    const results = await Promise.all([
      update(t.cookie, second.id, { firstName: 'Second', lastName: 'Admin', role: 'cashier', storeId: t.store.id, active: true }, slug),
      update(secondCookie, first.id, { firstName: 'Olga', lastName: 'Other', role: 'cashier', storeId: t.store.id, active: true }, slug),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const admins = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, t.tenant.id), eq(users.role, 'tenant_admin'), eq(users.active, true)));
    expect(admins).toHaveLength(1);
  });

  it("answers 400 for a cashier without a store and 404 'Store not found' for another tenant's store; nothing changes", async () => {
    const c = await newCashier();
    const auditBefore = (await counts()).audit;
    const noStore = await update(s.admin, c.id, { firstName: 'Nina', lastName: 'New', role: 'cashier', storeId: null, active: true });
    expect(noStore.statusCode).toBe(400);
    expect(json(noStore).details).toEqual([{ field: 'body.storeId', message: CASHIER_NEEDS_STORE }]);
    const bad = await update(s.admin, c.id, { firstName: '', lastName: 'New', role: 'cashier', storeId: mainId, active: true });
    expect(bad.statusCode).toBe(400);
    const missingActive = await update(s.admin, c.id, { firstName: 'Nina', lastName: 'New', role: 'cashier', storeId: mainId });
    expect(missingActive.statusCode).toBe(400);
    const foreign = await update(s.admin, c.id, { firstName: 'Nina', lastName: 'New', role: 'cashier', storeId: other.store.id, active: true });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).error).toBe('Store not found');
    expect(await userRow(c.id)).toMatchObject({ firstName: 'Nina', storeId: mainId, active: true });
    expect((await counts()).audit).toBe(auditBefore);
  });

  it("answers 404 for a customer's, the platform admin's, another tenant's, an unknown or a malformed id", async () => {
    const payload = { firstName: 'Hi', lastName: 'Jack', role: 'tenant_admin', storeId: null, active: false };
    for (const id of [ids.customer, ids.platform, ids.otherAdmin, '00000000-0000-4000-8000-000000000000', 'abc']) {
      const res = await update(s.admin, id, payload);
      expect(res.statusCode, id).toBe(404);
      expect(json(res).error).toBe('Staff member not found');
    }
    expect((await update(otherCookie, ids.cashier, payload)).statusCode).toBe(404);
    expect((await update(s.admin, ids.otherAdmin, payload, other.tenant.slug)).statusCode).toBe(404);
    for (const id of [ids.customer, ids.platform, ids.otherAdmin, ids.cashier]) expect((await userRow(id)).active).toBe(true);
  });

  it('answers 403 to a cashier and a customer, 401 signed out', async () => {
    const payload = { firstName: 'Casey', lastName: 'Cashier', role: 'tenant_admin', storeId: null, active: true };
    expect((await update(s.cashier, ids.cashier, payload)).statusCode).toBe(403);
    expect((await update(s.customer, ids.cashier, payload)).statusCode).toBe(403);
    expect((await update(undefined, ids.cashier, payload)).statusCode).toBe(401);
    expect((await userRow(ids.cashier)).role).toBe('cashier');
  });
});

describe('PUT /api/t/{slug}/users/{id}/password', () => {
  it("sets the password (204), ends the user's sessions, and audits it without the password", async () => {
    const c = await newCashier();
    const cookie = await loginAs(ctx.app, c.email, c.password);
    const res = await setPassword(s.admin, c.id, { password: 'brand-new-pass' });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect((await me(cookie)).json()).toEqual({ user: null });
    expect((await login(c.email, c.password)).statusCode).toBe(401);
    expect((await login(c.email, 'brand-new-pass')).statusCode).toBe(200);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.id), eq(auditLog.action, 'user.password')));
    expect(audit).toMatchObject({ tenantId: demoId, userId: ids.admin, entity: 'user', after: { sessionsEnded: 1 } });
    expect(JSON.stringify(audit)).not.toMatch(/brand-new-pass|argon2/);
  });

  it("keeps the admin's own current session when they change their own password, ending their others", async () => {
    const t = await tenantOnPlan(null);
    const [self] = await ctx.db.select().from(users).where(eq(users.email, t.email));
    const elsewhere = await loginAs(ctx.app, t.email, t.password);
    const res = await setPassword(t.cookie, self.id, { password: 'my-new-secret' }, t.tenant.slug);
    expect(res.statusCode).toBe(204);
    expect((await me(t.cookie)).json().user).toMatchObject({ id: expect.any(String) });
    expect((await me(elsewhere)).json()).toEqual({ user: null });
  });

  it('answers 400 for a short password and changes nothing', async () => {
    const c = await newCashier();
    const cookie = await loginAs(ctx.app, c.email, c.password);
    const before = await userRow(c.id);
    const auditBefore = (await counts()).audit;
    for (const payload of [{ password: '12345' }, {}]) {
      const res = await setPassword(s.admin, c.id, payload);
      expect(res.statusCode).toBe(400);
      expect(json(res).details[0].field).toBe('body.password');
    }
    expect(json(await setPassword(s.admin, c.id, { password: 'abc' })).details[0].message).toBe('Password must be at least 6 characters long');
    expect((await userRow(c.id)).passwordHash).toBe(before.passwordHash);
    expect((await me(cookie)).json().user).toMatchObject({ id: expect.any(String) });
    expect((await counts()).audit).toBe(auditBefore);
  });

  it("answers 404 for a customer's or another tenant's user, 403 to a cashier and a customer, 401 signed out", async () => {
    const customerBefore = await userRow(ids.customer);
    for (const id of [ids.customer, ids.otherAdmin, ids.platform, 'nope']) {
      const res = await setPassword(s.admin, id, { password: 'takeover1' });
      expect(res.statusCode, id).toBe(404);
    }
    expect((await setPassword(otherCookie, ids.cashier, { password: 'takeover1' })).statusCode).toBe(404);
    expect((await setPassword(s.cashier, ids.cashier, { password: 'takeover1' })).statusCode).toBe(403);
    expect((await setPassword(s.customer, ids.cashier, { password: 'takeover1' })).statusCode).toBe(403);
    expect((await setPassword(undefined, ids.cashier, { password: 'takeover1' })).statusCode).toBe(401);
    expect((await userRow(ids.customer)).passwordHash).toBe(customerBefore.passwordHash);
    expect((await login('cashier@demo.com', 'DemoCashier123!')).statusCode).toBe(200);
  });
});

describe('lastLogin', () => {
  it('is null until the first sign-in, then set by each successful login (not by a failed one)', async () => {
    const c = await newCashier();
    const shown = async () => json(await list(s.admin)).users.find((u: { id: string }) => u.id === c.id).lastLogin as string | null;
    expect(await shown()).toBeNull();
    await login(c.email, 'wrong-password');
    expect(await shown()).toBeNull();
    const t0 = Date.now();
    await loginAs(ctx.app, c.email, c.password);
    const first = await shown();
    expect(first).not.toBeNull();
    expect(Date.parse(first!)).toBeGreaterThanOrEqual(t0 - 1000);
    expect(Date.parse(first!)).toBe((await userRow(c.id)).lastLogin!.getTime());
    await new Promise((r) => setTimeout(r, 20));
    await loginAs(ctx.app, c.email, c.password);
    expect(Date.parse((await shown())!)).toBeGreaterThan(Date.parse(first!));
  });
});
