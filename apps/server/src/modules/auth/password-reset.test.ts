import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FORGOT_PASSWORD_SENT, PASSWORD_RESET_DONE, RESET_LINK_INVALID } from '@loyalty/contract';
import { createTestContext, loginAs, type TestContext } from '../../../test/helpers.ts';
import { clearOutbox, startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { rowsOf } from '../../lib/sql.ts';
import { processPasswordResetRequests, RESET_TOKEN_TTL_MS } from './password-reset.ts';

/**
 * Forgot password: POST /api/auth/forgot-password writes the reset e-mail to the
 * outbox in the same transaction as the token; the outbox worker hands it to a real SMTP server
 * (smtp-server in this process), whose message is parsed back with mailparser; the link in it
 * resets the password once, within the hour, and ends every session of the account.
 */
let ctx: TestContext;
let smtp: TestSmtp;
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

const post = (url: string, payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url, payload });
const outboxRows = async () =>
  rowsOf<{ to_address: string; status: string; kind: string; tenant_id: string | null }>(
    await ctx.db.execute(sql`select to_address, status, kind, tenant_id from outbox`),
  );
/** The outbox worker's first step alone: the queued forgot-password requests write their messages. */
const processRequests = () => processPasswordResetRequests(ctx.db, { publicUrl: 'http://localhost', now: clock });
/** Runs the outbox worker once against the test SMTP server. */
const dispatch = async () => smtp.dispatch(ctx.db, clock, { from: 'Loyalty <no-reply@loyalty.test>' });
/** The reset link's token from the newest received message (text part). */
const tokenOfLastMail = () => {
  const text = smtp.messages.at(-1)!.text ?? '';
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1];
};

