import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { OutboxListResponse, OutboxMessage } from '@loyalty/contract';
import { createTestContext, demoSessions, type TestContext } from '../../../test/helpers.ts';
import { clearOutbox, startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { rowsOf } from '../../lib/sql.ts';
import { getPlatformSettings } from '../settings/index.ts';
import { currentMailer } from './mailer.ts';
import { dispatchOutbox, FIRST_RETRY_MS, NO_SMTP } from './dispatch-outbox.ts';
import { enqueueEmail, RETRY_WINDOW_MS } from './enqueue-email.ts';

/**
 * The e-mail outbox (docs/product.md 'E-mail', ADR 0018): messages written by enqueueEmail are sent by
 * dispatchOutbox to a real SMTP server in this process, retried with exponential back-off when
 * refused, given up after 24 hours, sent once however many workers run, kept as NOT_SENT
 * without SMTP; the operator's Outbox lists them, shows one and sends it again.
 */
let ctx: TestContext;
let smtp: TestSmtp;
let s: Awaited<ReturnType<typeof demoSessions>>;
const settings = () => ({ smtpUrl: smtp.url, smtpFrom: 'no-reply@loyalty.test', publicUrl: 'http://localhost' });

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startTestSmtp();
  s = await demoSessions(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.reset();
  smtp.refuseNext(0);
  await clearOutbox(ctx.db);
});

const write = (to: string, now: Date, extra: { dedupeKey?: string; kind?: string } = {}) =>
  enqueueEmail(ctx.db, { tenantId: null, kind: extra.kind ?? 'test', to, subject: `Hello ${to}`, html: `<p>Hi ${to}</p>`, text: `Hi ${to}`, now, ...extra });
const state = async () =>
  rowsOf<{ to_address: string; status: string; attempts: number; last_error: string | null }>(
    await ctx.db.execute(sql`select to_address, status, attempts, last_error from outbox order by to_address`),
  );
const get = (url: string, cookie = s.platform) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const resend = (id: string, cookie = s.platform) =>
  ctx.app.inject({ method: 'POST', url: `/api/platform/outbox/${id}/resend`, headers: cookie ? { cookie } : {} });

describe('dispatchOutbox', () => {
  it('retries a refused message with growing waits and sends it when the server accepts, recording every attempt', async () => {
    const t0 = new Date();
    const id = (await write('retry@example.com', t0))!;
    smtp.refuseNext(2);
    const mailer = await currentMailer(ctx.db, settings());
    expect(await dispatchOutbox(ctx.db, mailer, t0)).toEqual({ sent: 0, failed: 1, notSent: 0 });
    expect(await state()).toMatchObject([{ status: 'PENDING', attempts: 1 }]);
    expect((await state())[0].last_error).toContain('mailbox busy');
    // Not due yet: the first retry waits 30 s.
    expect(await dispatchOutbox(ctx.db, mailer, new Date(t0.getTime() + FIRST_RETRY_MS - 1000))).toEqual({ sent: 0, failed: 0, notSent: 0 });
    expect(await dispatchOutbox(ctx.db, mailer, new Date(t0.getTime() + FIRST_RETRY_MS))).toEqual({ sent: 0, failed: 1, notSent: 0 });
    // The second retry waits twice as long.
    expect(await dispatchOutbox(ctx.db, mailer, new Date(t0.getTime() + FIRST_RETRY_MS * 2))).toEqual({ sent: 0, failed: 0, notSent: 0 });
    expect(await dispatchOutbox(ctx.db, mailer, new Date(t0.getTime() + FIRST_RETRY_MS * 3))).toEqual({ sent: 1, failed: 0, notSent: 0 });
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Hello retry@example.com']);
    const detail = (await get(`/api/platform/outbox/${id}`)).json() as OutboxMessage;
    expect(detail.status).toBe('SENT');
    expect(detail.attemptLog.map((a) => a.ok)).toEqual([false, false, true]);
    expect(detail.attemptLog[0].error).toContain('mailbox busy');
  });

  it('gives up once the next attempt would fall after 24 hours', async () => {
    const t0 = new Date();
    await write('never@example.com', t0);
    smtp.refuseNext(1000);
    const mailer = await currentMailer(ctx.db, settings());
    let at = t0;
    for (let i = 0; i < 40 && (await state())[0].status === 'PENDING'; i++) {
      await dispatchOutbox(ctx.db, mailer, at);
      at = new Date(at.getTime() + 2 * 60 * 60 * 1000);
    }
    const [row] = await state();
    expect(row.status).toBe('FAILED');
    expect(at.getTime() - t0.getTime()).toBeLessThanOrEqual(RETRY_WINDOW_MS + 4 * 60 * 60 * 1000);
    expect(smtp.messages).toEqual([]);
  });

  it('sends each message once when two workers run at the same time', async () => {
    const now = new Date();
    for (let i = 0; i < 12; i++) await write(`twice${String(i).padStart(2, '0')}@example.com`, now);
    const mailer = await currentMailer(ctx.db, settings());
    const [a, b] = await Promise.all([dispatchOutbox(ctx.db, mailer, now), dispatchOutbox(ctx.db, mailer, now)]);
    expect(a.sent + b.sent).toBe(12);
    const received = smtp.messages.map((m) => m.subject).sort();
    expect(received.length).toBe(12);
    expect(new Set(received).size).toBe(12);
    expect((await state()).every((r) => r.status === 'SENT')).toBe(true);
  });

  it('keeps messages as NOT_SENT without an SMTP server, and Resend sends one once SMTP is there', async () => {
    const now = new Date();
    const id = (await write('later@example.com', now))!;
    expect(await currentMailer(ctx.db, { smtpUrl: undefined, smtpFrom: undefined, publicUrl: 'http://localhost' })).toBeNull();
    expect(await dispatchOutbox(ctx.db, null, now)).toEqual({ sent: 0, failed: 0, notSent: 1 });
    expect(await state()).toMatchObject([{ status: 'NOT_SENT', last_error: NO_SMTP }]);
    const again = await resend(id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id, status: 'PENDING', lastError: null });
    expect(await dispatchOutbox(ctx.db, await currentMailer(ctx.db, settings()), new Date())).toMatchObject({ sent: 1 });
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Hello later@example.com']);
  });

  it("uses the operator's SMTP settings when SMTP_URL is not set", async () => {
    const before = await getPlatformSettings(ctx.db);
    const port = Number(new URL(smtp.url).port);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/platform/settings',
      headers: { cookie: s.platform },
      payload: { ...before, smtp: { host: '127.0.0.1', port, username: '', password: '', fromEmail: 'cards@demo.test' } },
    });
    expect(put.statusCode, put.body).toBe(200);
    const mailer = await currentMailer(ctx.db, { smtpUrl: undefined, smtpFrom: undefined, publicUrl: 'http://localhost' });
    expect(mailer?.from).toBe('cards@demo.test');
    await write('settings@example.com', new Date());
    expect(await dispatchOutbox(ctx.db, mailer, new Date())).toMatchObject({ sent: 1 });
    expect(smtp.messages[0].from?.text).toBe('cards@demo.test');
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/platform/settings',
      headers: { cookie: s.platform },
      payload: { ...before, smtp: { ...before.smtp, passwordSet: undefined } },
    });
  });

  it('writes a message with a dedupe key once', async () => {
    const now = new Date();
    expect(await write('once@example.com', now, { dedupeKey: 'reminder:card-1:2026-12-01' })).not.toBeNull();
    expect(await write('once@example.com', now, { dedupeKey: 'reminder:card-1:2026-12-01' })).toBeNull();
    expect((await state()).length).toBe(1);
  });
});

