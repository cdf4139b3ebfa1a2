import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import type { LightMyRequestResponse } from 'fastify';
import { auditLog, users } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';
import { createTestContext, freshTenant, json, loginAs, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { clearOutbox } from '../../../test/smtp.ts';
import { REQUIRED_BY_OPERATOR, SIGN_IN_EXPIRED, WRONG_CODE, WRONG_SIGN_IN_CODE } from '@loyalty/contract';

/**
 * Two-factor sign-in (ADR 0024): set-up, enable, the sign-in's second step with its throttle,
 * recovery codes, disable, the operator's requirement, and the resets by a Store Admin and by
 * the operator. Codes are computed with otplib on the app's clock, which the tests move.
 */
let ctx: TestContext;
let clock = new Date();
let nudges = 0;
let platform: string;

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    {
      now: () => clock,
      jobs: {
        nudge: (kind) => {
          if (kind === 'outbox') nudges++;
        },
      },
    },
  );
  platform = await loginAs(ctx.app, 'admin@platform.com', 'AdminSecure123!');
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await clearOutbox(ctx.db);
  clock = new Date(Math.ceil(Date.now() / 30_000) * 30_000 + 5_000); // 5 s into a fresh 30 s step
});

const epoch = (offsetSteps = 0) => Math.floor(clock.getTime() / 1000) + offsetSteps * 30;
const codeAt = (secret: string, offsetSteps = 0) => generate({ secret, epoch: epoch(offsetSteps) });
const post = (url: string, cookie: string | undefined, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name && c.value !== '');
const userRow = async (email: string) => (await ctx.db.select().from(users).where(eq(users.email, email)))[0];
const audits = (userId: string, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, action)));
const outboxTo = async (to: string) =>
  rowsOf<{ kind: string; subject: string; text: string }>(await ctx.db.execute(sql`select kind, subject, text from outbox where to_address = ${to}`));

/** Turns two-factor on for the account signed in with `cookie`; returns its secret and recovery codes. */
async function turnOn(cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await post('/api/auth/2fa/setup', cookie);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = json(setup);
  const enable = await post('/api/auth/2fa/enable', cookie, { code: await codeAt(secret) });
  expect(enable.statusCode, enable.body).toBe(200);
  return { secret, recoveryCodes: json(enable).recoveryCodes };
}

/** Password step of a sign-in: returns the reply and the pending cookie header (`tfa=…`). */
async function passwordStep(email: string, password: string, extraCookie = '') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: extraCookie ? { cookie: extraCookie } : {},
  });
  const pending = cookieOf(res, 'tfa');
  return { res, pending: pending ? `tfa=${pending.value}` : '' };
}

