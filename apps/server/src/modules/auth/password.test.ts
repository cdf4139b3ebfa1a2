import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, customers, sessions, stores, users } from '../../db/schema/index.ts';
import { createTestContext, demoTenantId, json, loginAs, type TestContext } from '../../../test/helpers.ts';
import { hashPassword } from '../../lib/passwords.ts';

/**
 * Every signed-in user changes their own password (PUT /api/auth/password),
 * and the password policy is published (GET /api/auth/password-policy).
 */
let ctx: TestContext;
let platformCookie: string;
let demoId: string;
let mainStoreId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  platformCookie = await loginAs(ctx.app, 'admin@platform.com', 'AdminSecure123!');
  demoId = await demoTenantId(ctx.db);
  const [main] = await ctx.db
    .select()
    .from(stores)
    .where(and(eq(stores.tenantId, demoId), eq(stores.name, 'Main Store')));
  mainStoreId = main.id;
});
afterAll(() => ctx.close());

type Role = 'customer' | 'cashier' | 'tenant_admin' | 'platform_admin';
const OLD = 'OldPassword1!';
const NEW = 'NewPassword2!';

/** A fresh account of `role` (demo tenant, or none for platform_admin) whose password is OLD. */
async function newAccount(role: Role): Promise<{ id: string; email: string }> {
  const email = `pw-${role}-${randomUUID().slice(0, 8)}@example.com`;
  let customerId: string | null = null;
  if (role === 'customer') {
    const [c] = await ctx.db.insert(customers).values({ tenantId: demoId, firstName: 'Cora', lastName: 'Customer', email }).returning();
    customerId = c.id;
  }
  const [u] = await ctx.db
    .insert(users)
    .values({
      tenantId: role === 'platform_admin' ? null : demoId,
      email,
      passwordHash: await hashPassword(OLD),
      firstName: 'Pat',
      lastName: 'Word',
      role,
      storeId: role === 'cashier' ? mainStoreId : null,
      customerId,
    })
    .returning();
  return { id: u.id, email };
}

const change = (cookie: string | undefined, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/auth/password', headers: cookie ? { cookie } : {}, payload: payload as object });
const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const login = (email: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** What a failed change must leave untouched: the hash, the sessions, the audit trail. */
async function footprint(userId: string) {
  const [u] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  const [s] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const [a] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, 'user.password.change')));
  return { hash: u.hash, sessions: Number(s.n), audit: Number(a.n) };
}

