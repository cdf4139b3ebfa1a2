import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../db/schema/index.ts';
import { createTestContext, freshTenant, type TestContext } from '../../test/helpers.ts';

/**
 * GET /metrics in Prometheus text format — requests by route template and
 * status, latency histograms, ledger movements by type (replays not counted) — open outside
 * production, behind METRICS_TOKEN when set, off in production without one.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.update(offers).set({ isActive: false });
});
afterAll(() => ctx.close());

/** The value of the sample `name{labels}` in a Prometheus text exposition (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.indexOf('}'));
    const parts = inside.split(',');
    if (want.every((w) => parts.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('GET /metrics', () => {
  it('counts requests by route template and status, their latency, and ledger movements by type, not replays', async () => {
    const t = await freshTenant(ctx, { balanceCents: 0, idempotencyKeys: true });
    const before = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
    const earn = (key: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/t/${t.slug}/transactions/earn`,
        headers: { cookie: t.cookie, 'idempotency-key': key },
        payload: { cardUid: t.cardUid, amountCents: 1000 },
      });
    expect((await earn('metrics-1')).statusCode).toBe(200);
    const replay = await earn('metrics-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await earn('metrics-2')).statusCode).toBe(200);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/t/${t.slug}/transactions/earn`,
      headers: { cookie: t.cookie, 'idempotency-key': 'metrics-3' },
      payload: { cardUid: t.cardUid, amountCents: -5 },
    });
    expect(bad.statusCode).toBe(400);

    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const route = '/api/t/:slug/transactions/earn';
    const delta = (name: string, labels: Record<string, string>) => sample(res.body, name, labels) - sample(before, name, labels);
    expect(delta('http_requests_total', { method: 'POST', route, status_code: '200' })).toBe(3);
    expect(delta('http_requests_total', { method: 'POST', route, status_code: '400' })).toBe(1);
    expect(delta('http_request_duration_seconds_count', { method: 'POST', route, status_code: '200' })).toBe(3);
    expect(delta('http_request_duration_seconds_bucket', { method: 'POST', route, status_code: '200', le: '+Inf' })).toBe(3);
    expect(delta('ledger_movements_total', { type: 'EARN' })).toBe(2);
    expect(res.body).toContain('# TYPE job_queue_depth gauge');
    expect(res.body).toContain('# TYPE db_pool_connections gauge');
    expect(res.body).toContain('process_cpu_seconds_total');
    // The expiry job reports what it wrote.
    ctx.app.metrics.countLedger('EXPIRE', 4);
    expect(sample((await ctx.app.inject({ method: 'GET', url: '/metrics' })).body, 'ledger_movements_total', { type: 'EXPIRE' })).toBe(4);
  });

  it('asks for the METRICS_TOKEN bearer when one is set', async () => {
    const token = 'm'.repeat(40);
    const other = await createTestContext({ METRICS_TOKEN: token });
    try {
      const none = await other.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer');
      expect((await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${'x'.repeat(40)}` } })).statusCode).toBe(401);
      const ok = await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('# TYPE http_requests_total counter');
    } finally {
      await other.close();
    }
  });

  it('is off in production without METRICS_TOKEN, and a short token stops start-up', async () => {
    const { loadConfig } = await import('../config.ts');
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://cards.example.com', QR_TOKEN_SECRET: 'q'.repeat(48), PAYMENT_PROVIDER: 'demo' };
    const other = await createTestContext();
    try {
      const { buildApp } = await import('../app.ts');
      const app = await buildApp({
        config: { ...loadConfig({ ...production, DATA_DIR: 'memory://' } as NodeJS.ProcessEnv), databaseUrl: other.databaseUrl },
        handle: other.handle,
        logger: false,
        webDist: null,
      });
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      await app.close();
    } finally {
      await other.close();
    }
    expect(() => loadConfig({ ...production, METRICS_TOKEN: 'short' } as NodeJS.ProcessEnv)).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
  });
});
