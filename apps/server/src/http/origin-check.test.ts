import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestContext, json, loginAs, type TestContext } from '../../test/helpers.ts';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../test/fake-stripe.ts';
import { allowedOrigins, originOf } from './origin-check.ts';

/**
 * The server-side Origin check: a state-changing request that says it comes
 * from a page of another origin (Origin, or without it Referer) answers 403 before anything
 * runs; requests naming no origin, safe methods and the Stripe webhook pass.
 */
const REFUSED = { error: 'Cross-origin request refused', code: 'FORBIDDEN' };
const EVIL = 'https://evil.example';

describe('development and test configuration (PUBLIC_URL http://localhost:3000)', () => {
  let ctx: TestContext;
  let owner: string;
  let self: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await loginAs(ctx.app, 'admin@demo.com', 'DemoAdmin123!');
    self = new URL(ctx.config.publicUrl).origin;
  });
  afterAll(() => ctx.close());

  const createCustomer = (headers: Record<string, string>, lastName: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/t/demo/customers',
      headers: { cookie: owner, ...headers },
      payload: { firstName: 'Origin', lastName },
    });

  it("refuses a POST from another site's page with the owner's cookie, and writes nothing", async () => {
    const before = await countRows(ctx.db, 'customers');
    const res = await createCustomer({ origin: EVIL }, 'Evil');
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual(REFUSED);
    expect(await countRows(ctx.db, 'customers')).toBe(before);
  });

  it('refuses a foreign Referer when there is no Origin', async () => {
    const before = await countRows(ctx.db, 'customers');
    const res = await createCustomer({ referer: `${EVIL}/page?x=1` }, 'Referer');
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual(REFUSED);
    expect(await countRows(ctx.db, 'customers')).toBe(before);
  });

  it("refuses 'Origin: null', a look-alike host, another port and another scheme", async () => {
    for (const origin of ['null', 'http://localhost.evil.example:3000', 'http://localhost:3001', 'https://localhost:3000', 'garbage']) {
      const res = await createCustomer({ origin }, 'Variant');
      expect(res.statusCode, origin).toBe(403);
    }
  });

  it('the Origin header decides when both are sent', async () => {
    const res = await createCustomer({ origin: EVIL, referer: `${self}/t/demo/customers` }, 'Both');
    expect(res.statusCode).toBe(403);
  });

  it('accepts the own origin (also in upper case), the loopback equivalents and the Vite dev server', async () => {
    const before = await countRows(ctx.db, 'customers');
    const origins = [self, 'HTTP://LOCALHOST:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:5173', 'http://127.0.0.1:5173'];
    for (const origin of origins) {
      const res = await createCustomer({ origin }, 'Allowed');
      expect(res.statusCode, origin).toBe(201);
    }
    const viaReferer = await createCustomer({ referer: `${self}/t/demo/customers` }, 'Referer');
    expect(viaReferer.statusCode).toBe(201);
    expect(await countRows(ctx.db, 'customers')).toBe(before + origins.length + 1);
  });

  it('accepts a request naming no origin at all (curl, integrations)', async () => {
    const res = await createCustomer({}, 'Curl');
    expect(res.statusCode).toBe(201);
  });

  it('lets GET through whatever the Origin', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/t/demo/customers', headers: { cookie: owner, origin: EVIL } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses before the body is parsed and before routing: a broken body and an unknown route answer 403', async () => {
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/t/demo/customers',
      headers: { cookie: owner, origin: EVIL, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(broken.statusCode).toBe(403);
    expect(json(broken)).toEqual(REFUSED);
    const unknown = await ctx.app.inject({ method: 'DELETE', url: '/api/no-such-route', headers: { origin: EVIL } });
    expect(unknown.statusCode).toBe(403);
  });

  it('checks PUT, PATCH and DELETE too, and the customer is left as it was', async () => {
    const created = json(await createCustomer({}, 'Keep'));
    const url = `/api/t/demo/customers/${created.id}`;
    const put = await ctx.app.inject({ method: 'PUT', url, headers: { cookie: owner, origin: EVIL }, payload: { firstName: 'X', lastName: 'Y' } });
    expect(put.statusCode).toBe(403);
    const del = await ctx.app.inject({ method: 'DELETE', url, headers: { cookie: owner, origin: EVIL } });
    expect(del.statusCode).toBe(403);
    const patch = await ctx.app.inject({ method: 'PATCH', url, headers: { cookie: owner, origin: EVIL } });
    expect(patch.statusCode).toBe(403);
    const after = await ctx.app.inject({ method: 'GET', url, headers: { cookie: owner } });
    expect(after.statusCode).toBe(200);
    expect(json(after)).toMatchObject({ firstName: 'Origin', lastName: 'Keep' });
  });

  it('refuses a cross-origin sign-in (nothing runs for it)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: EVIL },
      payload: { email: 'admin@demo.com', password: 'DemoAdmin123!' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });
});

describe('the Stripe webhook is exempt', () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  beforeAll(async () => {
    fake = await startFakeStripe();
    ctx = await createTestContext(stripeEnv(fake));
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it('answers its own signature error, not the Origin refusal', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad', origin: EVIL },
      payload: JSON.stringify({ id: 'evt_1', type: 'invoice.paid' }),
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: 'Invalid signature', code: 'VALIDATION_ERROR' });
  });
});

describe('production (PUBLIC_URL https://cards.example.com)', () => {
  let ctx: TestContext;
  let owner: string;
  beforeAll(async () => {
    ctx = await createTestContext({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://cards.example.com',
      QR_TOKEN_SECRET: 'x'.repeat(40),
      PAYMENT_PROVIDER: 'demo',
    });
    owner = await loginAs(ctx.app, 'admin@demo.com', 'DemoAdmin123!');
  });
  afterAll(() => ctx.close());

  const post = (origin: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/t/demo/customers', headers: { cookie: owner, origin }, payload: { firstName: 'Prod', lastName: 'Origin' } });

  it('accepts https://cards.example.com (also written with its default port)', async () => {
    expect((await post('https://cards.example.com')).statusCode).toBe(201);
    expect((await post('https://Cards.Example.com:443')).statusCode).toBe(201);
  });

  it('refuses the dev server, the loopback names and plain http', async () => {
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:5173',
      'https://localhost',
      'http://cards.example.com',
      'https://shop.cards.example.com',
    ]) {
      const res = await post(origin);
      expect(res.statusCode, origin).toBe(403);
      expect(json(res)).toEqual(REFUSED);
    }
  });
});

describe('origin helpers', () => {
  it('originOf normalises with WHATWG rules and rejects what is no http(s) origin', () => {
    expect(originOf('HTTPS://Cards.Example.COM:443/path?q#h')).toBe('https://cards.example.com');
    expect(originOf('http://localhost:80')).toBe('http://localhost');
    expect(originOf('null')).toBeNull();
    expect(originOf('https://a.example, https://b.example')).toBeNull();
    expect(originOf('file:///etc/passwd')).toBeNull();
  });

  it('allowedOrigins: production is PUBLIC_URL alone; development adds loopback and Vite', () => {
    expect([...allowedOrigins({ env: 'production', publicUrl: 'https://cards.example.com/base' })]).toEqual(['https://cards.example.com']);
    const dev = allowedOrigins({ env: 'development', publicUrl: 'http://localhost:3000' });
    for (const o of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:5173', 'http://127.0.0.1:5173'])
      expect(dev.has(o), o).toBe(true);
    expect(dev.has('http://localhost:3001')).toBe(false);
  });
});
