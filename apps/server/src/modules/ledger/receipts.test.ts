import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, customers, tenants } from '../../db/schema/index.ts';
import { createTestContext, demoSessions, freshTenant, idempotencyKey, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { clearOutbox, startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { rowsOf } from '../../lib/sql.ts';

/**
 * Receipts (docs/product.md 'E-mail'): a tenant setting, off by
 * default, turned on through PUT /tenant/receipts (tenant_admin, audited); when on, each earn,
 * redeem and refund writes the holder's receipt to the outbox in the movement's own
 * transaction, and it reaches the SMTP server with the amounts, the balance after, the store and
 * the local time, and a one-click unsubscribe; a replay writes no second receipt; an
 * unsubscribed holder or one without an e-mail gets none.
 */
const NOW = new Date('2026-11-24T15:30:00Z');
let ctx: TestContext;
let smtp: TestSmtp;
let s: Awaited<ReturnType<typeof demoSessions>>;
let t: FreshTenant;
let nudges = 0;

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    {
      now: () => NOW,
      jobs: {
        nudge: (kind) => {
          if (kind === 'outbox') nudges++;
        },
      },
    },
  );
  smtp = await startTestSmtp();
  s = await demoSessions(ctx.app);
  t = await freshTenant(ctx, { balanceCents: 0 });
  await ctx.db.update(customers).set({ email: 'oscar@example.com' }).where(eq(customers.id, t.customer.id));
  await ctx.db.update(tenants).set({ timezone: 'America/New_York' }).where(eq(tenants.id, t.tenant.id));
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.reset();
  await clearOutbox(ctx.db);
  await ctx.db.update(customers).set({ email: 'oscar@example.com', emailOptOutAt: null }).where(eq(customers.id, t.customer.id));
});

const setReceipts = (enabled: unknown, cookie = t.cookie, slug = t.slug) =>
  ctx.app.inject({ method: 'PUT', url: `/api/t/${slug}/tenant/receipts`, headers: { cookie }, payload: { enabled } });
const money = (path: string, payload: Record<string, unknown>, key = idempotencyKey()) =>
  ctx.app.inject({ method: 'POST', url: `/api/t/${t.slug}/transactions/${path}`, headers: { cookie: t.cookie, ...key }, payload });
const receipts = async () =>
  rowsOf<{ to_address: string; subject: string }>(
    await ctx.db.execute(sql`select to_address, subject from outbox where kind = 'receipt' order by created_at, subject`),
  );
const send = async () => smtp.dispatch(ctx.db, NOW);
const receiptsEnabled = async () => (await ctx.db.select({ on: tenants.receiptsEnabled }).from(tenants).where(eq(tenants.id, t.tenant.id)))[0].on;