describe('GET/POST /api/platform/outbox', () => {
  it('lists newest first with status and recipient filters, 20 a page', async () => {
    const now = Date.now();
    for (let i = 0; i < 23; i++) await write(`list${String(i).padStart(2, '0')}@example.com`, new Date(now + i * 1000));
    await dispatchOutbox(ctx.db, null, new Date(now + 10_500)); // the first 11 become NOT_SENT
    const page1 = (await get('/api/platform/outbox')).json() as OutboxListResponse;
    expect(page1).toMatchObject({ total: 23, page: 1, totalPages: 2 });
    expect(page1.messages.length).toBe(20);
    expect(page1.messages[0].to).toBe('list22@example.com');
    expect((await get('/api/platform/outbox?page=2')).json().messages.length).toBe(3);
    const notSent = (await get('/api/platform/outbox?status=NOT_SENT')).json() as OutboxListResponse;
    expect(notSent.total).toBe(11);
    expect(notSent.messages.every((m) => m.status === 'NOT_SENT' && m.lastError === NO_SMTP)).toBe(true);
    const byTo = (await get('/api/platform/outbox?to=LIST0')).json() as OutboxListResponse;
    expect(byTo.messages.map((m) => m.to).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `list0${i}@example.com`));
    const one = (await get(`/api/platform/outbox/${page1.messages[0].id}`)).json() as OutboxMessage;
    expect(one).toMatchObject({ subject: 'Hello list22@example.com', text: 'Hi list22@example.com', html: '<p>Hi list22@example.com</p>', attemptLog: [] });
  });

  it('answers 400 to a bad filter, 404 to an unknown message, and writes nothing', async () => {
    expect((await get('/api/platform/outbox?status=LOST')).statusCode).toBe(400);
    expect((await get('/api/platform/outbox?page=0')).statusCode).toBe(400);
    expect((await get('/api/platform/outbox/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/platform/outbox/not-an-id')).statusCode).toBe(404);
    expect((await resend('00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  });

  it('is the operator’s only: 401 signed out, 403 to every tenant role, nothing resent', async () => {
    const id = (await write('guarded@example.com', new Date()))!;
    await dispatchOutbox(ctx.db, null, new Date());
    expect((await get('/api/platform/outbox', '')).statusCode).toBe(401);
    for (const cookie of [s.admin, s.cashier, s.customer]) {
      expect((await get('/api/platform/outbox', cookie)).statusCode).toBe(403);
      expect((await get(`/api/platform/outbox/${id}`, cookie)).statusCode).toBe(403);
      expect((await resend(id, cookie)).statusCode).toBe(403);
    }
    expect(await state()).toMatchObject([{ status: 'NOT_SENT' }]);
  });
});
