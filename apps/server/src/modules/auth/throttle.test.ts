import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { platformSettings, users } from '../../db/schema/index.ts';
import { DEACTIVATED_ACCOUNT } from '@loyalty/contract';
import { getPlatformSettings } from '../settings/index.ts';
import { createSecondInstance, createTestContext, json, type TestContext } from '../../../test/helpers.ts';
import { COUNTER_BACKENDS } from '../../../test/counter-backends.ts';

/**
 * The login throttle of ADR 0009, through POST /api/auth/login. Client
 * addresses are the inject `remoteAddress` (no proxy is trusted by default). The app's clock
 * is a variable the tests move.
 */

const OWNER = { email: 'admin@demo.com', password: 'DemoAdmin123!' };

/** A clock the tests move by hand. */
function fakeClock(start = Date.parse('2026-11-23T09:00:00Z')) {
  let t = start;
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}

async function setMaxAttempts(ctx: TestContext, n: number) {
  const value = await getPlatformSettings(ctx.db);
  await ctx.db
    .update(platformSettings)
    .set({ value: { ...value, security: { ...value.security, maxLoginAttempts: n } } })
    .where(eq(platformSettings.id, 1));
}

function login(app: FastifyInstance, ip: string, password: string, opts: { email?: string; device?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { email: opts.email ?? OWNER.email, password },
    cookies: opts.device ? { did: opts.device } : {},
  });
}

/** The device cookie a successful login set. */
function deviceOf(res: Awaited<ReturnType<typeof login>>): string {
  const c = res.cookies.find((x) => x.name === 'did');
  if (!c) throw new Error('no device cookie');
  return c.value;
}

