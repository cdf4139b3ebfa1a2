#!/usr/bin/env node
/**
 * `npm run bench`: requests through the full HTTP stack against PostgreSQL, 16
 * connections for a fixed duration each, one scenario after the other on one server:
 * - `healthz`: GET /healthz (no session, no database), the HTTP stack's own ceiling;
 * - `tenant`, `card`: signed-in cheap GETs (GET /api/t/demo/tenant, a card lookup by UID);
 * - `earn`, `redeem` (1 cent), `refund` (1 cent of an earlier earn): money routes, each with
 *   its own Idempotency-Key (session cookie, tenant guard, validation, one DB transaction);
 * then, in the same run, pgbench's builtin tpcb-like on the same PostgreSQL with the same
 * number of clients, as the database's own ceiling. Prints requests/s, p50, p99, non-2xx per
 * scenario, the ratios the issue names (money routes to pgbench, cheap GETs to /healthz), and
 * checks the ledger invariant after the load (every card's balance = Σ its ledger deltas).
 * Writes bench/results/earn-<timestamp>.json.
 *
 * Environment: BENCH_PG (admin URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_SECONDS (per scenario, default 15), BENCH_CONNECTIONS (default 16), BENCH_SCENARIOS
 * (comma-separated subset of healthz,tenant,card,earn,earn-limits,redeem,refund; default all but
 * earn-limits, which runs the earn four times alternating velocity limits off and on), BENCH_NODE_FLAGS (node options for
 * the server process only, space-separated, e.g. '--max-semi-space-size=16' to compare a V8 setting).
 */
import { spawn, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { build } from '../scripts/build.mjs';

const ADMIN_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'healthz,tenant,card,earn,redeem,refund').split(',').map((x) => x.trim());
const PORT = 3217;
const stamp = Date.now();
const appDb = `loyalty_bench_${stamp}`;
const pgbenchDb = `loyalty_pgbench_${stamp}`;
const url = (db) => Object.assign(new URL(ADMIN_URL), { pathname: `/${db}` }).toString();