describe('PUT /tenant/receipts', () => {
  it('is off by default and turned on and off by the Store Admin, audited, and shown in the tenant view', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/tenant`, headers: { cookie: t.cookie } })).json().receiptsEnabled).toBe(false);
    const on = await setReceipts(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().receiptsEnabled).toBe(true);
    expect(await receiptsEnabled()).toBe(true);
    const off = await setReceipts(false);
    expect(off.json().receiptsEnabled).toBe(false);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, t.tenant.id), eq(auditLog.action, 'tenant.receipts.update')));
    expect(audit.map((a) => a.after)).toEqual(expect.arrayContaining([{ receiptsEnabled: true }, { receiptsEnabled: false }]));
  });

  it('refuses a value that is not a boolean (400, nothing written), a cashier (403) and another tenant (404)', async () => {
    const bad = await setReceipts('yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    expect(await receiptsEnabled()).toBe(false);
    expect((await setReceipts(true, s.cashier, 'demo')).statusCode).toBe(403);
    expect((await setReceipts(true, s.admin, t.slug)).statusCode).toBe(404);
    expect(await receiptsEnabled()).toBe(false);
  });
});

describe('receipts after earn, redeem and refund', () => {
  it('writes none while the setting is off', async () => {
    await setReceipts(false);
    expect((await money('earn', { cardUid: t.cardUid, amountCents: 1000, category: 'PURCHASE' })).statusCode).toBe(200);
    expect(await receipts()).toEqual([]);
  });

  it('sends one receipt per movement, with the amounts, the balance after, the store, the local time and an unsubscribe', async () => {
    await setReceipts(true);
    const before = nudges;
    const key = idempotencyKey();
    const earn = await money('earn', { cardUid: t.cardUid, amountCents: 10_000, category: 'PURCHASE' }, key);
    expect(earn.statusCode, earn.body).toBe(200);
    const { cashbackEarned, newBalance, transactionId } = earn.json();
    expect(cashbackEarned).toBeGreaterThan(0);
    expect(nudges).toBe(before + 1);
    // A replay moves nothing and writes no second receipt.
    const replay = await money('earn', { cardUid: t.cardUid, amountCents: 10_000, category: 'PURCHASE' }, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await receipts()).toHaveLength(1);

    expect((await money('redeem', { cardUid: t.cardUid, amountCents: 100 })).statusCode).toBe(200);
    const refund = await money(`${transactionId}/refund`, { amountCents: 5_000, reason: 'Returned' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await receipts()).map((r) => [r.to_address, r.subject])).toEqual(
      expect.arrayContaining([
        ['oscar@example.com', `Your receipt from ${t.tenant.name}`],
        ['oscar@example.com', `You paid with your ${t.tenant.name} card`],
        ['oscar@example.com', `Your refund from ${t.tenant.name}`],
      ]),
    );
    expect(await receipts()).toHaveLength(3);

    expect(await send()).toMatchObject({ sent: 3 });
    const bySubject = new Map(smtp.messages.map((m) => [m.subject, m]));
    const dollars = (c: number) => `$${(c / 100).toFixed(2)}`;
    const purchase = bySubject.get(`Your receipt from ${t.tenant.name}`)!;
    expect(purchase.text).toContain('Thank you for your purchase of $100.00.');
    expect(purchase.text).toContain(dollars(cashbackEarned));
    expect(purchase.text).toContain(dollars(newBalance));
    expect(purchase.text).toContain(t.cardUid);
    expect(purchase.text).toContain(t.store.name);
    expect(purchase.text).toContain('Nov 24, 2026, 10:30'); // 15:30 UTC in New York
    const paid = bySubject.get(`You paid with your ${t.tenant.name} card`)!;
    expect(paid.text).toContain('You paid $1.00 with your card balance.');
    expect(paid.text).toContain(dollars(newBalance - 100));
    const refunded = bySubject.get(`Your refund from ${t.tenant.name}`)!;
    expect(refunded.text).toContain('$50.00 of your purchase was refunded.');
    expect(refunded.text).toContain(dollars(refund.json().clawedBackCents));
    expect(refunded.text).toContain(dollars(refund.json().newBalanceCents));
    const rawHeaders = smtp.raw[0].replace(/\r?\n[ \t]+/g, ' ');
    expect(rawHeaders).toMatch(/^List-Unsubscribe: <http:\/\/localhost:\d+\/api\/unsubscribe\?token=[^>]+>/im);
    expect(rawHeaders).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
  });

  it('writes none to an unsubscribed holder or to one without an e-mail, and the movement still happens', async () => {
    await setReceipts(true);
    await ctx.db.update(customers).set({ emailOptOutAt: NOW }).where(eq(customers.id, t.customer.id));
    expect((await money('earn', { cardUid: t.cardUid, amountCents: 1000, category: 'PURCHASE' })).statusCode).toBe(200);
    await ctx.db.update(customers).set({ email: null, emailOptOutAt: null }).where(eq(customers.id, t.customer.id));
    expect((await money('earn', { cardUid: t.cardUid, amountCents: 1000, category: 'PURCHASE' })).statusCode).toBe(200);
    expect(await receipts()).toEqual([]);
  });

  it('writes none for a refused movement', async () => {
    await setReceipts(true);
    const refused = await money('redeem', { cardUid: t.cardUid, amountCents: 99_999_00 });
    expect(refused.statusCode).toBe(422);
    expect(await receipts()).toEqual([]);
  });
});
