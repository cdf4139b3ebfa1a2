import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicCardResponse } from '@loyalty/contract';
import { createOtherTenant, createTestContext, demoSessions, json, type TestContext } from '../../../test/helpers.ts';
import { signCardToken } from '../cards/index.ts';
import { PUBLIC_CARD_RATE_LIMIT } from './routes.ts';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let other: Awaited<ReturnType<typeof createOtherTenant>>;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  other = await createOtherTenant(ctx.db);
});
afterAll(() => ctx.close());

const token = (uid: string) => signCardToken(ctx.config.qrTokenSecret, uid);
let ipCounter = 0;
/** GET /api/{slug}/c/{uid}; each call comes from its own client IP unless `ip` is given, so the rate limit stays out of the way. */
const lookup = (slug: string, uid: string, query = '', opts: { cookie?: string; ip?: string } = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/${slug}/c/${encodeURIComponent(uid)}${query}`,
    // The client address is the socket's (no proxy is trusted in tests), so vary that.
    remoteAddress: opts.ip ?? `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
const BASIC_KEYS = ['balanceCents', 'cardUid', 'full', 'status', 'tenantName'];

describe('GET /api/{slug}/c/{cardUid}', () => {
  it('with a valid token: holder, customer, store, activation date and the last 5 ledger rows, newest first', async () => {
    const res = await lookup('demo', 'DEM0CARD0001', `?t=${token('DEM0CARD0001')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = json(res);
    expect(PublicCardResponse.parse(body)).toBeTruthy();
    expect(body).toMatchObject({
      cardUid: 'DEM0CARD0001',
      status: 'ACTIVE',
      tenantName: 'Demo Retail Store',
      full: true,
      holderName: 'Jane Customer',
      customer: {
        firstName: 'Jane',
        lastName: 'Customer',
        email: 'customer@demo.com',
        phone: '+1 555 0100',
        tier: expect.stringMatching(/^(SILVER|GOLD|PLATINUM)$/),
      },
      storeName: 'Main Store',
    });
    expect(body.balanceCents).toBeGreaterThan(0);
    expect(Date.parse(body.activatedAt)).not.toBeNaN();
    expect(Object.keys(body.customer).sort()).toEqual(['email', 'firstName', 'lastName', 'phone', 'tier']);
    expect(body.transactions.length).toBeGreaterThan(0);
    expect(body.transactions.length).toBeLessThanOrEqual(5);
    const times = body.transactions.map((t: { createdAt: string }) => Date.parse(t.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const t of body.transactions) {
      expect(Object.keys(t).sort()).toEqual(['amountCents', 'cashbackCents', 'category', 'createdAt', 'id', 'reason', 'type']);
    }
  });

  it('shows exactly 5 rows for a card with a longer history', async () => {
    const body = json(await lookup('demo', 'DEM0CARD0003', `?t=${token('DEM0CARD0003')}`));
    expect(body.full).toBe(true);
    expect(body.transactions).toHaveLength(5);
  });

  it('without a token, or with a wrong one: card number, status, balance and tenant name only', async () => {
    const wrong = [
      '',
      '?t=',
      `?t=${token('DEM0CARD0002')}`, // a valid token of another card
      `?t=${'A'.repeat(22)}`,
      `?t=${token('DEM0CARD0001').slice(0, 21)}`,
      `?t=${token('DEM0CARD0001')}x`,
      `?t=${token('DEM0CARD0001')}&t=${token('DEM0CARD0001')}`, // repeated: not a token
      `?t=${'x'.repeat(500)}`,
    ];
    for (const query of wrong) {
      const res = await lookup('demo', 'DEM0CARD0001', query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      const body = json(res);
      expect(Object.keys(body).sort(), query).toEqual(BASIC_KEYS);
      expect(body).toMatchObject({ cardUid: 'DEM0CARD0001', status: 'ACTIVE', full: false, tenantName: 'Demo Retail Store' });
      expect(res.body).not.toContain('Jane');
      expect(res.body).not.toContain('Main Store');
    }
  });

  it('ignores any session: a signed-in admin without a token gets the basic view', async () => {
    const body = json(await lookup('demo', 'DEM0CARD0001', '', { cookie: s.admin }));
    expect(Object.keys(body).sort()).toEqual(BASIC_KEYS);
  });

  it('normalises the UID in the path; the token is checked against the stored UID', async () => {
    const body = json(await lookup('DEMO', 'dem0-card-0001', `?t=${token('DEM0CARD0001')}`));
    expect(body).toMatchObject({ cardUid: 'DEM0CARD0001', full: true, holderName: 'Jane Customer' });
  });

  it('UNASSIGNED with a valid token: holder and customer null, no history', async () => {
    const body = json(await lookup('demo', 'DEM0CARD0015', `?t=${token('DEM0CARD0015')}`));
    expect(body).toMatchObject({
      cardUid: 'DEM0CARD0015',
      status: 'UNASSIGNED',
      balanceCents: 0,
      full: true,
      holderName: null,
      customer: null,
      transactions: [],
    });
  });

  it('BLOCKED cards answer with their status', async () => {
    expect(json(await lookup('demo', 'DEM0CARD0006'))).toMatchObject({ status: 'BLOCKED', full: false });
    expect(json(await lookup('demo', 'DEM0CARD0006', `?t=${token('DEM0CARD0006')}`))).toMatchObject({
      status: 'BLOCKED',
      full: true,
      holderName: 'Sofia Rossi',
    });
  });

  it("answers 404 'Card not found' for an unknown tenant, an unknown card, and another tenant's card under this slug", async () => {
    const cases = [
      lookup('no-such-tenant', 'DEM0CARD0001', `?t=${token('DEM0CARD0001')}`),
      lookup('demo', 'ZZZZZZZZZZZZ'),
      lookup('demo', other.cardUid, `?t=${token(other.cardUid)}`),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ error: 'Card not found', code: 'NOT_FOUND' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toContain('Oscar');
    }
    const own = json(await lookup(other.tenant.slug, other.cardUid, `?t=${token(other.cardUid)}`));
    expect(own).toMatchObject({ full: true, holderName: 'Oscar Other', balanceCents: 1000, tenantName: other.tenant.name });
  });

  it(`answers 429 RATE_LIMITED after ${PUBLIC_CARD_RATE_LIMIT} lookups a minute from one IP; other IPs are unaffected`, async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < PUBLIC_CARD_RATE_LIMIT; i++) {
      const res = await lookup('demo', i % 2 ? 'DEM0CARD0001' : 'ZZZZZZZZZZZZ', '', { ip });
      expect(res.statusCode, `request ${i + 1}`).toBe(i % 2 ? 200 : 404);
    }
    const limited = await lookup('demo', 'DEM0CARD0001', `?t=${token('DEM0CARD0001')}`, { ip });
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.body).not.toContain('Jane');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await lookup('demo', 'DEM0CARD0001', '', { ip: '203.0.113.8' })).statusCode).toBe(200);
  });
});