describe('set-up and enable', () => {
  it('gives a secret and its otpauth URI, stores the secret sealed, and turns on only with a right code', async () => {
    const t = await freshTenant(ctx);
    const setup = await post('/api/auth/2fa/setup', t.cookie);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUrl } = json(setup);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(`otpauth://totp/Loyalty%20Cards:${encodeURIComponent(t.email)}?secret=${secret}&issuer=Loyalty%20Cards`);
    const stored = await userRow(t.email);
    expect(stored.twoFactorSecret).toBeTruthy();
    expect(stored.twoFactorSecret).not.toContain(secret);

    // Bad input: not 6 digits (400 from the schema) and a wrong code: nothing turned on.
    for (const code of ['12ab56', '12345', '']) {
      const res = await post('/api/auth/2fa/enable', t.cookie, { code });
      expect(res.statusCode, res.body).toBe(400);
    }
    const wrong = String((Number(await codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    const res = await post('/api/auth/2fa/enable', t.cookie, { code: wrong });
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe(WRONG_CODE);
    expect((await userRow(t.email)).twoFactorEnabledAt).toBeNull();
    expect(await audits(t.adminId, 'user.2fa.enable')).toHaveLength(0);

    const enable = await post('/api/auth/2fa/enable', t.cookie, { code: await codeAt(secret, -1) }); // one step of drift
    expect(enable.statusCode, enable.body).toBe(200);
    const { recoveryCodes } = json(enable);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const after = await userRow(t.email);
    expect(after.twoFactorRecoveryHashes).toHaveLength(10);
    expect(after.twoFactorRecoveryHashes.join()).not.toContain(recoveryCodes[0].replace('-', ''));
    expect(await audits(t.adminId, 'user.2fa.enable')).toHaveLength(1);
    expect(json(await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: t.cookie } })).twoFactorEnabled).toBe(true);

    expect((await post('/api/auth/2fa/setup', t.cookie)).statusCode).toBe(409);
    expect((await post('/api/auth/2fa/enable', t.cookie, { code: await codeAt(secret, 1) })).statusCode).toBe(409);
  });

  it('answers 401 signed out and 403 to a customer, before reading the body, and 400 for enable before set-up', async () => {
    const customer = await loginAs(ctx.app, 'customer@demo.com', 'DemoCustomer123!');
    for (const path of ['setup', 'enable', 'disable']) {
      expect((await post(`/api/auth/2fa/${path}`, undefined, { code: '123456' })).statusCode).toBe(401);
      expect((await post(`/api/auth/2fa/${path}`, customer, { code: 'x' })).statusCode).toBe(403);
    }
    expect((await ctx.db.select().from(users).where(eq(users.email, 'customer@demo.com')))[0].twoFactorSecret).toBeNull();
    const t = await freshTenant(ctx);
    const res = await post('/api/auth/2fa/enable', t.cookie, { code: '123456' });
    expect(res.statusCode).toBe(400);
    expect((await userRow(t.email)).twoFactorEnabledAt).toBeNull();
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code after the password, without a session, and signs in with a current code once', async () => {
    const t = await freshTenant(ctx);
    const { secret } = await turnOn(t.cookie);
    const { res, pending } = await passwordStep(t.email, t.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ twoFactorRequired: true });
    expect(cookieOf(res, 'sid')).toBeUndefined();
    expect(pending).not.toBe('');
    // The pending cookie is no session.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/stores`, headers: { cookie: pending.replace('tfa=', 'sid=') } })).statusCode).toBe(
      401,
    );

    // The step used to enable is spent: the same code does not sign in.
    const reused = await post('/api/auth/2fa/verify', pending, { code: await codeAt(secret) });
    expect(reused.statusCode).toBe(401);
    expect(json(reused).error).toBe(WRONG_SIGN_IN_CODE);

    clock = new Date(clock.getTime() + 30_000);
    const code = await codeAt(secret);
    const ok = await post('/api/auth/2fa/verify', pending, { code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).user.email).toBe(t.email);
    expect(json(ok).twoFactorEnabled).toBe(true);
    const sid = cookieOf(ok, 'sid');
    expect(sid).toBeDefined();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/stores`, headers: { cookie: `sid=${sid!.value}` } })).statusCode).toBe(200);
    // The pending sign-in is spent, and the code works once.
    expect((await post('/api/auth/2fa/verify', pending, { code })).statusCode).toBe(401);
    const again = await passwordStep(t.email, t.password);
    expect(json(await post('/api/auth/2fa/verify', again.pending, { code }))).toMatchObject({ error: WRONG_SIGN_IN_CODE });
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const t = await freshTenant(ctx);
    const { recoveryCodes } = await turnOn(t.cookie);
    const first = await passwordStep(t.email, t.password);
    const ok = await post('/api/auth/2fa/verify', first.pending, { code: ` ${recoveryCodes[3].toUpperCase().replace('-', ' ')} ` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await userRow(t.email)).twoFactorRecoveryHashes).toHaveLength(9);
    const [audit] = await audits(t.adminId, 'user.2fa.recovery_code_used');
    expect(audit.after).toEqual({ recoveryCodesLeft: 9 });
    const second = await passwordStep(t.email, t.password);
    expect((await post('/api/auth/2fa/verify', second.pending, { code: recoveryCodes[3] })).statusCode).toBe(401);
    expect((await post('/api/auth/2fa/verify', second.pending, { code: recoveryCodes[4] })).statusCode).toBe(200);
  });

  it('refuses a code of neither form (400), a missing or expired pending sign-in (401)', async () => {
    const t = await freshTenant(ctx);
    const { secret } = await turnOn(t.cookie);
    const { pending } = await passwordStep(t.email, t.password);
    expect((await post('/api/auth/2fa/verify', pending, { code: 'not-a-code' })).statusCode).toBe(400);
    expect(json(await post('/api/auth/2fa/verify', undefined, { code: '123456' })).error).toBe(SIGN_IN_EXPIRED);
    clock = new Date(clock.getTime() + 5 * 60_000 + 1000);
    const late = await post('/api/auth/2fa/verify', pending, { code: await codeAt(secret) });
    expect(late.statusCode).toBe(401);
    expect(json(late).error).toBe(SIGN_IN_EXPIRED);
  });

  it('counts wrong codes in the login throttle with wrong passwords (M = 10 per account and address)', async () => {
    const t = await freshTenant(ctx);
    const { secret } = await turnOn(t.cookie);
    // 4 wrong passwords and 6 wrong codes fill the pair's 10.
    for (let i = 0; i < 4; i++) expect((await passwordStep(t.email, 'wrong-password')).res.statusCode).toBe(401);
    const { pending } = await passwordStep(t.email, t.password);
    for (let i = 0; i < 6; i++) expect((await post('/api/auth/2fa/verify', pending, { code: '000000' })).statusCode).toBe(401);
    clock = new Date(clock.getTime() + 30_000);
    const held = await post('/api/auth/2fa/verify', pending, { code: await codeAt(secret) });
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();
    expect((await passwordStep(t.email, t.password)).res.statusCode).toBe(429);
  });

  it('asks a trusted device for the code too', async () => {
    const t = await freshTenant(ctx);
    const { secret } = await turnOn(t.cookie);
    const first = await passwordStep(t.email, t.password);
    clock = new Date(clock.getTime() + 30_000);
    const ok = await post('/api/auth/2fa/verify', first.pending, { code: await codeAt(secret) });
    const did = cookieOf(ok, 'did');
    expect(did).toBeDefined();
    const second = await passwordStep(t.email, t.password, `did=${did!.value}`);
    expect(json(second.res)).toEqual({ twoFactorRequired: true });
  });
});

describe('disable', () => {
  it('needs a current code not used before; then sign-in asks for the password only', async () => {
    const t = await freshTenant(ctx);
    const { secret } = await turnOn(t.cookie);
    expect((await post('/api/auth/2fa/disable', t.cookie, { code: 'abcdef' })).statusCode).toBe(400);
    expect((await post('/api/auth/2fa/disable', t.cookie, { code: await codeAt(secret) })).statusCode).toBe(400); // the enable step's code
    expect((await userRow(t.email)).twoFactorEnabledAt).not.toBeNull();
    clock = new Date(clock.getTime() + 30_000);
    const res = await post('/api/auth/2fa/disable', t.cookie, { code: await codeAt(secret) });
    expect(res.statusCode, res.body).toBe(204);
    const row = await userRow(t.email);
    expect(row.twoFactorEnabledAt).toBeNull();
    expect(row.twoFactorSecret).toBeNull();
    expect(await audits(t.adminId, 'user.2fa.disable')).toHaveLength(1);
    const login = await passwordStep(t.email, t.password);
    expect(json(login.res).user.email).toBe(t.email);
    expect((await post('/api/auth/2fa/disable', t.cookie, { code: await codeAt(secret, 1) })).statusCode).toBe(409);
  });
});

describe("the operator's 'Require two-factor authentication'", () => {
  async function requireTwoFactor(on: boolean) {
    const current = json(await ctx.app.inject({ method: 'GET', url: '/api/platform/settings', headers: { cookie: platform } }));
    const { passwordSet: _ignored, ...smtp } = current.smtp;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/platform/settings',
      headers: { cookie: platform },
      payload: { ...current, smtp, security: { ...current.security, requireTwoFactor: on } },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('gives a Store Admin without two-factor a session that can only set it up; cashiers are exempt', async () => {
    const t = await freshTenant(ctx);
    const store = json(await t.req('GET', 'stores')).stores[0];
    expect(
      (
        await t.req('POST', 'users', {
          firstName: 'Cas',
          lastName: 'Hier',
          email: `cas-${t.slug}@example.com`,
          password: 'Cashier123!',
          role: 'cashier',
          storeId: store.id,
        })
      ).statusCode,
    ).toBe(201);
    await requireTwoFactor(true);
    try {
      const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: t.email, password: t.password } });
      expect(login.statusCode, login.body).toBe(200);
      expect(json(login)).toMatchObject({ twoFactorSetupRequired: true, twoFactorEnabled: false });
      const cookie = `sid=${cookieOf(login, 'sid')!.value}`;
      const refused = await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/stores`, headers: { cookie } });
      expect(refused.statusCode).toBe(403);
      expect(json(refused).code).toBe('TWO_FACTOR_SETUP_REQUIRED');
      expect(
        (
          await ctx.app.inject({
            method: 'PUT',
            url: '/api/auth/password',
            headers: { cookie },
            payload: { currentPassword: t.password, newPassword: 'Another123!' },
          })
        ).statusCode,
      ).toBe(403);
      expect(json(await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).twoFactorSetupRequired).toBe(true);

      const { secret } = await turnOn(cookie);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/stores`, headers: { cookie } })).statusCode).toBe(200);
      expect(json(await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } }))).toMatchObject({
        twoFactorSetupRequired: false,
        twoFactorEnabled: true,
      });
      clock = new Date(clock.getTime() + 30_000);
      const off = await post('/api/auth/2fa/disable', cookie, { code: await codeAt(secret) });
      expect(off.statusCode).toBe(422);
      expect(json(off).error).toBe(REQUIRED_BY_OPERATOR);

      const cashier = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `cas-${t.slug}@example.com`, password: 'Cashier123!' },
      });
      expect(json(cashier).twoFactorSetupRequired).toBe(false);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/stores`, headers: { cookie: `sid=${cookieOf(cashier, 'sid')!.value}` } })).statusCode,
      ).toBe(200);
    } finally {
      await requireTwoFactor(false);
    }
  });

  it('leaves sign-in unchanged when off', async () => {
    const t = await freshTenant(ctx);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: t.email, password: t.password } });
    expect(json(login)).toMatchObject({ twoFactorSetupRequired: false, twoFactorEnabled: false });
  });
});

