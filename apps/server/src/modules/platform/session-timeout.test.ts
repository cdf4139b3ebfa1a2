import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createTestContext, json, loginAs, type TestContext } from '../../../test/helpers.ts';

/**
 * The operator's session timeout (hours) takes effect for sessions that
 * already exist, not only for new ones: a shorter timeout cuts them at once.
 */
let ctx: TestContext;
let platform: string;

beforeAll(async () => {
  ctx = await createTestContext();
  platform = await loginAs(ctx.app, 'admin@platform.com', 'AdminSecure123!');
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;

async function setTimeoutHours(sessionTimeout: number) {
  const current = json(await ctx.app.inject({ method: 'GET', url: '/api/platform/settings', headers: { cookie: platform } }));
  const { passwordSet: _ignored, ...smtp } = current.smtp;
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/platform/settings',
    headers: { cookie: platform },
    payload: { ...current, smtp, security: { ...current.security, sessionTimeout } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The sessions row behind a `sid=…` cookie. */
async function sessionOf(cookie: string) {
  const [row] = await ctx.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(cookie.slice('sid='.length))));
  return row;
}

const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

describe('saving a different sessionTimeout', () => {
  it('cuts existing sessions to a shorter timeout at once, and they slide by the new timeout afterwards', async () => {
    const cashier = await loginAs(ctx.app, 'cashier@demo.com', 'DemoCashier123!');
    const before = await sessionOf(cashier);
    expect(before.ttlSeconds).toBe(24 * 3600);
    expect(before.expiresAt.getTime() - Date.now()).toBeGreaterThan(23 * HOUR);

    await setTimeoutHours(1);
    try {
      const cut = await sessionOf(cashier);
      expect(cut.ttlSeconds).toBe(3600);
      const left = cut.expiresAt.getTime() - Date.now();
      expect(left).toBeLessThanOrEqual(HOUR + 5_000);
      expect(left).toBeGreaterThan(HOUR - 60_000);
      // Still signed in: the session was shortened, not ended.
      expect((await me(cashier)).json().user).toMatchObject({ id: expect.any(String) });

      // Close to its end, a request slides it by the new hour, not by the old 24.
      await ctx.db
        .update(sessions)
        .set({ expiresAt: sql`now() + interval '10 minutes'` })
        .where(eq(sessions.tokenHash, cut.tokenHash));
      expect((await me(cashier)).json().user).toMatchObject({ id: expect.any(String) });
      const slid = await sessionOf(cashier);
      expect(slid.expiresAt.getTime() - Date.now()).toBeGreaterThan(HOUR - 60_000);
      expect(slid.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(HOUR + 5_000);

      // A new sign-in gets the new timeout too.
      expect((await sessionOf(await loginAs(ctx.app, 'admin@demo.com', 'DemoAdmin123!'))).ttlSeconds).toBe(3600);
    } finally {
      await setTimeoutHours(24);
    }
  });

  it('a longer timeout does not lengthen a session at once, but lets it slide further', async () => {
    await setTimeoutHours(2);
    const customer = await loginAs(ctx.app, 'customer@demo.com', 'DemoCustomer123!');
    try {
      const before = await sessionOf(customer);
      await setTimeoutHours(48);
      const after = await sessionOf(customer);
      expect(after.ttlSeconds).toBe(48 * 3600);
      expect(after.expiresAt.getTime()).toBe(before.expiresAt.getTime());
    } finally {
      await setTimeoutHours(24);
    }
  });

  it('a save that keeps the timeout leaves sessions alone', async () => {
    const admin = await loginAs(ctx.app, 'admin@demo.com', 'DemoAdmin123!');
    await ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '30 hours'`, ttlSeconds: 30 * 3600 })
      .where(eq(sessions.tokenHash, (await sessionOf(admin)).tokenHash));
    const before = await sessionOf(admin);
    await setTimeoutHours(24);
    expect(await sessionOf(admin)).toEqual(before);
  });
});
