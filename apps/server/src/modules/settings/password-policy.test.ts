import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { sessions, stores, tenants, users } from '../../db/schema/index.ts';
import { ERROR_STATUS } from '../../http/error-handler.ts';
import { countRows, createTestContext, demoSessions, demoTenantId, json, loginAs, type TestContext } from '../../../test/helpers.ts';
import { assertPasswordPolicy, passwordPolicyViolation } from './password-policy.ts';

/**
 * The operator's `security.passwordMinLength` (default 8) takes effect
 * wherever a password is set: signup, staff create and reset, the operator's tenant create
 * (the own-password change is in password.test.ts). A shorter password answers 400 naming the
 * field, and nothing is written.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let mainStoreId: string;
let demoId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  demoId = await demoTenantId(ctx.db);
  const [main] = await ctx.db
    .select()
    .from(stores)
    .where(and(eq(stores.tenantId, demoId), eq(stores.name, 'Main Store')));
  mainStoreId = main.id;
});
afterAll(() => ctx.close());

/** Saves the operator's passwordMinLength through the settings API, as the settings page does. */
async function setMinLength(passwordMinLength: number) {
  const current = json(await ctx.app.inject({ method: 'GET', url: '/api/platform/settings', headers: { cookie: s.platform } }));
  const { passwordSet: _ignored, ...smtp } = current.smtp;
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/platform/settings',
    headers: { cookie: s.platform },
    payload: { ...current, smtp, security: { ...current.security, passwordMinLength } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const tooShort = (n: number, field: string) => ({
  error: `Password must be at least ${n} characters long`,
  code: 'VALIDATION_ERROR',
  details: [{ field, message: `Password must be at least ${n} characters long` }],
});

let seq = 0;
const unique = () => `${Date.now().toString(36)}-${++seq}`;

describe('the default minimum (8) with no setting changed', () => {
  it('refuses a 7-character signup password that the contract alone (6) would take, writing nothing', async () => {
    const before = [await countRows(ctx.db, 'tenants'), await countRows(ctx.db, 'users')];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'Sev', lastName: 'En', email: `sev-${unique()}@example.com`, password: 'secret1' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(tooShort(8, 'body.password'));
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect([await countRows(ctx.db, 'tenants'), await countRows(ctx.db, 'users')]).toEqual(before);
  });
});

describe('a raised passwordMinLength (10)', () => {
  beforeAll(() => setMinLength(10));
  afterAll(() => setMinLength(8));

  it('signup: 9 characters → 400 on body.password, nothing written; 10 → 201', async () => {
    const email = `nine-${unique()}@example.com`;
    const before = [await countRows(ctx.db, 'tenants'), await countRows(ctx.db, 'users')];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'Nina', lastName: 'Nine', email, password: '123456789' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(tooShort(10, 'body.password'));
    expect([await countRows(ctx.db, 'tenants'), await countRows(ctx.db, 'users')]).toEqual(before);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'Nina', lastName: 'Nine', email, password: '1234567890' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('staff create: 9 characters → 400 on body.password, nobody created; 10 → 201 and the cashier signs in', async () => {
    const email = `staff-${unique()}@example.com`;
    const body = { firstName: 'Stan', lastName: 'Staff', email, role: 'cashier', storeId: mainStoreId };
    const before = await countRows(ctx.db, 'users');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/t/demo/users', headers: { cookie: s.admin }, payload: { ...body, password: 'Nine-char' } });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(tooShort(10, 'body.password'));
    expect(await countRows(ctx.db, 'users')).toBe(before);
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/t/demo/users', headers: { cookie: s.admin }, payload: { ...body, password: 'Ten-chars!' } });
    expect(ok.statusCode, ok.body).toBe(201);
    await loginAs(ctx.app, email, 'Ten-chars!');
  });

  it("staff reset: 9 characters → 400 on body.password, the password and the staff member's sessions stay; 10 → 204", async () => {
    const email = `reset-${unique()}@example.com`;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/t/demo/users',
      headers: { cookie: s.admin },
      payload: { firstName: 'Rae', lastName: 'Reset', email, role: 'cashier', storeId: mainStoreId, password: 'Original-pw1' },
    });
    const id = json(created).id as string;
    const staffCookie = await loginAs(ctx.app, email, 'Original-pw1');
    const [before] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/t/demo/users/${id}/password`,
      headers: { cookie: s.admin },
      payload: { password: 'Nine-char' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(tooShort(10, 'body.password'));
    const [after] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
    expect(after.hash).toBe(before.hash);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: staffCookie } })).json().user).toMatchObject({
      id: expect.any(String),
    });
    const [n] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, id));
    expect(Number(n.n)).toBe(1);
    const ok = await ctx.app.inject({
      method: 'PUT',
      url: `/api/t/demo/users/${id}/password`,
      headers: { cookie: s.admin },
      payload: { password: 'Ten-chars!' },
    });
    expect(ok.statusCode, ok.body).toBe(204);
    await loginAs(ctx.app, email, 'Ten-chars!');
  });

  it("operator's tenant create: a 9-character owner password → 400 on body.ownerPassword, no tenant, no owner; 10 → 201", async () => {
    const k = unique();
    const body = { name: `Policy ${k}`, slug: `policy-${k}`, ownerEmail: `policy-owner-${k}@example.com` };
    const before = [await countRows(ctx.db, 'tenants'), await countRows(ctx.db, 'users')];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/platform/tenants',
      headers: { cookie: s.platform },
      payload: { ...body, ownerPassword: 'Nine-char' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(tooShort(10, 'body.ownerPassword'));
    expect([await countRows(ctx.db, 'tenants'), await countRows(ctx.db, 'users')]).toEqual(before);
    expect(await ctx.db.select().from(tenants).where(eq(tenants.slug, body.slug))).toHaveLength(0);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/platform/tenants',
      headers: { cookie: s.platform },
      payload: { ...body, ownerPassword: 'Ten-chars!' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    await loginAs(ctx.app, body.ownerEmail, 'Ten-chars!');
  });

  it('existing passwords shorter than the new minimum still sign in (the policy applies when a password is set)', async () => {
    // The demo cashier's 'DemoCashier123!' is 15 long; a raised minimum never locks anyone out.
    await setMinLength(20);
    try {
      await loginAs(ctx.app, 'cashier@demo.com', 'DemoCashier123!');
    } finally {
      await setMinLength(10);
    }
  });
});

describe('assertPasswordPolicy / passwordPolicyViolation (what the first platform admin is checked with)', () => {
  it('counts characters, not UTF-16 units, and names the given field', async () => {
    await setMinLength(8);
    expect(await passwordPolicyViolation(ctx.db, '1234567')).toBe('Password must be at least 8 characters long');
    expect(await passwordPolicyViolation(ctx.db, '12345678')).toBeNull();
    // Seven emoji are 14 UTF-16 units but 7 characters.
    expect(await passwordPolicyViolation(ctx.db, '🔑'.repeat(7))).toBe('Password must be at least 8 characters long');
    expect(await passwordPolicyViolation(ctx.db, '🔑'.repeat(8))).toBeNull();
    // The error carries a code, which the handler's table answers with a 400 (ADR 0029).
    expect(ERROR_STATUS.VALIDATION_ERROR).toBe(400);
    await expect(assertPasswordPolicy(ctx.db, 'short', 'body.adminPassword')).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Password must be at least 8 characters long',
      details: [{ field: 'body.adminPassword', message: 'Password must be at least 8 characters long' }],
    });
    await expect(assertPasswordPolicy(ctx.db, 'long-enough')).resolves.toBeUndefined();
  });
});