describe.each(COUNTER_BACKENDS)('login throttle ($name)', ({ env }) => {
  let ctx: TestContext;
  const clock = fakeClock();
  beforeAll(async () => {
    ctx = await createTestContext(env, { now: clock.now, redisPrefix: `test:${randomUUID()}:` });
  });
  afterAll(() => ctx.close());

  it('failures for the account from 20 addresses do not keep the owner out of a fresh address (the reported lock-out)', async () => {
    await setMaxAttempts(ctx, 10);
    for (let i = 1; i <= 20; i++) expect((await login(ctx.app, `198.51.100.${i}`, 'wrong-guess')).statusCode).toBe(401);
    const owner = await login(ctx.app, '203.0.113.7', OWNER.password);
    expect(owner.statusCode, owner.body).toBe(200);
    clock.advance(24 * 3600_000);
  });

  it('throttles one address after maxLoginAttempts failures for an account, with Retry-After, while other addresses get in', async () => {
    await setMaxAttempts(ctx, 3);
    const ip = '192.0.2.10';
    for (let i = 0; i < 3; i++) expect((await login(ctx.app, ip, 'wrong')).statusCode).toBe(401);
    const held = await login(ctx.app, ip, OWNER.password);
    expect(held.statusCode).toBe(429);
    expect(json(held)).toMatchObject({ code: 'RATE_LIMITED', error: 'Too many failed sign-in attempts. Please try again in 15 minutes.' });
    expect(Number(held.headers['retry-after'])).toBe(900);
    expect(held.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect((await login(ctx.app, '192.0.2.11', OWNER.password)).statusCode).toBe(200);
    clock.advance(15 * 60_000);
    expect((await login(ctx.app, ip, OWNER.password)).statusCode).toBe(200);
    clock.advance(24 * 3600_000);
  });

  it('throttles an address that fails against many accounts (3 × maxLoginAttempts)', async () => {
    await setMaxAttempts(ctx, 3);
    const ip = '192.0.2.20';
    for (let i = 0; i < 9; i++) expect((await login(ctx.app, ip, 'wrong', { email: `victim${i}@example.com` })).statusCode).toBe(401);
    const res = await login(ctx.app, ip, 'DemoCashier123!', { email: 'cashier@demo.com' });
    expect(res.statusCode).toBe(429);
    expect((await login(ctx.app, '192.0.2.21', 'DemoCashier123!', { email: 'cashier@demo.com' })).statusCode).toBe(200);
    clock.advance(24 * 3600_000);
  });

  it('50 wrong passwords sent in parallel from one address get no more tries than 50 in a row', async () => {
    await setMaxAttempts(ctx, 10);
    const burst = (ip: string) => Promise.all(Array.from({ length: 50 }, (_, i) => login(ctx.app, ip, `parallel-${i}`)));
    const parallel = (await burst('192.0.2.30')).map((r) => r.statusCode);
    expect(parallel.filter((c) => c === 401)).toHaveLength(10);
    expect(parallel.filter((c) => c === 429)).toHaveLength(40);
    const inARow: number[] = [];
    for (let i = 0; i < 50; i++) inARow.push((await login(ctx.app, '192.0.2.31', `in-a-row-${i}`)).statusCode);
    expect(inARow.filter((c) => c === 401)).toHaveLength(10);
    clock.advance(24 * 3600_000);
  });

  it('50 wrong passwords sent in parallel from 50 addresses get no more tries at the account than 50 in a row', async () => {
    await setMaxAttempts(ctx, 10); // 30 free a day from new devices, then back-off
    const parallel = (await Promise.all(Array.from({ length: 50 }, (_, i) => login(ctx.app, `10.77.0.${i + 1}`, `parallel-${i}`)))).map((r) => r.statusCode);
    expect(parallel.filter((c) => c === 401)).toHaveLength(30);
    expect(parallel.filter((c) => c === 429)).toHaveLength(20);
    // The owner, on a new device, is held back as after 30 guesses in a row.
    expect((await login(ctx.app, '203.0.113.60', OWNER.password)).statusCode).toBe(429);
    clock.advance(24 * 3600_000);
    const inARow: number[] = [];
    for (let i = 0; i < 50; i++) inARow.push((await login(ctx.app, `10.78.0.${i + 1}`, `in-a-row-${i}`)).statusCode);
    expect(inARow.filter((c) => c === 401)).toHaveLength(30);
    clock.advance(24 * 3600_000);
  });

  it("caps an account's guesses per day with exponential back-off; the owner's own device still gets in, a new one only after the day", async () => {
    await setMaxAttempts(ctx, 3); // back-off after 9 failures a day, none after 30
    const owner = await login(ctx.app, '203.0.113.50', OWNER.password);
    expect(owner.statusCode).toBe(200);
    const device = deviceOf(owner);

    const start = clock.now().getTime();
    let guesses = 0;
    let attacker = 0;
    const waits: number[] = [];
    // Rotating addresses keep guessing, each waiting exactly as long as a 429 says, until
    // the wait runs past an hour: the day's cap.
    for (;;) {
      attacker++;
      const res = await login(ctx.app, `10.${(attacker >> 8) & 255}.${attacker & 255}.1`, `guess-${attacker}`);
      if (res.statusCode === 401) {
        guesses++;
        continue;
      }
      expect(res.statusCode).toBe(429);
      const wait = Number(res.headers['retry-after']);
      waits.push(wait);
      if (wait > 3600) break;
      clock.advance(wait * 1000);
    }
    expect(guesses).toBe(30);
    // Back-off doubled from 1 s to 512 s, then 15 minutes a guess, then the cap until the day's window closes.
    expect(waits.slice(0, 11)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900]);
    expect(waits.slice(10, 21)).toEqual(Array(11).fill(900));
    const capped = waits.at(-1)!;
    expect(clock.now().getTime() - start + capped * 1000).toBeGreaterThanOrEqual(24 * 3600_000);
    expect(clock.now().getTime() - start + capped * 1000).toBeLessThan(24 * 3600_000 + 2000);

    // Capped: a new device with the right password is held back; the owner's own device is not.
    const fresh = await login(ctx.app, '203.0.113.99', OWNER.password);
    expect(fresh.statusCode).toBe(429);
    expect((await login(ctx.app, '203.0.113.98', OWNER.password, { device })).statusCode).toBe(200);
    // When the day's window closes, a new device gets in again.
    clock.advance(capped * 1000);
    expect((await login(ctx.app, '203.0.113.99', OWNER.password)).statusCode).toBe(200);
  });
});

