import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { INVITATION_LINK_INVALID } from '@loyalty/contract';
import { plans, rateLimitCounters, stores, tenants, users } from '../../db/schema/index.ts';
import { createOtherTenant, createTestContext, demoSessions, loginAs, type TestContext } from '../../../test/helpers.ts';
import { clearOutbox, startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { rowsOf } from '../../lib/sql.ts';

/**
 * Staff invitations: the owner adds a staff member without a password; the
 * invitation reaches a real SMTP server; its link (7 days) shows who is invited where, sets the
 * password once and signs the new member in; Resend replaces the link, Revoke removes the
 * pending account; guards: 400 without password or invitation, 403 cashier, 404 another
 * tenant, 422 once accepted.
 */
let ctx: TestContext;
let smtp: TestSmtp;
let s: Awaited<ReturnType<typeof demoSessions>>;
let mainStoreId: string;
let clock = new Date();
let nudges = 0;

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
  smtp = await startTestSmtp();
  s = await demoSessions(ctx.app);
  const [main] = await ctx.db.select().from(stores).where(eq(stores.name, 'Main Store'));
  mainStoreId = main.id;
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(async () => {
  clock = new Date();
  smtp.reset();
  await clearOutbox(ctx.db);
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string | null, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const invite = (email: string, cookie = s.admin) =>
  call('POST', '/api/t/demo/users', cookie, { firstName: 'Ivy', lastName: 'Invited', email, role: 'cashier', storeId: mainStoreId, invite: true });
const send = async () => smtp.dispatch(ctx.db, new Date());
const tokenOfLastMail = () => /\/accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(smtp.messages.at(-1)?.text ?? '')?.[1] ?? '';

describe('staff invitations', () => {
  it('invites without a password; the e-mailed link greets, sets the password once and signs the new member in', async () => {
    const res = await invite('ivy@example.com');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email: 'ivy@example.com', invited: true, active: true, role: 'cashier' });
    expect(nudges).toBeGreaterThan(0);
    expect(await send()).toMatchObject({ sent: 1 });
    // It names the platform it comes from and who invited, not only the business.
    expect(smtp.messages[0].subject).toBe('Alex Owner invited you to Demo Retail Store on Loyalty Cards');
    expect(smtp.messages[0].text).toContain('Alex Owner (admin@demo.com) has invited you to join Demo Retail Store as a cashier on Loyalty Cards');
    expect(smtp.messages[0].text).toContain('Sent by Loyalty Cards on behalf of Demo Retail Store.');
    expect(smtp.messages[0].text).toContain('7 days');
    const token = tokenOfLastMail();
    expect(token.length).toBeGreaterThanOrEqual(43);
    // Nobody can sign in to the invited account before it is accepted.
    expect((await call('POST', '/api/auth/login', null, { email: 'ivy@example.com', password: 'anything-at-all' })).statusCode).toBe(401);

    const info = await call('GET', `/api/auth/invitation?token=${token}`, null);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ email: 'ivy@example.com', firstName: 'Ivy', businessName: 'Demo Retail Store' });

    const short = await call('POST', '/api/auth/accept-invitation', null, { token, password: 'short1' });
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual([{ field: 'body.password', message: 'Password must be at least 8 characters long' }]);

    const accepted = await call('POST', '/api/auth/accept-invitation', null, { token, password: 'IvyChose123!' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ user: { email: 'ivy@example.com', role: 'cashier', storeName: 'Main Store' }, tenant: { slug: 'demo' } });
    const sid = accepted.cookies.find((c) => c.name === 'sid')!;
    expect((await call('GET', '/api/auth/me', `sid=${sid.value}`)).json()).toMatchObject({ user: { email: 'ivy@example.com' } });
    await loginAs(ctx.app, 'ivy@example.com', 'IvyChose123!');
    const staff = (await call('GET', '/api/t/demo/users', s.admin)).json().users as { email: string; invited: boolean }[];
    expect(staff.find((u) => u.email === 'ivy@example.com')?.invited).toBe(false);

    expect((await call('POST', '/api/auth/accept-invitation', null, { token, password: 'Another123!' })).json()).toMatchObject({
      error: INVITATION_LINK_INVALID,
    });
    expect((await call('GET', `/api/auth/invitation?token=${token}`, null)).statusCode).toBe(400);
    const audit = rowsOf<{ action: string }>(
      await ctx.db.execute(sql`select action from audit_log where entity_id = ${accepted.json().user.id} order by created_at`),
    );
    expect(audit.map((a) => a.action)).toEqual(['user.create', 'user.invitation.accept']);
  });

  it('refuses a staff member with neither a password nor an invitation (400) and writes nothing', async () => {
    const res = await call('POST', '/api/t/demo/users', s.admin, {
      firstName: 'No',
      lastName: 'Pass',
      email: 'nopass@example.com',
      role: 'cashier',
      storeId: mainStoreId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'body.password', message: 'Password is required' }]);
    expect(await ctx.db.select().from(users).where(eq(users.email, 'nopass@example.com'))).toEqual([]);
    expect(rowsOf(await ctx.db.execute(sql`select 1 from outbox`))).toEqual([]);
  });

  it('Resend replaces the link; Revoke removes the pending account and its link', async () => {
    const id = (await invite('rex@example.com')).json().id as string;
    await send();
    const first = tokenOfLastMail();
    expect((await call('POST', `/api/t/demo/users/${id}/invitation`, s.admin)).statusCode).toBe(204);
    await send();
    const second = tokenOfLastMail();
    expect(second).not.toBe(first);
    expect((await call('GET', `/api/auth/invitation?token=${first}`, null)).json()).toMatchObject({ error: INVITATION_LINK_INVALID });
    expect((await call('GET', `/api/auth/invitation?token=${second}`, null)).statusCode).toBe(200);

    expect((await call('DELETE', `/api/t/demo/users/${id}/invitation`, s.admin)).statusCode).toBe(204);
    expect(await ctx.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect((await call('POST', '/api/auth/accept-invitation', null, { token: second, password: 'TooLate123!' })).json()).toMatchObject({
      error: INVITATION_LINK_INVALID,
    });
    expect((await call('DELETE', `/api/t/demo/users/${id}/invitation`, s.admin)).statusCode).toBe(404);
  });

  it('a link stops working after 7 days', async () => {
    await invite('late@example.com');
    await send();
    const token = tokenOfLastMail();
    clock = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000 + 60_000);
    expect((await call('POST', '/api/auth/accept-invitation', null, { token, password: 'LateComer123!' })).json()).toMatchObject({
      error: INVITATION_LINK_INVALID,
    });
  });

  it('guards Resend and Revoke: 422 once accepted or never invited, 403 to a cashier, 404 for another tenant', async () => {
    const cashier = (await call('GET', '/api/t/demo/users', s.admin)).json().users.find((u: { email: string }) => u.email === 'cashier@demo.com');
    expect((await call('POST', `/api/t/demo/users/${cashier.id}/invitation`, s.admin)).statusCode).toBe(422);
    expect((await call('DELETE', `/api/t/demo/users/${cashier.id}/invitation`, s.admin)).json()).toMatchObject({
      error: 'This staff member has already accepted the invitation',
    });
    const id = (await invite('guarded@example.com')).json().id as string;
    expect((await call('POST', `/api/t/demo/users/${id}/invitation`, s.cashier)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/t/demo/users/${id}/invitation`, s.cashier)).statusCode).toBe(403);
    expect((await invite('sneaky@example.com', s.cashier)).statusCode).toBe(403);
    const other = await createOtherTenant(ctx.db);
    const otherCookie = await loginAs(ctx.app, other.email, other.password);
    expect((await call('POST', `/api/t/${other.tenant.slug}/users/${id}/invitation`, otherCookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/t/${other.tenant.slug}/users/${id}/invitation`, otherCookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/t/demo/users/not-an-id/invitation`, s.admin)).statusCode).toBe(404);
    expect(await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, id))).toHaveLength(1);
  });
});

describe('the daily invitation budget', () => {
  const outboxCount = async () => Number(rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from outbox`))[0].n);

  it('a business in trial sends at most 20 invitations a day, resends included; the 21st is refused with 429 and writes nothing', async () => {
    const other = await createOtherTenant(ctx.db);
    const cookie = await loginAs(ctx.app, other.email, other.password);
    const base = `/api/t/${other.tenant.slug}/users`;
    const inviteThere = (email: string) =>
      call('POST', base, cookie, { firstName: 'Tia', lastName: 'Trial', email, role: 'cashier', storeId: other.store.id, invite: true });
    const first = await inviteThere('tia@example.com');
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().id as string;
    for (let i = 0; i < 19; i++) expect((await call('POST', `${base}/${id}/invitation`, cookie)).statusCode).toBe(204);
    expect(await outboxCount()).toBe(20);

    const resend = await call('POST', `${base}/${id}/invitation`, cookie);
    expect(resend.statusCode).toBe(429);
    expect(resend.json()).toEqual({
      code: 'RATE_LIMITED',
      error: 'This business has sent its 20 invitations for today (resends count). Try again tomorrow, or choose a plan to send up to 200 a day.',
    });
    const fresh = await inviteThere('tom@example.com');
    expect(fresh.statusCode).toBe(429);
    expect(await ctx.db.select().from(users).where(eq(users.email, 'tom@example.com'))).toEqual([]);
    expect(await outboxCount()).toBe(20);
    // Another business is not held back by this one's budget.
    expect((await invite('elsewhere@example.com')).statusCode).toBe(201);
    // A day later the budget is back.
    clock = new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
    expect((await call('POST', `${base}/${id}/invitation`, cookie)).statusCode).toBe(204);
  });

  it('a business on a plan sends up to 200 a day', async () => {
    const other = await createOtherTenant(ctx.db);
    const [plan] = await ctx.db.select({ id: plans.id }).from(plans).limit(1);
    await ctx.db.update(tenants).set({ subscriptionStatus: 'ACTIVE', planId: plan.id }).where(eq(tenants.id, other.tenant.id));
    const cookie = await loginAs(ctx.app, other.email, other.password);
    const base = `/api/t/${other.tenant.slug}/users`;
    const first = await call('POST', base, cookie, {
      firstName: 'Pam',
      lastName: 'Plan',
      email: 'pam@example.com',
      role: 'cashier',
      storeId: other.store.id,
      invite: true,
    });
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().id as string;
    // 198 more invitations went out today (the count the shared store keeps): 199 in all.
    await ctx.db
      .update(rateLimitCounters)
      .set({ count: sql`${rateLimitCounters.count} + 198` })
      .where(eq(rateLimitCounters.key, `invitations:${other.tenant.id}`));
    expect((await call('POST', `${base}/${id}/invitation`, cookie)).statusCode).toBe(204);
    const over = await call('POST', `${base}/${id}/invitation`, cookie);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe('This business has sent its 200 invitations for today (resends count). Try again tomorrow.');
  });
});