describe('forgot password, end to end', () => {
  it('e-mails a link that sets a new password once, ends every session, and lets the new password sign in', async () => {
    const before = await loginAs(ctx.app, 'cashier@demo.com', 'DemoCashier123!');
    const res = await post('/api/auth/forgot-password', { email: 'Cashier@Demo.com' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_SENT });
    expect(nudges).toBeGreaterThan(0);
    expect(await processRequests()).toBe(1);
    expect(await outboxRows()).toMatchObject([{ to_address: 'cashier@demo.com', status: 'PENDING', kind: 'password_reset' }]);

    expect(await dispatch()).toEqual({ sent: 1, failed: 0, notSent: 0 });
    const mail = smtp.messages[0];
    expect(mail.subject).toBe('Reset your password');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('cashier@demo.com');
    expect(mail.from?.text).toContain('no-reply@loyalty.test');
    // One source, two parts: the business's name in both, the link in both.
    expect(mail.html).toContain('Demo Retail Store');
    expect(mail.text).toContain('Demo Retail Store');
    const token = tokenOfLastMail();
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(mail.html).toContain(`/reset-password?token=${token}`);
    expect((await outboxRows())[0].status).toBe('SENT');

    const reset = await post('/api/auth/reset-password', { token, password: 'BrandNewPass123!' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ message: PASSWORD_RESET_DONE });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: before } })).json()).toEqual({ user: null });
    expect((await post('/api/auth/login', { email: 'cashier@demo.com', password: 'DemoCashier123!' })).statusCode).toBe(401);
    await loginAs(ctx.app, 'cashier@demo.com', 'BrandNewPass123!');

    const again = await post('/api/auth/reset-password', { token, password: 'AnotherPass123!' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: RESET_LINK_INVALID });
    const audit = rowsOf<{ action: string }>(
      await ctx.db.execute(sql`select action from audit_log where action like 'user.password.reset%' order by created_at`),
    );
    expect(audit.map((a) => a.action)).toEqual(['user.password.reset_requested', 'user.password.reset']);
    // Put the demo password back for the other tests of this file.
    await post('/api/auth/forgot-password', { email: 'cashier@demo.com' });
    await dispatch();
    expect((await post('/api/auth/reset-password', { token: tokenOfLastMail(), password: 'DemoCashier123!' })).statusCode).toBe(200);
  });

  it('answers the same 202 for an address without an account, and writes nothing', async () => {
    const res = await post('/api/auth/forgot-password', { email: 'nobody@nowhere.test' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_SENT });
    expect(await processRequests()).toBe(0);
    expect(await outboxRows()).toEqual([]);
  });

  it('does the same work at the request for an address with or without an account: it only queues it; the worker sends', async () => {
    const queued = async () => rowsOf<{ email: string }>(await ctx.db.execute(sql`select email from password_reset_requests order by requested_at`));
    const links = async () =>
      Number(
        rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from auth_tokens where purpose = 'password_reset' and used_at is null`))[0].n,
      );
    const linksBefore = await links();
    for (const email of ['Cashier@Demo.com', 'stranger@nowhere.test']) {
      const res = await post('/api/auth/forgot-password', { email });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_SENT });
    }
    // Answered with no lookup done: no link issued, no message written, for either address.
    expect(await queued()).toEqual([{ email: 'cashier@demo.com' }, { email: 'stranger@nowhere.test' }]);
    expect(await outboxRows()).toEqual([]);
    expect(await links()).toBe(linksBefore);
    // The worker's run: one message, for the account that exists; the queue is empty.
    expect(await dispatch()).toMatchObject({ sent: 1 });
    expect(smtp.messages.map((m) => (m.to && 'text' in m.to ? m.to.text : ''))).toEqual(['cashier@demo.com']);
    expect(await queued()).toEqual([]);
  });

  it('works for a platform admin too, from the product rather than a business', async () => {
    expect((await post('/api/auth/forgot-password', { email: 'admin@platform.com' })).statusCode).toBe(202);
    await processRequests();
    expect(await outboxRows()).toMatchObject([{ to_address: 'admin@platform.com', tenant_id: null }]);
    await dispatch();
    expect(smtp.messages[0].text).toContain('Loyalty Cards');
  });

  it('refuses a malformed address with 400 and writes nothing', async () => {
    for (const email of ['not-an-address', '', 'a@'.repeat(200)]) {
      const res = await post('/api/auth/forgot-password', { email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect(await outboxRows()).toEqual([]);
  });

  it('sends at most five links an hour to one address, answering 202 all the same', async () => {
    for (let i = 0; i < 7; i++) expect((await post('/api/auth/forgot-password', { email: 'customer@demo.com' })).statusCode).toBe(202);
    await processRequests();
    expect((await outboxRows()).length).toBe(5);
  });

  it('a link stops working after an hour, and only the newest link works', async () => {
    await post('/api/auth/forgot-password', { email: 'admin@demo.com' });
    await dispatch();
    const first = tokenOfLastMail();
    await post('/api/auth/forgot-password', { email: 'admin@demo.com' });
    await dispatch();
    const second = tokenOfLastMail();
    expect((await post('/api/auth/reset-password', { token: first, password: 'Whatever123!' })).json()).toMatchObject({ error: RESET_LINK_INVALID });
    clock = new Date(clock.getTime() + RESET_TOKEN_TTL_MS + 1000);
    const late = await post('/api/auth/reset-password', { token: second, password: 'Whatever123!' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: RESET_LINK_INVALID });
    await loginAs(ctx.app, 'admin@demo.com', 'DemoAdmin123!');
  });

  it("applies the platform's password policy and keeps the link usable after a refusal", async () => {
    await post('/api/auth/forgot-password', { email: 'admin@demo.com' });
    await dispatch();
    const token = tokenOfLastMail();
    const short = await post('/api/auth/reset-password', { token, password: 'short1' });
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual([{ field: 'body.password', message: 'Password must be at least 8 characters long' }]);
    await loginAs(ctx.app, 'admin@demo.com', 'DemoAdmin123!');
    expect((await post('/api/auth/reset-password', { token, password: 'DemoAdmin123!' })).statusCode).toBe(200);
  });

  it('a reset link dies when the password changes by any path: own change, a reset by the Store Admin, an accepted invitation', async () => {
    clock = new Date(Date.now() + 3 * 3600_000); // a fresh hour for the per-address limit
    const resetLink = async (email: string) => {
      expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(202);
      await dispatch();
      return tokenOfLastMail();
    };
    const dead = async (token: string) => {
      const res = await post('/api/auth/reset-password', { token, password: 'Attacker-Chosen-1' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: RESET_LINK_INVALID });
    };
    // The cashier changes their own password: the link sent before stops working.
    const own = await resetLink('cashier@demo.com');
    const cashier = await loginAs(ctx.app, 'cashier@demo.com', 'DemoCashier123!');
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: { cookie: cashier },
      payload: { currentPassword: 'DemoCashier123!', newPassword: 'Changed-Own-123' },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    await dead(own);
    // The Store Admin sets the cashier's password (back to the demo one): the next link dies too.
    const byAdmin = await resetLink('cashier@demo.com');
    const admin = await loginAs(ctx.app, 'admin@demo.com', 'DemoAdmin123!');
    const staff = (await ctx.app.inject({ method: 'GET', url: '/api/t/demo/users', headers: { cookie: admin } })).json().users as {
      id: string;
      email: string;
    }[];
    const cashierId = staff.find((u) => u.email === 'cashier@demo.com')!.id;
    const set = await ctx.app.inject({
      method: 'PUT',
      url: `/api/t/demo/users/${cashierId}/password`,
      headers: { cookie: admin },
      payload: { password: 'DemoCashier123!' },
    });
    expect(set.statusCode, set.body).toBe(204);
    await dead(byAdmin);
    await loginAs(ctx.app, 'cashier@demo.com', 'DemoCashier123!');
    // An invited member asks for a reset link, then accepts the invitation: the reset link dies.
    const [main] = rowsOf<{ id: string }>(await ctx.db.execute(sql`select id from stores where name = 'Main Store'`));
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/api/t/demo/users',
      headers: { cookie: admin },
      payload: { firstName: 'Nia', lastName: 'New', email: 'nia@example.com', role: 'cashier', storeId: main.id, invite: true },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    await dispatch();
    const invitation = /\/accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(smtp.messages.at(-1)!.text ?? '')![1];
    const beforeAccept = await resetLink('nia@example.com');
    expect((await post('/api/auth/accept-invitation', { token: invitation, password: 'Nia-Chose-This-1' })).statusCode).toBe(200);
    await dead(beforeAccept);
    await loginAs(ctx.app, 'nia@example.com', 'Nia-Chose-This-1');
  });

  it('refuses an unknown token and a missing password with 400', async () => {
    expect((await post('/api/auth/reset-password', { token: 'x'.repeat(43), password: 'Whatever123!' })).json()).toMatchObject({ error: RESET_LINK_INVALID });
    expect((await post('/api/auth/reset-password', { token: 'abc' })).statusCode).toBe(400);
  });
});