describe('login throttle: the owner device against a running attack', () => {
  let ctx: TestContext;
  const clock = fakeClock();
  beforeAll(async () => {
    ctx = await createTestContext({}, { now: clock.now });
    await setMaxAttempts(ctx, 3);
  });
  afterAll(() => ctx.close());

  it('20 addresses exhaust the account for new devices; the owner on their device from a fresh address signs in', async () => {
    const first = await login(ctx.app, '203.0.113.1', OWNER.password);
    expect(first.statusCode).toBe(200);
    const device = deviceOf(first);
    const codes: number[] = [];
    for (let i = 1; i <= 20; i++) for (let k = 0; k < 3; k++) codes.push((await login(ctx.app, `198.51.100.${i}`, `wrong-${i}-${k}`)).statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(9); // then back-off: every further guess waits
    expect(codes.filter((c) => c === 429)).toHaveLength(51);

    const stranger = await login(ctx.app, '203.0.113.2', OWNER.password);
    expect(stranger.statusCode).toBe(429);
    const ownerBack = await login(ctx.app, '203.0.113.2', OWNER.password, { device });
    expect(ownerBack.statusCode, ownerBack.body).toBe(200);
  });

  it('a device is trusted only for the account that signed in with it, and a wrong password on it is limited too', async () => {
    const cashier = await login(ctx.app, '203.0.113.3', 'DemoCashier123!', { email: 'cashier@demo.com' });
    const device = deviceOf(cashier);
    // The cashier's device does not lift the owner's account ceiling.
    expect((await login(ctx.app, '203.0.113.4', OWNER.password, { device })).statusCode).toBe(429);
    // Three wrong passwords on the trusted device hold that device back (from any address).
    for (let i = 0; i < 3; i++) expect((await login(ctx.app, `203.0.113.${10 + i}`, 'wrong', { email: 'cashier@demo.com', device })).statusCode).toBe(401);
    expect((await login(ctx.app, '203.0.113.20', 'DemoCashier123!', { email: 'cashier@demo.com', device })).statusCode).toBe(429);
  });

  it('a deactivated account given its right password is not counted as a failure', async () => {
    await ctx.db.update(users).set({ active: false }).where(eq(users.email, 'customer@demo.com'));
    for (let i = 0; i < 4; i++) {
      const res = await login(ctx.app, '203.0.113.30', 'DemoCustomer123!', { email: 'customer@demo.com' });
      expect(res.statusCode).toBe(401);
      expect(json(res).error).toBe(DEACTIVATED_ACCOUNT);
    }
    await ctx.db.update(users).set({ active: true }).where(eq(users.email, 'customer@demo.com'));
    expect((await login(ctx.app, '203.0.113.30', 'DemoCustomer123!', { email: 'customer@demo.com' })).statusCode).toBe(200);
  });
});

describe('the device cookie is minted by the server', () => {
  let ctx: TestContext;
  const clock = fakeClock();
  let ownerDevice = '';
  beforeAll(async () => {
    ctx = await createTestContext({}, { now: clock.now });
    await setMaxAttempts(ctx, 3);
  });
  afterAll(() => ctx.close());

  it('never adopts a did cookie the client sends: one planted in the owner’s browser stays a stranger after the owner signs in with it', async () => {
    const planted = 'planted-by-an-attacker-0123456789-abcdefghij';
    const owner = await login(ctx.app, '203.0.113.1', OWNER.password, { device: planted });
    expect(owner.statusCode).toBe(200);
    ownerDevice = deviceOf(owner);
    expect(ownerDevice).not.toBe(planted);
    expect(ownerDevice).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Strangers exhaust the account for new devices (9 free guesses, then back-off).
    for (let i = 1; i <= 12; i++) await login(ctx.app, `198.51.100.${i}`, `wrong-${i}`);
    // The planter's copy of the cookie is no trusted device: it is held back like any stranger.
    expect((await login(ctx.app, '198.51.100.50', OWNER.password, { device: planted })).statusCode).toBe(429);
    const back = await login(ctx.app, '203.0.113.2', OWNER.password, { device: ownerDevice });
    expect(back.statusCode, back.body).toBe(200);
    expect(deviceOf(back)).not.toBe(ownerDevice);
    ownerDevice = deviceOf(back);
  });

  it('a browser shared by two accounts stays trusted for both when either signs in (the token is renewed)', async () => {
    const cashier = await login(ctx.app, '203.0.113.3', 'DemoCashier123!', { email: 'cashier@demo.com', device: ownerDevice });
    expect(cashier.statusCode).toBe(200);
    const shared = deviceOf(cashier);
    expect(shared).not.toBe(ownerDevice);
    // The owner's account is still exhausted for new devices: the renewed cookie gets in, the old one no longer does.
    expect((await login(ctx.app, '203.0.113.4', OWNER.password, { device: ownerDevice })).statusCode).toBe(429);
    expect((await login(ctx.app, '203.0.113.4', OWNER.password, { device: shared })).statusCode).toBe(200);
  });
});

describe('two app instances on one database share the limits', () => {
  let ctx: TestContext;
  let second: Awaited<ReturnType<typeof createSecondInstance>>;
  beforeAll(async () => {
    ctx = await createTestContext({ LOGIN_RATE_LIMIT: '5' });
    second = await createSecondInstance(ctx);
    await setMaxAttempts(ctx, 3);
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

  it('failures through one instance throttle the address on the other', async () => {
    for (let i = 0; i < 3; i++) expect((await login(ctx.app, '192.0.2.80', 'wrong')).statusCode).toBe(401);
    expect((await login(second.app, '192.0.2.80', OWNER.password)).statusCode).toBe(429);
    expect((await login(second.app, '192.0.2.81', OWNER.password)).statusCode).toBe(200);
  });

  it('the per-address request limit reached through one instance holds on the other', async () => {
    for (let i = 0; i < 5; i++) expect((await login(ctx.app, '192.0.2.90', OWNER.password)).statusCode).toBe(200);
    const res = await login(second.app, '192.0.2.90', OWNER.password);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
