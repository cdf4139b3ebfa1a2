import AdmZip from 'adm-zip';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '@loyalty/domain';
import { cards, cashbackLots, walletPasses, walletRegistrations } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';
import { createTestContext, freshTenant, json, type TestContext } from '../../../test/helpers.ts';
import { creditCard, expireCashback } from '../ledger/index.ts';
import { DEVICE_RATE_LIMIT } from './web-service-routes.ts';

/**
 * Apple's PassKit web service under /api/wallet/apple (ADR 0046), case by case as Apple
 * specifies it, and a pass that follows its card through every kind of movement.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const BASE = '/api/wallet/apple/v1';

/** A fresh business with a card holding `balanceCents`, and a pass of that card as a phone holds it. */
async function passHolder(balanceCents = 2000) {
  const t = await freshTenant(ctx, { balanceCents, idempotencyKeys: true });
  const res = await t.req('GET', `cards/${t.cardUid}/wallet/apple`);
  expect(res.statusCode, res.body).toBe(200);
  const pass = JSON.parse(new AdmZip(res.rawPayload).readAsText('pass.json'));
  const auth = { authorization: `ApplePass ${pass.authenticationToken}` };
  const passPath = `${pass.passTypeIdentifier}/${pass.serialNumber}`;
  return { t, pass, auth, passPath };
}