async function admin(sql) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${PORT}/healthz`);
      if (r.ok) return;
    } catch {}
    await sleep(500);
  }
  throw new Error('server did not start');
}

let server;
/** Stops the server's whole process group. */
function stopServer() {
  if (!server) return;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
  server = null;
}
try {
  await admin(`CREATE DATABASE "${appDb}"`);
  await admin(`CREATE DATABASE "${pgbenchDb}"`);
  // The built server, as production runs it (compiled first when missing or stale; ADR 0011).
  await build({ names: ['server'] });
  server = spawn(process.execPath, [...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), 'apps/server/dist/main.js'], {
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: url(appDb),
      SEED_DEMO: '1',
      PORT: String(PORT),
      LOG_LEVEL: 'warn',
      DB_POOL_SIZE: String(CONNECTIONS + 4),
      LOGIN_RATE_LIMIT: '100',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth();
  const login = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'cashier@demo.com', password: 'DemoCashier123!' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  // Sign-in also sets the trusted-device cookie `did`: pick the session's `sid`.
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    .split(';')[0];

  // A till serves many customers: give the demo tenant 200 more ACTIVE cards (setup only,
  // straight in SQL), so that the load spreads over cards as it does in a shop rather than
  // queueing on five row locks.
  const setup = new pg.Client({ connectionString: url(appDb) });
  await setup.connect();
  const { rows: cardRows } = await setup.query(`
    with t as (select id from tenants where slug = 'demo'),
    s as (select st.id from stores st, t where st.tenant_id = t.id order by st.created_at limit 1),
    c as (
      insert into customers (tenant_id, first_name, last_name)
      select t.id, 'Bench', 'Customer ' || g from t, generate_series(1, 200) g returning tenant_id, id
    )
    insert into cards (tenant_id, card_uid, customer_id, store_id, status, activated_at)
    select c.tenant_id, 'BENCH' || lpad(row_number() over ()::text, 7, '0'), c.id, (select id from s), 'ACTIVE', now() from c
    returning card_uid`);
  await setup.end();
  const cardUids = cardRows.map((r) => r.card_uid);

  /** One scenario: `warmup` seconds, then SECONDS measured; `next()` gives each request's path and body. */
  const measure = async (name, { method = 'GET', signedIn = true, money = false, next = () => ({}) }, path, warmup = 3) => {
    const run = (duration) =>
      autocannon({
        url: `http://127.0.0.1:${PORT}${path}`,
        connections: CONNECTIONS,
        duration,
        method,
        headers: { ...(signedIn ? { cookie } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        requests: [
          {
            setupRequest: (req) => {
              const { path: p, body } = next();
              return {
                ...req,
                ...(p ? { path: p } : {}),
                headers: { ...req.headers, ...(money ? { 'idempotency-key': randomUUID() } : {}) },
                ...(body ? { body: JSON.stringify(body) } : {}),
              };
            },
          },
        ],
      });
    await run(warmup);
    const r = await run(SECONDS);
    const row = {
      requestsPerSecond: Math.round(r.requests.average),
      latencyP50ms: r.latency.p50,
      latencyP99ms: r.latency.p99,
      non2xx: r.non2xx + r.errors,
      requests: r.requests.total,
    };
    process.stdout.write(`  ${name}: ${row.requestsPerSecond} req/s, p50 ${row.latencyP50ms} ms, p99 ${row.latencyP99ms} ms, non-2xx ${row.non2xx}\n`);
    return row;
  };

  const results = {};
  let n = 0;
  const card = () => cardUids[n++ % cardUids.length];
  if (SCENARIOS.includes('healthz')) results.healthz = await measure('GET /healthz', { signedIn: false }, '/healthz', 2);
  if (SCENARIOS.includes('tenant')) results.tenant = await measure('GET /api/t/demo/tenant', {}, '/api/t/demo/tenant', 2);
  if (SCENARIOS.includes('card'))
    results.card = await measure(
      'GET /api/t/demo/cards/{uid}',
      { next: () => ({ path: `/api/t/demo/cards/${card()}` }) },
      `/api/t/demo/cards/${cardUids[0]}`,
      2,
    );
  // Each earn on one of the bench's ACTIVE cards: a till serves many customers.
  if (SCENARIOS.includes('earn'))
    results.earn = await measure(
      'POST earn',
      { method: 'POST', money: true, next: () => ({ body: { cardUid: card(), amountCents: 1000 + (n % 500) } }) },
      '/api/t/demo/transactions/earn',
    );
  // Velocity limits off and on, side by side (ADR 0050): four earn runs alternating off, on, off,
  // on; every limit on at values the load never reaches, so each earn pays the check, not a refusal.
  if (SCENARIOS.includes('earn-limits')) {
    const q = new pg.Client({ connectionString: url(appDb) });
    await q.connect();
    const on = {
      cardEarnsPerDay: { enabled: true, count: 1000, action: 'REFUSE' },
      cardEarnAmount: { enabled: true, amountCents: 100_000_000, action: 'REFUSE' },
      cardRedeemPerDay: { enabled: true, amountCents: 100_000_000, action: 'REFUSE' },
      staffRedeemPerDay: { enabled: true, amountCents: 100_000_000, action: 'REFUSE' },
    };
    const runs = { off: [], on: [] };
    for (const mode of ['off', 'on', 'off', 'on']) {
      await q.query(`delete from velocity_limits where tenant_id = (select id from tenants where slug = 'demo')`);
      if (mode === 'on')
        await q.query(`insert into velocity_limits (tenant_id, settings) select id, $1::jsonb from tenants where slug = 'demo'`, [JSON.stringify(on)]);
      runs[mode].push(
        await measure(
          `POST earn, limits ${mode}`,
          { method: 'POST', money: true, next: () => ({ body: { cardUid: card(), amountCents: 1000 + (n % 500) } }) },
          '/api/t/demo/transactions/earn',
        ),
      );
    }
    await q.query(`delete from velocity_limits where tenant_id = (select id from tenants where slug = 'demo')`);
    await q.end();
    const mean = (rows) => rows.reduce((a, r) => a + r.requestsPerSecond, 0) / rows.length;
    results.earnLimits = { off: runs.off, on: runs.on, ratioOnToOff: Number((mean(runs.on) / mean(runs.off)).toFixed(3)) };
    process.stdout.write(`  earn with limits on / off: ${results.earnLimits.ratioOnToOff}\n`);
  }
  if (SCENARIOS.includes('redeem'))
    results.redeem = await measure(
      'POST redeem (1 cent)',
      { method: 'POST', money: true, next: () => ({ body: { cardUid: card(), amountCents: 1 } }) },
      '/api/t/demo/transactions/redeem',
    );
  if (SCENARIOS.includes('refund')) {
    // 1 cent of an earlier earn each time, round the bench cards' earns (set up straight in SQL
    // when the earn scenario did not run: one earn of $100 per bench card).
    const q = new pg.Client({ connectionString: url(appDb) });
    await q.connect();
    let { rows: earns } = await q.query(
      `select t.id from transactions t join cards c on c.id = t.card_id where c.card_uid like 'BENCH%' and t.type = 'EARN' order by t.created_at`,
    );
    await q.end();
    if (!earns.length) {
      for (const uid of cardUids) {
        const r = await fetch(`http://127.0.0.1:${PORT}/api/t/demo/transactions/earn`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'idempotency-key': randomUUID() },
          body: JSON.stringify({ cardUid: uid, amountCents: 10_000 }),
        });
        earns.push({ id: (await r.json()).transactionId });
      }
    }
    let k = 0;
    results.refund = await measure(
      'POST refund (1 cent)',
      { method: 'POST', money: true, next: () => ({ path: `/api/t/demo/transactions/${earns[k++ % earns.length].id}/refund`, body: { amountCents: 1 } }) },
      `/api/t/demo/transactions/${earns[0].id}/refund`,
    );
  }
  const result = results.earn;
  const non2xx = Object.values(results).reduce((a, r) => a + (r.non2xx ?? [...r.off, ...r.on].reduce((b, x) => b + x.non2xx, 0)), 0);

  // Ledger invariant after the load: every card's balance equals the sum of its deltas.
  const check = new pg.Client({ connectionString: url(appDb) });
  await check.connect();
  const { rows } = await check.query(
    `select count(*)::int as bad from cards c where c.balance_cents <> coalesce((select sum(after_balance_cents - before_balance_cents) from transactions t where t.tenant_id = c.tenant_id and t.card_id = c.id), 0)`,
  );
  await check.end();

  stopServer();

  execFileSync('pgbench', ['-i', '-q', '-s', '10', url(pgbenchDb)], { stdio: 'ignore' });
  const out = execFileSync('pgbench', ['-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), url(pgbenchDb)], { encoding: 'utf8' });
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
  const pgLatency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1] ?? NaN);

  const ratio = (a, b) => (results[a] && b ? Number((results[a].requestsPerSecond / b).toFixed(3)) : undefined);
  const figures = {
    date: new Date(stamp).toISOString(),
    machine: { cores: (await import('node:os')).cpus().length, node: process.version },
    connections: CONNECTIONS,
    seconds: SECONDS,
    ...results,
    ...(result ? { earn: { ...result, cardsBreakingLedgerInvariant: rows[0].bad } } : {}),
    cardsBreakingLedgerInvariant: rows[0].bad,
    pgbench: { script: 'tpcb-like (builtin)', scale: 10, clients: CONNECTIONS, tps: Math.round(tps), latencyAverageMs: pgLatency },
    ratioEarnToPgbench: ratio('earn', tps),
    ratioRedeemToPgbench: ratio('redeem', tps),
    ratioRefundToPgbench: ratio('refund', tps),
    ratioTenantToHealthz: ratio('tenant', results.healthz?.requestsPerSecond),
    ratioCardToHealthz: ratio('card', results.healthz?.requestsPerSecond),
  };
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/earn-${new Date(stamp).toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(file, JSON.stringify(figures, null, 2) + '\n');
  process.stdout.write(
    [
      `pgbench tpcb-like: ${figures.pgbench.tps} tps (${CONNECTIONS} clients)`,
      `ratios: earn/pgbench ${figures.ratioEarnToPgbench}, redeem/pgbench ${figures.ratioRedeemToPgbench}, refund/pgbench ${figures.ratioRefundToPgbench}, tenant/healthz ${figures.ratioTenantToHealthz}, card/healthz ${figures.ratioCardToHealthz}`,
      `non-2xx ${non2xx}, ledger mismatches ${rows[0].bad}`,
      `written to ${file}`,
    ].join('\n') + '\n',
  );
  if (non2xx > 0 || rows[0].bad > 0) process.exitCode = 1;
} finally {
  stopServer();
  await sleep(500);
  await admin(`DROP DATABASE IF EXISTS "${appDb}" WITH (FORCE)`).catch(() => {});
  await admin(`DROP DATABASE IF EXISTS "${pgbenchDb}" WITH (FORCE)`).catch(() => {});
}
