import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';
import { freePort, MAIN_ARGS, ROOT } from './processes.ts';

/**
 * Stateless instances: two server processes (main.ts) on one PostgreSQL database,
 * as behind a load balancer. Nothing another instance must see lives in process memory:
 * a session made on one is valid on the other; the same Idempotency-Key through both moves
 * money once; a change of rules through one is used by the other's next earn; a login rate
 * limit reached through one holds on the other. PostgreSQL only (the embedded database is one
 * process's).
 */

const LIMIT = 3;

/** Starts main.ts on `databaseUrl`; resolves with its base URL once /readyz answers 200. */
async function startInstance(databaseUrl: string, children: ChildProcess[]): Promise<string> {
  const port = await freePort();
  const env = { ...process.env };
  for (const k of ['NODE_ENV', 'REDIS_URL', 'PAYMENT_PROVIDER', 'SEED_DEMO']) delete env[k];
  const child = spawn(process.execPath, MAIN_ARGS, {
    cwd: ROOT,
    env: {
      ...env,
      NODE_ENV: 'development',
      SEED_DEMO: '0',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: String(LIMIT),
    },
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`instance exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return base;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`instance did not start: ${stderr}`);
}

const post = (base: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await post(base, '/api/auth/login', { email, password });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))!
    .split(';')[0]!;
}

describe.skipIf(!process.env.DATABASE_URL)('two instances on one database', { timeout: 180_000 }, () => {
  let ctx: TestContext;
  const children: ChildProcess[] = [];
  let a: string;
  let b: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    [a, b] = await Promise.all([startInstance(ctx.databaseUrl!, children), startInstance(ctx.databaseUrl!, children)]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
          }),
      ),
    );
    await ctx.close();
  });

  it('share sessions, idempotency keys, rules and rate limits', async () => {
    // A session made on A works on B.
    const admin = await signIn(a, 'admin@demo.com', 'DemoAdmin123!'); // login 1 of LIMIT from this address
    const me = await fetch(`${b}/api/auth/me`, { headers: { cookie: admin } });
    expect(me.status).toBe(200);
    expect((await me.json()).user).toMatchObject({ email: expect.any(String) });

    // One Idempotency-Key, ten tills, both instances: one movement, one answer.
    const card = async () => (await (await fetch(`${a}/api/t/demo/cards/DEM0CARD0001`, { headers: { cookie: admin } })).json()) as { balanceCents: number };
    const before = (await card()).balanceCents;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(
          i % 2 ? a : b,
          '/api/t/demo/transactions/earn',
          { cardUid: 'DEM0CARD0001', amountCents: 10_000 },
          { cookie: admin, 'idempotency-key': 'two-instances-1' },
        ),
      ),
    );
    const bodies = await Promise.all(
      answers.map(async (r) => ({ status: r.status, body: (await r.json()) as { transactionId?: string; cashbackEarned?: number } })),
    );
    expect(bodies.map((x) => x.status)).toEqual(Array(10).fill(200));
    expect(new Set(bodies.map((x) => x.body.transactionId)).size).toBe(1);
    expect((await card()).balanceCents).toBe(before + bodies[0]!.body.cashbackEarned!);

    // A change of rules through A is used by B's next earn. The rate is the category's base rate
    // plus the bonus of the tier the card holder had before the purchase (docs/product.md 'Cashback').
    const tiers = (await (await fetch(`${a}/api/t/demo/rules/tiers`, { headers: { cookie: admin } })).json()) as {
      rules: { tier: string; baseRateBps: number; isActive: boolean }[];
    };
    const bonus = (tier: string) => tiers.rules.find((r) => r.isActive && r.tier === tier)?.baseRateBps ?? 0;
    const earnOnB = async (key: string) => {
      const res = await post(
        b,
        '/api/t/demo/transactions/earn',
        { cardUid: 'DEM0CARD0001', amountCents: 10_000, category: 'PURCHASE' },
        { cookie: admin, 'idempotency-key': key },
      );
      expect(res.status).toBe(200);
      return (await res.json()) as { rateBps: number; tier: string };
    };
    const first = await earnOnB('two-instances-2');
    const second = await earnOnB('two-instances-3'); // same rules; the holder's tier is now first.tier
    const rules = (await (await fetch(`${a}/api/t/demo/rules/cashback`, { headers: { cookie: admin } })).json()) as {
      rules: { category: string; baseRateBps: number; isActive: boolean }[];
    };
    const purchase = rules.rules.find((r) => r.category === 'PURCHASE')!;
    const put = await fetch(`${a}/api/t/demo/rules/cashback`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: admin },
      body: JSON.stringify({
        rules: rules.rules.map(({ category, baseRateBps, isActive }) => ({
          category,
          baseRateBps: category === 'PURCHASE' ? baseRateBps + 500 : baseRateBps,
          isActive,
        })),
      }),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const third = await earnOnB('two-instances-4'); // the holder's tier before it: second.tier
    expect(third.rateBps - bonus(second.tier)).toBe(second.rateBps - bonus(first.tier) + 500);
    expect(purchase.isActive).toBe(true);

    // The login rate limit (LIMIT a minute per address) counts logins through both.
    for (let i = 1; i < LIMIT; i++) expect((await post(a, '/api/auth/login', { email: 'nobody@demo.com', password: 'wrong-password' })).status).toBe(401);
    const limited = await post(b, '/api/auth/login', { email: 'nobody@demo.com', password: 'wrong-password' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