/** Saves the operator's settings with `security` overrides, as the settings page does. */
async function setSecurity(security: Record<string, unknown>) {
  const current = json(await ctx.app.inject({ method: 'GET', url: '/api/platform/settings', headers: { cookie: platformCookie } }));
  const { passwordSet: _ignored, ...smtp } = current.smtp;
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/platform/settings',
    headers: { cookie: platformCookie },
    payload: { ...current, smtp, security: { ...current.security, ...security } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('PUT /api/auth/password', () => {
  it('replaces the password, signs out the other session, keeps this one, and audits without hashes', async () => {
    const user = await newAccount('cashier');
    const here = await loginAs(ctx.app, user.email, OLD);
    const elsewhere = await loginAs(ctx.app, user.email, OLD);
    const before = await footprint(user.id);

    const res = await change(here, { currentPassword: OLD, newPassword: NEW });
    expect(res.statusCode, res.body).toBe(204);

    expect((await me(here)).json().user).toMatchObject({ id: expect.any(String) });
    expect((await me(elsewhere)).json()).toEqual({ user: null });
    expect((await login(user.email, OLD)).statusCode).toBe(401);
    expect((await login(user.email, NEW)).statusCode).toBe(200);

    const after = await footprint(user.id);
    expect(after.hash).not.toBe(before.hash);
    expect(after.hash.startsWith('$argon2id$')).toBe(true);
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'user.password.change')));
    expect(row).toMatchObject({ tenantId: demoId, userId: user.id, entity: 'user', after: { sessionsEnded: 1 } });
    const text = JSON.stringify(row);
    for (const secret of [OLD, NEW, before.hash, after.hash]) expect(text).not.toContain(secret);
  });

  it('answers 400 "Current password is incorrect" on body.currentPassword and changes nothing', async () => {
    const user = await newAccount('tenant_admin');
    const cookie = await loginAs(ctx.app, user.email, OLD);
    const other = await loginAs(ctx.app, user.email, OLD);
    const before = await footprint(user.id);
    const res = await change(cookie, { currentPassword: 'not-my-password', newPassword: NEW });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      error: 'Current password is incorrect',
      code: 'VALIDATION_ERROR',
      details: [{ field: 'body.currentPassword', message: 'Current password is incorrect' }],
    });
    expect(await footprint(user.id)).toEqual(before);
    expect((await me(other)).json().user).toMatchObject({ id: expect.any(String) });
    expect((await login(user.email, OLD)).statusCode).toBe(200);
  });

  it("answers 400 with the platform's minimum on body.newPassword when the new password is too short, changing nothing", async () => {
    const user = await newAccount('customer');
    const cookie = await loginAs(ctx.app, user.email, OLD);
    await setSecurity({ passwordMinLength: 14 });
    try {
      const before = await footprint(user.id);
      const res = await change(cookie, { currentPassword: OLD, newPassword: 'Thirteen-chr!' });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({
        error: 'Password must be at least 14 characters long',
        code: 'VALIDATION_ERROR',
        details: [{ field: 'body.newPassword', message: 'Password must be at least 14 characters long' }],
      });
      expect(await footprint(user.id)).toEqual(before);
      // Long enough: accepted under the same setting.
      expect((await change(cookie, { currentPassword: OLD, newPassword: 'Fourteen-chars' })).statusCode).toBe(204);
    } finally {
      await setSecurity({ passwordMinLength: 8 });
    }
  });

  it('answers 400 when the new password is the current one, changing nothing', async () => {
    const user = await newAccount('cashier');
    const cookie = await loginAs(ctx.app, user.email, OLD);
    await loginAs(ctx.app, user.email, OLD);
    const before = await footprint(user.id);
    const res = await change(cookie, { currentPassword: OLD, newPassword: OLD });
    expect(res.statusCode).toBe(400);
    expect(json(res).details).toEqual([{ field: 'body.newPassword', message: 'Choose a password different from the current one' }]);
    expect(json(res).error).toBe('Choose a password different from the current one');
    expect(await footprint(user.id)).toEqual(before);
  });

  it('answers 400 naming the fields for a malformed body, changing nothing', async () => {
    const user = await newAccount('cashier');
    const cookie = await loginAs(ctx.app, user.email, OLD);
    const before = await footprint(user.id);
    const res = await change(cookie, { currentPassword: '', newPassword: 123 });
    expect(res.statusCode).toBe(400);
    const fields = json(res).details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['body.currentPassword', 'body.newPassword']));
    expect(await footprint(user.id)).toEqual(before);
  });

  it('answers 401 signed out or with a dead session, before looking at the body', async () => {
    const none = await change(undefined, { currentPassword: OLD, newPassword: NEW });
    expect(none.statusCode).toBe(401);
    expect(json(none).code).toBe('UNAUTHENTICATED');
    expect((await change(undefined, { nonsense: true })).statusCode).toBe(401);
    expect((await change('sid=forged', { currentPassword: OLD, newPassword: NEW })).statusCode).toBe(401);
    const user = await newAccount('cashier');
    const cookie = await loginAs(ctx.app, user.email, OLD);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect((await change(cookie, { currentPassword: OLD, newPassword: NEW })).statusCode).toBe(401);
    expect((await login(user.email, OLD)).statusCode).toBe(200);
  });

  it.each(['customer', 'cashier', 'tenant_admin', 'platform_admin'] as const)('lets a %s change their own password', async (role) => {
    const user = await newAccount(role);
    const cookie = await loginAs(ctx.app, user.email, OLD);
    const res = await change(cookie, { currentPassword: OLD, newPassword: NEW });
    expect(res.statusCode, res.body).toBe(204);
    expect((await login(user.email, NEW)).statusCode).toBe(200);
    expect((await login(user.email, OLD)).statusCode).toBe(401);
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'user.password.change')));
    expect(row.tenantId).toBe(role === 'platform_admin' ? null : demoId);
  });

  it("changes only the caller's own account: another user's sessions and password stay", async () => {
    const a = await newAccount('cashier');
    const b = await newAccount('cashier');
    const aCookie = await loginAs(ctx.app, a.email, OLD);
    const bCookie = await loginAs(ctx.app, b.email, OLD);
    const bBefore = await footprint(b.id);
    // Extra fields (another user's id) are not part of the contract and change nothing.
    expect((await change(aCookie, { currentPassword: OLD, newPassword: NEW, userId: b.id })).statusCode).toBe(204);
    expect(await footprint(b.id)).toEqual(bBefore);
    expect((await me(bCookie)).json().user).toMatchObject({ id: expect.any(String) });
    expect((await login(b.email, OLD)).statusCode).toBe(200);
  });

  it('answers 429 after 10 attempts per user in 15 minutes, even with the right password; other users are not held back', async () => {
    const user = await newAccount('cashier');
    const cookie = await loginAs(ctx.app, user.email, OLD);
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await change(cookie, { currentPassword: `wrong-${i}`, newPassword: NEW })).statusCode);
    expect(codes).toEqual(Array(10).fill(400));
    const limited = await change(cookie, { currentPassword: OLD, newPassword: NEW });
    expect(limited.statusCode).toBe(429);
    expect(json(limited).code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(user.email, OLD)).statusCode).toBe(200);
    const other = await newAccount('cashier');
    const otherCookie = await loginAs(ctx.app, other.email, OLD);
    expect((await change(otherCookie, { currentPassword: OLD, newPassword: NEW })).statusCode).toBe(204);
  });
});

describe('GET /api/auth/password-policy', () => {
  it('answers the minimum length to anyone, signed out too, and follows the operator setting', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/auth/password-policy' });
    expect(first.statusCode).toBe(200);
    expect(json(first)).toEqual({ minLength: 8 });
    await setSecurity({ passwordMinLength: 12 });
    try {
      const raised = await ctx.app.inject({ method: 'GET', url: '/api/auth/password-policy' });
      expect(json(raised)).toEqual({ minLength: 12 });
      const customer = await loginAs(ctx.app, 'customer@demo.com', 'DemoCustomer123!');
      expect(json(await ctx.app.inject({ method: 'GET', url: '/api/auth/password-policy', headers: { cookie: customer } }))).toEqual({ minLength: 12 });
    } finally {
      await setSecurity({ passwordMinLength: 8 });
    }
    expect(json(await ctx.app.inject({ method: 'GET', url: '/api/auth/password-policy' }))).toEqual({ minLength: 8 });
  });
});
