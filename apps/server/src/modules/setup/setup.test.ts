import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, authTokens, platformSettings, users } from '../../db/schema/index.ts';
import { getPlatformSettings } from '../settings/index.ts';
import { countRows, createTestContext, json, loginAs, type TestContext } from '../../../test/helpers.ts';
import { ADMIN_EXISTS, BootstrapError, bootstrapPlatformAdmin, SETUP_LINK_INVALID } from './service.ts';

/**
 * The first platform admin of an install without one, from
 * PLATFORM_ADMIN_EMAIL/PASSWORD or a one-time set-up link (GET/POST /api/setup).
 */

let ctx: TestContext;
let t = Date.parse('2026-11-23T08:00:00Z');
const now = () => new Date(t);

beforeAll(async () => {
  ctx = await createTestContext({}, { now });
});
afterAll(() => ctx.close());

/** Removes every platform admin: the state of a fresh production install. */
async function noPlatformAdmin() {
  await ctx.db.delete(users).where(eq(users.role, 'platform_admin'));
}

const ADMIN = { firstName: 'Olive', lastName: 'Operator', email: 'olive@operator.example', password: 'Correct-Horse-9' };

function setup(body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/setup', payload: body });
}

describe('bootstrapPlatformAdmin', () => {
  beforeEach(noPlatformAdmin);

  it('does nothing when a platform admin exists', async () => {
    await bootstrapPlatformAdmin(ctx.db, { email: 'first@operator.example', password: 'Long-enough-1' }, new Date());
    expect(await bootstrapPlatformAdmin(ctx.db, undefined, new Date())).toEqual({ kind: 'exists' });
    expect(await countRows(ctx.db, 'users')).toBeGreaterThan(0);
    expect(await ctx.db.select().from(authTokens)).toHaveLength(0);
  });

  it('creates the admin from PLATFORM_ADMIN_EMAIL/PASSWORD, who can sign in', async () => {
    expect(await bootstrapPlatformAdmin(ctx.db, { email: 'boot@operator.example', password: 'Long-enough-1' }, new Date())).toEqual({
      kind: 'created',
      email: 'boot@operator.example',
    });
    const cookie = await loginAs(ctx.app, 'boot@operator.example', 'Long-enough-1');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/platform/stats', headers: { cookie } })).statusCode).toBe(200);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'platform.admin.bootstrap'));
    expect(JSON.stringify(audit)).not.toContain('Long-enough-1');
  });

  it('refuses a PLATFORM_ADMIN_PASSWORD under the password policy, creating nothing', async () => {
    const settings = await getPlatformSettings(ctx.db);
    await ctx.db
      .update(platformSettings)
      .set({ value: { ...settings, security: { ...settings.security, passwordMinLength: 16 } } })
      .where(eq(platformSettings.id, 1));
    try {
      await expect(bootstrapPlatformAdmin(ctx.db, { email: 'weak@operator.example', password: 'Only-12-char' }, new Date())).rejects.toThrow(BootstrapError);
      await expect(bootstrapPlatformAdmin(ctx.db, { email: 'weak@operator.example', password: 'Only-12-char' }, new Date())).rejects.toThrow(
        /PLATFORM_ADMIN_PASSWORD: Password must be at least 16 characters long/,
      );
      expect(await ctx.db.select().from(users).where(eq(users.email, 'weak@operator.example'))).toHaveLength(0);
    } finally {
      await ctx.db.update(platformSettings).set({ value: settings }).where(eq(platformSettings.id, 1));
    }
  });

  it('refuses a PLATFORM_ADMIN_EMAIL that is another account', async () => {
    await expect(bootstrapPlatformAdmin(ctx.db, { email: 'admin@demo.com', password: 'Long-enough-1' }, new Date())).rejects.toThrow(/PLATFORM_ADMIN_EMAIL/);
  });

  it('otherwise issues a 256-bit set-up token, stored only as a hash, valid one hour; a new one replaces the old', async () => {
    const first = await bootstrapPlatformAdmin(ctx.db, undefined, now());
    if (first.kind !== 'setup-link') throw new Error(first.kind);
    expect(Buffer.from(first.token, 'base64url')).toHaveLength(32);
    expect(first.expiresAt.getTime() - t).toBe(3600_000);
    const rows = await ctx.db.select().from(authTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(first.token);
    const second = await bootstrapPlatformAdmin(ctx.db, undefined, now());
    if (second.kind !== 'setup-link') throw new Error(second.kind);
    expect(json(await ctx.app.inject({ method: 'GET', url: `/api/setup?token=${first.token}` }))).toEqual({ valid: false });
    expect(json(await ctx.app.inject({ method: 'GET', url: `/api/setup?token=${second.token}` }))).toEqual({ valid: true });
  });
});

describe('GET/POST /api/setup', () => {
  let token: string;
  beforeEach(async () => {
    t += 61_000; // a fresh minute of the per-address limit (10 a minute)
    await noPlatformAdmin();
    await ctx.db.delete(authTokens);
    const result = await bootstrapPlatformAdmin(ctx.db, undefined, now());
    if (result.kind !== 'setup-link') throw new Error(result.kind);
    token = result.token;
  });

  it('creates the platform admin, signs them in, and spends the link', async () => {
    expect(json(await ctx.app.inject({ method: 'GET', url: `/api/setup?token=${token}` }))).toEqual({ valid: true });
    const res = await setup({ token, ...ADMIN });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({ user: { email: ADMIN.email, role: 'platform_admin', firstName: 'Olive' }, tenant: null });
    const cookie = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/platform/stats', headers: { cookie } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN.email, password: ADMIN.password } })).statusCode).toBe(200);

    // Single use: the same link again changes nothing.
    expect(json(await ctx.app.inject({ method: 'GET', url: `/api/setup?token=${token}` }))).toEqual({ valid: false });
    const again = await setup({ token, ...ADMIN, email: 'second@operator.example' });
    expect(again.statusCode).toBe(400);
    expect(json(again)).toMatchObject({ code: 'VALIDATION_ERROR', error: SETUP_LINK_INVALID, details: [{ field: 'body.token' }] });
    expect(await ctx.db.select().from(users).where(eq(users.email, 'second@operator.example'))).toHaveLength(0);
  });

  it('two submissions of one link at once create one admin', async () => {
    const [a, b] = await Promise.all([setup({ token, ...ADMIN }), setup({ token, ...ADMIN, email: 'twin@operator.example' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    expect(await ctx.db.select().from(users).where(eq(users.role, 'platform_admin'))).toHaveLength(1);
  });

  it('refuses a link past its hour', async () => {
    t += 3600_000; // the clock only moves forward: the rate-limit windows follow it
    expect(json(await ctx.app.inject({ method: 'GET', url: `/api/setup?token=${token}` }))).toEqual({ valid: false });
    const res = await setup({ token, ...ADMIN });
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe(SETUP_LINK_INVALID);
  });

  it('answers 400 for bad input, an unknown token and a password under the policy, writing nothing', async () => {
    const before = await countRows(ctx.db, 'users');
    for (const body of [
      { ...ADMIN },
      { token, ...ADMIN, email: 'not-an-email' },
      { token, ...ADMIN, firstName: '' },
      { token, ...ADMIN, password: 'short7!' },
      { token: 'x'.repeat(43), ...ADMIN },
    ]) {
      const res = await setup(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).code).toBe('VALIDATION_ERROR');
    }
    expect(await countRows(ctx.db, 'users')).toBe(before);
    expect(json(await ctx.app.inject({ method: 'GET', url: `/api/setup?token=${token}` }))).toEqual({ valid: true });
  });

  it('answers 409 once a platform admin exists, and for an e-mail already in use', async () => {
    const taken = await setup({ token, ...ADMIN, email: 'admin@demo.com' });
    expect(taken.statusCode).toBe(409);
    await bootstrapPlatformAdmin(ctx.db, { email: 'other@operator.example', password: 'Long-enough-1' }, new Date());
    const res = await setup({ token, ...ADMIN });
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toBe(ADMIN_EXISTS);
    expect(json(await ctx.app.inject({ method: 'GET', url: `/api/setup?token=${token}` }))).toEqual({ valid: false });
  });

  it('limits set-up requests to 10 a minute per client address', async () => {
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push((await setup({ token: 'guess', ...ADMIN })).statusCode);
    expect(codes).toEqual([...Array(10).fill(400), 429]);
  });

  it('is the same for a signed-in user: the token, not the session, is the credential', async () => {
    const cookie = await loginAs(ctx.app, 'admin@demo.com', 'DemoAdmin123!');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/setup', headers: { cookie }, payload: { token: 'wrong', ...ADMIN } });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/auth/login-options', () => {
  it('offers the demo accounts only where they were seeded, never in production', async () => {
    expect(json(await ctx.app.inject({ method: 'GET', url: '/api/auth/login-options' }))).toEqual({ demoAccounts: true });
    const prod = await createTestContext({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://cards.example.com',
      QR_TOKEN_SECRET: 'q'.repeat(40),
      PAYMENT_PROVIDER: 'demo',
    });
    try {
      expect(json(await prod.app.inject({ method: 'GET', url: '/api/auth/login-options' }))).toEqual({ demoAccounts: false });
    } finally {
      await prod.close();
    }
  });
});