describe('resets', () => {
  /** A tenant with a cashier who has two-factor on. */
  async function tenantWithCashier(): Promise<{ t: FreshTenant; cashierId: string; cashierEmail: string; cashierCookie: string }> {
    const t = await freshTenant(ctx);
    const store = json(await t.req('GET', 'stores')).stores[0];
    const cashierEmail = `till-${t.slug}@example.com`;
    const created = await t.req('POST', 'users', {
      firstName: 'Tilly',
      lastName: 'Till',
      email: cashierEmail,
      password: 'Cashier123!',
      role: 'cashier',
      storeId: store.id,
    });
    const cashierCookie = await loginAs(ctx.app, cashierEmail, 'Cashier123!');
    await turnOn(cashierCookie);
    return { t, cashierId: json(created).id, cashierEmail, cashierCookie };
  }

  it("a Store Admin resets a cashier's: audited, e-mailed, shown on the staff list", async () => {
    const { t, cashierId, cashierEmail } = await tenantWithCashier();
    const listed = json(await t.req('GET', 'users')).users.find((u: { id: string }) => u.id === cashierId);
    expect(listed.twoFactorEnabled).toBe(true);
    const before = nudges;
    const res = await t.req('POST', `users/${cashierId}/2fa/reset`);
    expect(res.statusCode, res.body).toBe(204);
    expect(nudges).toBe(before + 1);
    expect((await userRow(cashierEmail)).twoFactorEnabledAt).toBeNull();
    const [audit] = await audits(cashierId, 'user.2fa.reset');
    expect(audit.userId).toBe(t.adminId);
    const [mail] = await outboxTo(cashierEmail);
    expect(mail).toMatchObject({ kind: 'two_factor_reset', subject: 'Your two-factor authentication was reset' });
    expect(mail.text).toContain(`a Store Admin of ${t.tenant.name}`);
    expect(json(await t.req('GET', 'users')).users.find((u: { id: string }) => u.id === cashierId).twoFactorEnabled).toBe(false);
    // The cashier signs in with the password alone now.
    expect(json(await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: cashierEmail, password: 'Cashier123!' } })).user.email).toBe(
      cashierEmail,
    );
    expect((await t.req('POST', `users/${cashierId}/2fa/reset`)).statusCode).toBe(409);
  });

  it("refuses a cashier (403), another tenant's admin (404), a Store Admin's (403), an unknown id (404); nothing written", async () => {
    const { t, cashierId, cashierEmail, cashierCookie } = await tenantWithCashier();
    const other = await freshTenant(ctx);
    expect((await t.req('POST', `users/${cashierId}/2fa/reset`, undefined, cashierCookie)).statusCode).toBe(403);
    expect((await other.req('POST', `users/${cashierId}/2fa/reset`)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/t/${t.slug}/users/${cashierId}/2fa/reset`, headers: { cookie: other.cookie } })).statusCode).toBe(
      404,
    );
    expect((await t.req('POST', 'users/not-a-uuid/2fa/reset')).statusCode).toBe(404);
    await turnOn(t.cookie);
    const admin = await t.req('POST', `users/${t.adminId}/2fa/reset`);
    expect(admin.statusCode).toBe(403);
    expect((await userRow(cashierEmail)).twoFactorEnabledAt).not.toBeNull();
    expect((await userRow(t.email)).twoFactorEnabledAt).not.toBeNull();
    expect(await audits(cashierId, 'user.2fa.reset')).toHaveLength(0);
    expect(await outboxTo(cashierEmail)).toHaveLength(0);
  });

  it("the operator lists a tenant's Store Admins and resets one's; only under that tenant", async () => {
    const t = await freshTenant(ctx);
    const other = await freshTenant(ctx);
    await turnOn(t.cookie);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/platform/tenants/${t.tenant.id}/admins`, headers: { cookie: platform } });
    expect(list.statusCode, list.body).toBe(200);
    expect(json(list).admins).toEqual([{ id: t.adminId, email: t.email, firstName: 'Olga', lastName: 'Other', active: true, twoFactorEnabled: true }]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/platform/tenants/${t.tenant.id}/admins`, headers: { cookie: t.cookie } })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/platform/tenants/00000000-0000-4000-8000-000000000000/admins', headers: { cookie: platform } }))
        .statusCode,
    ).toBe(404);

    const url = (tenantId: string) => `/api/platform/tenants/${tenantId}/users/${t.adminId}/2fa/reset`;
    expect((await post(url(t.tenant.id), t.cookie)).statusCode).toBe(403);
    expect((await post(url(other.tenant.id), platform)).statusCode).toBe(404);
    expect((await post('/api/platform/tenants/x/users/y/2fa/reset', platform)).statusCode).toBe(404);
    expect((await userRow(t.email)).twoFactorEnabledAt).not.toBeNull();
    const res = await post(url(t.tenant.id), platform);
    expect(res.statusCode, res.body).toBe(204);
    expect((await userRow(t.email)).twoFactorEnabledAt).toBeNull();
    const [audit] = await audits(t.adminId, 'user.2fa.reset');
    expect(audit.tenantId).toBe(t.tenant.id);
    expect((await outboxTo(t.email))[0].text).toContain('by the platform operator');
    expect((await post(url(t.tenant.id), platform)).statusCode).toBe(409);
  });
});
