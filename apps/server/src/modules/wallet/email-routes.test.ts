import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WALLET_EMAIL_TEXT } from '@loyalty/contract';
import { auditLog, customers } from '../../db/schema/index.ts';
import { renderWalletLinks } from '../../emails/wallet-links.tsx';
import { rowsOf } from '../../lib/sql.ts';
import { createTestContext, freshTenant, json, loginAs, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { clearOutbox, startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { cardQrUrl, verifyCardToken } from '../cards/index.ts';
import { unsubscribeToken } from '../customers/index.ts';
import { WALLET_EMAIL_RATE_LIMIT } from './email-routes.ts';

/**
 * POST /api/t/{slug}/cards/{cardUid}/wallet/email (docs/product.md 'Wallet passes', ADR 0046):
 * staff e-mail a card's holder its wallet links through the outbox, audited; every refusal
 * (bad input, wrong role, another tenant's card, no holder, blocked card, no address, an
 * unsubscribed holder, too many requests) writes nothing.
 */
let ctx: TestContext;
let smtp: TestSmtp;
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
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.reset();
  await clearOutbox(ctx.db);
});

/** The outbox messages of tenant `t`. */
const outboxOf = async (t: FreshTenant) =>
  rowsOf<{ to_address: string; kind: string; subject: string }>(
    await ctx.db.execute(sql`select to_address, kind, subject from outbox where tenant_id = ${t.tenant.id} order by created_at`),
  );
/** The 'card.wallet_email' audit rows of tenant `t`. */
const auditsOf = (t: FreshTenant) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, t.tenant.id), eq(auditLog.action, 'card.wallet_email')));
/** Gives the fresh tenant's card holder an e-mail address; returns it. */
async function giveEmail(t: FreshTenant): Promise<string> {
  const email = `holder-${t.slug}@example.com`;
  await ctx.db.update(customers).set({ email }).where(eq(customers.id, t.customer.id));
  return email;
}
const emailLinks = (t: FreshTenant, cardUid = t.cardUid, who?: string) => t.req('POST', `cards/${cardUid}/wallet/email`, undefined, who);

/** Expects a refusal `status` with `error` and nothing written: no message, no audit row. */
async function expectRefused(t: FreshTenant, res: Awaited<ReturnType<typeof emailLinks>>, status: number, error?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (error) expect(json(res).error).toBe(error);
  expect(await outboxOf(t)).toEqual([]);
  expect(await auditsOf(t)).toEqual([]);
}