let device = 0;
const newDevice = () => `device${++device}${Date.now()}`;
const send = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const registrations = async () => rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from wallet_registrations`))[0]!.n;

/** The pass Apple would fetch now: its pass.json, or the status when not 200. */
async function fetchPass(passPath: string, headers: Record<string, string>) {
  const res = await send('GET', `${BASE}/passes/${passPath}`, headers);
  return { res, pass: res.statusCode === 200 ? JSON.parse(new AdmZip(res.rawPayload).readAsText('pass.json')) : null };
}
const balanceOf = async (cardId: string) => (await ctx.db.select({ b: cards.balanceCents }).from(cards).where(eq(cards.id, cardId)))[0]!.b;

describe('POST and DELETE /v1/devices/{device}/registrations/{passType}/{serial}', () => {
  it('registers (201), registers again with a new push token (200), and unregisters (200)', async () => {
    const { t, auth, passPath } = await passHolder();
    const id = newDevice();
    const url = `${BASE}/devices/${id}/registrations/${passPath}`;
    expect((await send('POST', url, auth, { pushToken: 'token-1' })).statusCode).toBe(201);
    expect((await send('POST', url, auth, { pushToken: 'token-2' })).statusCode).toBe(200);
    const rows = await ctx.db.select().from(walletRegistrations).where(eq(walletRegistrations.deviceLibraryIdentifier, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenantId: t.tenant.id, pushToken: 'token-2' });
    expect((await send('DELETE', url, auth)).statusCode).toBe(200);
    expect(await ctx.db.select().from(walletRegistrations).where(eq(walletRegistrations.deviceLibraryIdentifier, id))).toEqual([]);
  });

  it('answers 401 without the pass token or with a wrong one, 404 for an unknown pass, 400 without a push token: nothing written', async () => {
    const { pass, auth, passPath } = await passHolder();
    const other = await passHolder();
    const url = `${BASE}/devices/${newDevice()}/registrations/${passPath}`;
    const before = await registrations();
    expect((await send('POST', url, {}, { pushToken: 'x' })).statusCode).toBe(401);
    expect((await send('POST', url, { authorization: `ApplePass ${'A'.repeat(32)}` }, { pushToken: 'x' })).statusCode).toBe(401);
    // Another pass's token does not open this one.
    expect((await send('POST', url, other.auth, { pushToken: 'x' })).statusCode).toBe(401);
    expect((await send('POST', url, { authorization: `Bearer ${pass.authenticationToken}` }, { pushToken: 'x' })).statusCode).toBe(401);
    const unknown = await send('POST', `${BASE}/devices/d/registrations/${pass.passTypeIdentifier}/${'0'.repeat(32)}`, auth, { pushToken: 'x' });
    expect([unknown.statusCode, json(unknown).error]).toEqual([404, 'Pass not found']);
    expect((await send('POST', `${BASE}/devices/d/registrations/pass.com.example.other/${pass.serialNumber}`, auth, { pushToken: 'x' })).statusCode).toBe(404);
    expect((await send('POST', url, auth, {})).statusCode).toBe(400);
    // A device identifier the database cannot hold is refused before anything reads with it.
    for (const method of ['POST', 'DELETE'] as const) {
      const nul = await send(method, `${BASE}/devices/%00/registrations/${passPath}`, auth, method === 'POST' ? { pushToken: 'x' } : undefined);
      expect([nul.statusCode, json(nul).code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect((await send('DELETE', url, other.auth)).statusCode).toBe(401);
    expect(await registrations()).toBe(before);
  });

  it(`answers 429 with Retry-After beyond ${DEVICE_RATE_LIMIT} registration requests a minute from one device`, async () => {
    const { auth, passPath } = await passHolder();
    const url = `${BASE}/devices/${newDevice()}/registrations/${passPath}`;
    for (let i = 0; i < DEVICE_RATE_LIMIT; i++) expect((await send('POST', url, auth, { pushToken: `t${i}` })).statusCode).toBeLessThan(300);
    const limited = await send('POST', url, auth, { pushToken: 'late' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('GET /v1/devices/{device}/registrations/{passType}?passesUpdatedSince=', () => {
  it('lists the registered passes, then only those changed after the tag, 204 when none; unknown devices get 204', async () => {
    const a = await passHolder();
    const b = await passHolder();
    const id = newDevice();
    for (const h of [a, b]) expect((await send('POST', `${BASE}/devices/${id}/registrations/${h.passPath}`, h.auth, { pushToken: 'p' })).statusCode).toBe(201);
    const list = `${BASE}/devices/${id}/registrations/${a.pass.passTypeIdentifier}`;
    const all = await send('GET', list);
    expect(all.statusCode).toBe(200);
    expect(json(all).serialNumbers).toEqual([a.pass.serialNumber, b.pass.serialNumber].sort());
    const tag = json(all).lastUpdated as string;
    expect(tag).toMatch(/^\d+$/);
    expect((await send('GET', `${list}?passesUpdatedSince=${tag}`)).statusCode).toBe(204);

    // An earn on a's card changes what its pass shows: only a is listed, with a newer tag.
    const earn = await a.t.req('POST', 'transactions/earn', { cardUid: a.t.cardUid, amountCents: 1000 });
    expect(earn.statusCode, earn.body).toBe(200);
    const changed = await send('GET', `${list}?passesUpdatedSince=${tag}`);
    expect(changed.statusCode).toBe(200);
    expect(json(changed).serialNumbers).toEqual([a.pass.serialNumber]);
    expect(Number(json(changed).lastUpdated)).toBeGreaterThan(Number(tag));
    expect((await send('GET', `${list}?passesUpdatedSince=${json(changed).lastUpdated}`)).statusCode).toBe(204);

    // The holder's tier changes what b shows.
    await ctx.db.execute(sql`update customers set tier = 'PLATINUM' where id = ${b.t.customer.id}`);
    expect(json(await send('GET', `${list}?passesUpdatedSince=${json(changed).lastUpdated}`)).serialNumbers).toEqual([b.pass.serialNumber]);

    expect((await send('GET', `${BASE}/devices/${newDevice()}/registrations/${a.pass.passTypeIdentifier}`)).statusCode).toBe(204);
    expect((await send('GET', `${BASE}/devices/${id}/registrations/pass.com.example.other`)).statusCode).toBe(204);
  });
});

describe('GET /v1/passes/{passType}/{serial}', () => {
  it('answers the pass signed anew with the same serial and token and Last-Modified; 304 when unchanged; 401 and 404 as the registration', async () => {
    const { t, pass, auth, passPath } = await passHolder(2000);
    const first = await fetchPass(passPath, auth);
    expect(first.res.statusCode).toBe(200);
    expect(first.res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(first.pass).toMatchObject({ serialNumber: pass.serialNumber, authenticationToken: pass.authenticationToken });
    const lastModified = first.res.headers['last-modified'] as string;
    expect(new Date(lastModified).getTime()).not.toBeNaN();
    const unchanged = await send('GET', `${BASE}/passes/${passPath}`, { ...auth, 'if-modified-since': lastModified });
    expect([unchanged.statusCode, unchanged.body]).toEqual([304, '']);

    // A change a second later: the pass is sent again.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await t.req('POST', `cards/${t.cardUid}/adjust`, { deltaCents: 150, reason: 'Goodwill' })).statusCode).toBe(200);
    const after = await fetchPass(passPath, { ...auth, 'if-modified-since': lastModified });
    expect(after.res.statusCode).toBe(200);
    expect(after.pass.storeCard.headerFields[0].value).toBe('$21.50');

    expect((await fetchPass(passPath, {})).res.statusCode).toBe(401);
    expect((await fetchPass(passPath, { authorization: 'ApplePass wrong-token-of-enough-length' })).res.statusCode).toBe(401);
    expect((await fetchPass(`${pass.passTypeIdentifier}/${'f'.repeat(32)}`, auth)).res.statusCode).toBe(404);
  });

  it("shows the card's balance after every kind of movement: earn, redeem, refund, void, adjust, add funds and expiry", async () => {
    const { t, auth, passPath } = await passHolder(5000);
    const shown = async () => (await fetchPass(passPath, auth)).pass.storeCard.headerFields[0].value as string;
    const expectShownEqualsBalance = async (step: string) => expect(await shown(), step).toBe(formatCents(await balanceOf(t.card.id)));

    const earn = json(await t.req('POST', 'transactions/earn', { cardUid: t.cardUid, amountCents: 10_000 }));
    await expectShownEqualsBalance('earn');
    const redeem = json(await t.req('POST', 'transactions/redeem', { cardUid: t.cardUid, amountCents: 700 }));
    await expectShownEqualsBalance('redeem');
    expect((await t.req('POST', `transactions/${earn.transactionId}/refund`, { amountCents: 4000 })).statusCode).toBe(200);
    await expectShownEqualsBalance('refund');
    expect((await t.req('POST', `transactions/${redeem.transactionId}/void`, { reason: 'Wrong card' })).statusCode).toBe(200);
    await expectShownEqualsBalance('void');
    expect((await t.req('POST', `cards/${t.cardUid}/adjust`, { deltaCents: -250, reason: 'Correction' })).statusCode).toBe(200);
    await expectShownEqualsBalance('adjust');
    // Add funds: the credit a paid checkout applies.
    const credited = await ctx.db.transaction((tx) =>
      creditCard(tx, { tenantId: t.tenant.id, cardId: t.card.id, customerId: t.customer.id, amountCents: 1234, userId: t.adminId, note: 'Add funds' }),
    );
    expect(credited).toBeNull();
    await expectShownEqualsBalance('add funds');
    // Expiry: every lot due a minute ago.
    const now = new Date();
    await ctx.db
      .update(cashbackLots)
      .set({ expiresAt: new Date(now.getTime() - 60_000) })
      .where(eq(cashbackLots.cardId, t.card.id));
    expect((await expireCashback(ctx.db, now)).cards).toBeGreaterThan(0);
    expect(await balanceOf(t.card.id)).toBe(0);
    await expectShownEqualsBalance('expire');
    const [row] = await ctx.db.select().from(walletPasses).where(eq(walletPasses.cardId, t.card.id));
    expect(row!.updatedAt.getTime()).toBeGreaterThan(row!.createdAt.getTime());
  });
});

describe('POST /v1/log', () => {
  it('takes what devices report (200) and refuses more than 100 lines (400)', async () => {
    const ok: LightMyRequestResponse = await send('POST', `${BASE}/log`, {}, { logs: ['[2026-12-02] Web service error for pass.dev.loyalty.local'] });
    expect(ok.statusCode).toBe(200);
    expect((await send('POST', `${BASE}/log`, {}, { logs: Array.from({ length: 101 }, () => 'x') })).statusCode).toBe(400);
  });
});
