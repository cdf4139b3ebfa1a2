import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { customers, stores } from '../../db/schema/index.ts';
import { createTestContext, demoSessions, demoTenantId, type TestContext } from '../../../test/helpers.ts';
import { clearOutbox, startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { rowsOf } from '../../lib/sql.ts';
import { unsubscribeToken } from '../customers/index.ts';

/**
 * The welcome message (docs/product.md 'E-mail'): activating a card to a customer with an e-mail writes it to
 * the outbox in the activation's transaction; it reaches the SMTP server with the card, its
 * balance, its public page (with token), its Apple Wallet pass and a one-click unsubscribe (link and RFC 8058
 * headers); an unsubscribed customer, or one without an e-mail, gets nothing; a failed
 * activation writes nothing.
 */
let ctx: TestContext;
let smtp: TestSmtp;
let s: Awaited<ReturnType<typeof demoSessions>>;
let demoId: string;
let mainStoreId: string;
let nudges = 0;

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    {
      jobs: {
        nudge: (kind) => {
          if (kind === 'outbox') nudges++;
        },
      },
    },
  );
  smtp = await startTestSmtp();
  s = await demoSessions(ctx.app);
  demoId = await demoTenantId(ctx.db);
  const [main] = await ctx.db.select().from(stores).where(eq(stores.name, 'Main Store'));
  mainStoreId = main.id;
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.reset();
  await clearOutbox(ctx.db);
});

const activate = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/t/demo/cards/activate', headers: { cookie: s.cashier }, payload });
const welcomes = async () =>
  rowsOf<{ to_address: string; kind: string }>(await ctx.db.execute(sql`select to_address, kind from outbox where kind = 'welcome'`));
const send = async () => smtp.dispatch(ctx.db, new Date());

describe('the welcome message', () => {
  it('reaches a new customer with the card, its balance, its page and a one-click unsubscribe that is then respected', async () => {
    const before = nudges;
    const res = await activate({
      cardUid: 'DEM0CARD0013',
      storeId: mainStoreId,
      customer: { firstName: 'Wendy', lastName: 'Welcome', email: 'Wendy@Example.com' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(nudges).toBe(before + 1);
    expect(await welcomes()).toEqual([{ to_address: 'wendy@example.com', kind: 'welcome' }]);
    expect(await send()).toMatchObject({ sent: 1 });
    const mail = smtp.messages[0];
    expect(mail.subject).toBe('Welcome to Demo Retail Store rewards');
    expect(mail.text).toContain('DEM0CARD0013');
    expect(mail.text).toContain('$0.00');
    const qrUrl = res.json().qrUrl as string;
    expect(mail.html).toContain(qrUrl.replace(/&/g, '&amp;'));
    // The card's page link works as printed on the card.
    const page = new URL(qrUrl);
    expect((await ctx.app.inject({ method: 'GET', url: `/api${page.pathname}${page.search}` })).statusCode).toBe(200);
    // 'Add to Apple Wallet' downloads the card's pass (this install signs passes with its development identity).
    const passUrl = new URL(/<a href="([^"]+\/wallet\/apple\?t=[^"]+)"[^>]*>Add to Apple Wallet<\/a>/.exec(String(mail.html))![1]!.replace(/&amp;/g, '&'));
    expect(passUrl.href).toBe(`${ctx.config.publicUrl}/api${page.pathname}/wallet/apple${page.search}`);
    const pass = await ctx.app.inject({ method: 'GET', url: `${passUrl.pathname}${passUrl.search}` });
    expect([pass.statusCode, pass.headers['content-type']]).toEqual([200, 'application/vnd.apple.pkpass']);
    // RFC 8058: the header names the API address; a mail client POSTs the one-click form to it.
    // Long header lines arrive folded (RFC 5322): unfold them before reading.
    const rawHeaders = smtp.raw[0].replace(/\r?\n[ \t]+/g, ' ');
    const header = /^List-Unsubscribe: <([^>]+)>/im.exec(rawHeaders)?.[1];
    expect(header).toMatch(/\/api\/unsubscribe\?token=/);
    expect(rawHeaders).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    expect(mail.text).toMatch(/\/unsubscribe\?token=/);
    const url = new URL(header!);
    const click = await ctx.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode, click.body).toBe(200);
    const [wendy] = await ctx.db.select().from(customers).where(eq(customers.email, 'wendy@example.com'));
    expect(wendy.emailOptOutAt).not.toBeNull();
    // Again: still 200, the first time kept.
    expect((await ctx.app.inject({ method: 'POST', url: `${url.pathname}${url.search}` })).statusCode).toBe(200);
    const [again] = await ctx.db.select().from(customers).where(eq(customers.id, wendy.id));
    expect(again.emailOptOutAt).toEqual(wendy.emailOptOutAt);
  });

  it('is not written for a customer who unsubscribed, nor for one without an e-mail', async () => {
    const [quiet] = await ctx.db
      .insert(customers)
      .values({ tenantId: demoId, firstName: 'Quiet', lastName: 'Customer', email: 'quiet@example.com' })
      .returning();
    const token = unsubscribeToken(ctx.config.qrTokenSecret, demoId, quiet.id);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}`, payload: {} })).statusCode).toBe(200);
    expect((await activate({ cardUid: 'DEM0CARD0014', storeId: mainStoreId, customerId: quiet.id })).statusCode).toBe(200);
    expect((await activate({ cardUid: 'DEM0CARD0015', storeId: mainStoreId, customer: { firstName: 'No', lastName: 'Mail' } })).statusCode).toBe(200);
    expect(await welcomes()).toEqual([]);
  });

  it('is not written when the activation fails', async () => {
    const res = await activate({
      cardUid: 'DEM0CARD0013',
      storeId: mainStoreId,
      customer: { firstName: 'Late', lastName: 'Comer', email: 'late@example.com' },
    });
    expect(res.statusCode).toBe(422);
    expect(await welcomes()).toEqual([]);
  });

  it('refuses a malformed or forged unsubscribe token with 400 and changes nothing', async () => {
    const [c] = await ctx.db.insert(customers).values({ tenantId: demoId, firstName: 'Forged', lastName: 'Link', email: 'forged@example.com' }).returning();
    const good = unsubscribeToken(ctx.config.qrTokenSecret, demoId, c.id);
    const forged = good.slice(0, -2) + (good.endsWith('AA') ? 'BB' : 'AA');
    for (const token of ['', 'nonsense', forged, unsubscribeToken('another-secret-of-at-least-32-characters', demoId, c.id)]) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${encodeURIComponent(token)}`, payload: {} });
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toMatchObject({ error: 'This unsubscribe link is not valid.' });
    }
    const [after] = await ctx.db.select().from(customers).where(eq(customers.id, c.id));
    expect(after.emailOptOutAt).toBeNull();
  });
});