describe('POST /cards/{cardUid}/wallet/email', () => {
  it('queues the wallet links to the holder (202), audited; the Apple link downloads the pass and the page link opens the card', async () => {
    const t = await freshTenant(ctx);
    const email = await giveEmail(t);
    const before = nudges;
    const res = await emailLinks(t, t.cardUid.toLowerCase());
    expect(res.statusCode, res.body).toBe(202);
    expect(json(res)).toEqual({ sentTo: email });
    expect(nudges).toBe(before + 1);
    const subject = `Your ${t.tenant.name} card in your phone's wallet`;
    expect(await outboxOf(t)).toEqual([{ to_address: email, kind: 'wallet_links', subject }]);
    const [audit] = await auditsOf(t);
    expect(audit).toMatchObject({ userId: t.adminId, entity: 'card', entityId: t.cardUid, before: null, after: { email, applePass: true } });

    expect(await smtp.dispatch(ctx.db, new Date())).toMatchObject({ sent: 1 });
    const mail = smtp.messages[0]!;
    expect([mail.subject, mail.to && 'text' in mail.to ? mail.to.text : null]).toEqual([subject, email]);
    const html = String(mail.html);
    // 'Add to Apple Wallet': the public pass download with the card's QR token, in the HTML and the text.
    const href = /<a href="([^"]+)"[^>]*>Add to Apple Wallet<\/a>/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    const passUrl = new URL(href!);
    expect(passUrl.pathname).toBe(`/api/${t.slug}/c/${t.cardUid}/wallet/apple`);
    expect(passUrl.origin).toBe(new URL(ctx.config.publicUrl).origin);
    expect(verifyCardToken(ctx.config.qrTokenSecret, t.cardUid, passUrl.searchParams.get('t'))).toBe(true);
    expect(mail.text).toContain(passUrl.href);
    const pass = await ctx.app.inject({ method: 'GET', url: `${passUrl.pathname}${passUrl.search}` });
    expect([pass.statusCode, pass.headers['content-type']]).toEqual([200, 'application/vnd.apple.pkpass']);
    // The card's public page, as its QR encodes it.
    const pageUrl = cardQrUrl(ctx.config.publicUrl, ctx.config.qrTokenSecret, t.slug, t.cardUid);
    expect(html).toContain(pageUrl.replace(/&/g, '&amp;'));
    expect(mail.text).toContain(pageUrl);
    const page = new URL(pageUrl);
    expect((await ctx.app.inject({ method: 'GET', url: `/api${page.pathname}${page.search}` })).statusCode).toBe(200);
    // A customer message: the one-click unsubscribe (RFC 8058).
    expect(smtp.raw[0]).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    expect(mail.text).toMatch(/\/unsubscribe\?token=/);
  });

  it('lets a cashier of the business send them too, with an empty body', async () => {
    const t = await freshTenant(ctx);
    const email = await giveEmail(t);
    const cashier = { firstName: 'Cara', lastName: 'Cashier', email: `cashier-${t.slug}@example.com`, password: 'Cashier123!', role: 'cashier' };
    expect((await t.req('POST', 'users', { ...cashier, storeId: t.store.id })).statusCode).toBe(201);
    // With an empty JSON body, which the route accepts as no body.
    const res = await t.req('POST', `cards/${t.cardUid}/wallet/email`, {}, await loginAs(ctx.app, cashier.email, cashier.password));
    expect([res.statusCode, json(res)]).toEqual([202, { sentTo: email }]);
    expect(await outboxOf(t)).toHaveLength(1);
  });

  it('answers 400 for a malformed card UID or body, 414 for an overlong UID, 401 signed out and 403 to a customer, and writes nothing', async () => {
    const t = await freshTenant(ctx);
    await giveEmail(t);
    const nul = await emailLinks(t, `${t.cardUid}%00`);
    expect(json(nul).code).toBe('VALIDATION_ERROR');
    await expectRefused(t, nul, 400);
    const url = `/api/t/${t.slug}/cards/${t.cardUid}/wallet/email`;
    const badJson = await ctx.app.inject({ method: 'POST', url, headers: { cookie: t.cookie, 'content-type': 'application/json' }, payload: '{"' });
    await expectRefused(t, badJson, 400);
    // Fastify refuses a path parameter over 100 characters before any route runs.
    await expectRefused(t, await emailLinks(t, 'A'.repeat(201)), 414);
    await expectRefused(t, await emailLinks(t, t.cardUid, ''), 401);
    const customer = await loginAs(ctx.app, 'customer@demo.com', 'DemoCustomer123!');
    const asCustomer = await ctx.app.inject({ method: 'POST', url: '/api/t/demo/cards/DEM0CARD0001/wallet/email', headers: { cookie: customer } });
    expect(asCustomer.statusCode).toBe(403);
    expect(rowsOf(await ctx.db.execute(sql`select 1 from outbox where kind = 'wallet_links'`))).toEqual([]);
  });

  it("answers 404 'Card not found' for an unknown card and for another business's card", async () => {
    const t = await freshTenant(ctx);
    const other = await freshTenant(ctx);
    await giveEmail(other);
    await expectRefused(t, await emailLinks(t, 'ZZZZZZZZZZZZ'), 404, 'Card not found');
    await expectRefused(t, await emailLinks(t, other.cardUid), 404, 'Card not found');
    expect(await outboxOf(other)).toEqual([]);
  });

  it('answers 422 for a card without a holder, a blocked card, a holder without an address and one who unsubscribed, and writes nothing', async () => {
    const t = await freshTenant(ctx);
    const batch = await t.req('POST', 'cards/batch', { count: 1 });
    expect(batch.statusCode, batch.body).toBe(201);
    await expectRefused(t, await emailLinks(t, json(batch).cards[0].cardUid), 422, WALLET_EMAIL_TEXT.noHolder);

    // The fresh tenant's holder has no e-mail address.
    await expectRefused(t, await emailLinks(t), 422, WALLET_EMAIL_TEXT.noEmail);

    await giveEmail(t);
    const token = unsubscribeToken(ctx.config.qrTokenSecret, t.tenant.id, t.customer.id);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}`, payload: {} })).statusCode).toBe(200);
    await expectRefused(t, await emailLinks(t), 422, WALLET_EMAIL_TEXT.optedOut);

    expect((await t.req('POST', `cards/${t.cardUid}/block`)).statusCode).toBe(200);
    await expectRefused(t, await emailLinks(t), 422, WALLET_EMAIL_TEXT.notActive);
  });

  it(`answers 429 with Retry-After beyond ${WALLET_EMAIL_RATE_LIMIT} requests for one card an hour; other cards are not held back`, async () => {
    const t = await freshTenant(ctx);
    await giveEmail(t);
    for (let i = 0; i < WALLET_EMAIL_RATE_LIMIT; i++) expect((await emailLinks(t)).statusCode).toBe(202);
    const limited = await emailLinks(t);
    expect([limited.statusCode, json(limited).code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await outboxOf(t)).toHaveLength(WALLET_EMAIL_RATE_LIMIT);
    expect(await auditsOf(t)).toHaveLength(WALLET_EMAIL_RATE_LIMIT);
    // Another business's card is counted apart.
    const other = await freshTenant(ctx);
    await giveEmail(other);
    expect((await emailLinks(other)).statusCode).toBe(202);
  });
});

describe('the wallet links message', () => {
  const props = {
    businessName: 'Corner Café',
    firstName: 'Ada',
    cardUid: 'ABCD2345EFGH',
    cardUrl: 'https://loyalty.example/corner/c/ABCD2345EFGH?t=token',
    unsubscribeUrl: 'https://loyalty.example/unsubscribe?token=u',
  };

  it('links the Apple Wallet pass and the card page in its HTML and its text', async () => {
    const applePassUrl = 'https://loyalty.example/api/corner/c/ABCD2345EFGH/wallet/apple?t=token';
    const message = await renderWalletLinks({ ...props, applePassUrl });
    expect(message.subject).toBe("Your Corner Café card in your phone's wallet");
    for (const part of [message.html, message.text]) {
      expect(part).toContain('Add to Apple Wallet');
      expect(part).toContain('ABCD2345EFGH');
    }
    expect(message.html).toContain(`href="${applePassUrl}"`);
    expect(message.html).toContain(`href="${props.cardUrl}"`);
    expect(message.text).toContain(applePassUrl);
    expect(message.text).toContain(props.cardUrl);
    expect(message.text).toContain(props.unsubscribeUrl);
  });

  it('has no Apple Wallet link where the install issues no Apple passes, and still the card page', async () => {
    const message = await renderWalletLinks(props);
    expect(message.html).not.toContain('Add to Apple Wallet');
    expect(message.text).not.toContain('Add to Apple Wallet');
    expect(message.text).toContain(props.cardUrl);
  });
});
