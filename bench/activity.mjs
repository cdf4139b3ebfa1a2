#!/usr/bin/env node
/**
 * `node bench/activity.mjs`: the Activity list of a tenant with 1,000,000 audit events
 * (docs/security.md 'Audit trail', ADR 0025; goal: median under 50 ms) on PostgreSQL.
 *
 * 1. Re-creates database BENCH_ACTIVITY_DB (default loyalty_bench_activity) and starts the
 *    server on it once with SEED_DEMO=1 (migrations and the demo tenant).
 * 2. Writes BENCH_AUDIT_ROWS (1,000,000) audit rows into tenant 'demo' with generate_series:
 *    over the last 365 days, actions cycling through 20 kinds (so one kind is 5 %), actors the
 *    demo admin (1 in 3), the demo cashier (1 in 3) or an API key id, then ANALYZE.
 * 3. Restarts the server production-like, signs in as the demo admin and for each call makes
 *    BENCH_WARMUP (5) warm-ups and BENCH_N (30) sequential measured requests through HTTP;
 *    prints and records median, p90, min and max in ms, and the page size.
 *
 * Writes bench/results/activity-<timestamp>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { LARGE, admin, dbUrl, signIn, startServer, stopServerAndWait } from './large-tenant/common.mjs';

const DB = process.env.BENCH_ACTIVITY_DB ?? 'loyalty_bench_activity';
const PORT = Number(process.env.BENCH_PORT ?? 3294);
const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const N = Number(process.env.BENCH_N ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const base = `http://127.0.0.1:${PORT}`;
const stamp = new Date();
const ACTIONS = [
  'transaction.earn',
  'transaction.redeem',
  'transaction.refund',
  'transaction.void',
  'card.adjust',
  'card.block',
  'card.unblock',
  'customer.create',
  'customer.update',
  'customer.delete',
  'store.create',
  'store.update',
  'user.create',
  'user.update',
  'rules.cashback.update',
  'offer.create',
  'offer.update',
  'api_key.create',
  'webhook_endpoint.update',
  'tenant.timezone.update',
];

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
const round1 = (x) => Math.round(x * 10) / 10;

async function timedGet(path, cookie) {
  const t0 = performance.now();
  const r = await fetch(base + path, { headers: { cookie } });
  const text = await r.text();
  const ms = performance.now() - t0;
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${text.slice(0, 200)}`);
  return { ms, body: JSON.parse(text) };
}

async function measure(name, path, cookie) {
  for (let i = 0; i < WARMUP; i++) await timedGet(path, cookie);
  const times = [];
  let items = 0;
  for (let i = 0; i < N; i++) {
    const { ms, body } = await timedGet(path, cookie);
    times.push(ms);
    items = body.items.length;
  }
  times.sort((a, b) => a - b);
  const row = {
    name,
    path,
    items,
    medianMs: round1(quantile(times, 0.5)),
    p90Ms: round1(quantile(times, 0.9)),
    minMs: round1(times[0]),
    maxMs: round1(times[times.length - 1]),
  };
  console.log(`${name.padEnd(28)} median ${String(row.medianMs).padStart(6)} ms  p90 ${String(row.p90Ms).padStart(6)} ms  (${items} items)`);
  return row;
}

async function generate() {
  await admin(`drop database if exists ${DB}`);
  await admin(`create database ${DB}`);
  const seeded = await startServer({ databaseUrl: dbUrl(DB), port: PORT, env: { SEED_DEMO: '1', NODE_ENV: 'development' } });
  await stopServerAndWait(seeded);
  const c = new pg.Client({ connectionString: dbUrl(DB) });
  await c.connect();
  try {
    const t0 = performance.now();
    await c.query(
      `insert into audit_log (tenant_id, user_id, api_key_id, ip, action, entity, entity_id, before, after, created_at)
       select t.id,
              case g % 3 when 0 then a.id when 1 then k.id else null end,
              case g % 3 when 2 then '00000000-0000-4000-8000-00000000000b'::uuid else null end,
              '203.0.113.' || (g % 250),
              ($2::text[])[1 + g % 20], 'transaction', gen_random_uuid()::text,
              jsonb_build_object('balanceCents', g % 10000), jsonb_build_object('balanceCents', g % 10000 + 150, 'amountCents', 1500),
              now() - (g * (interval '365 days' / $1::int))
       from generate_series(1, $1::int) g
       cross join (select id from tenants where slug = 'demo') t
       cross join (select id from users where email = 'admin@demo.com') a
       cross join (select id from users where email = 'cashier@demo.com') k`,
      [ROWS, ACTIONS],
    );
    await c.query('analyze audit_log');
    console.log(`generated ${ROWS} audit rows in ${round1((performance.now() - t0) / 1000)} s`);
  } finally {
    await c.end();
  }
}

async function main() {
  if (process.env.BENCH_SKIP_GENERATE !== '1') await generate();
  const server = await startServer({ databaseUrl: dbUrl(DB), port: PORT });
  const results = [];
  try {
    const cookie = await signIn(PORT, LARGE.email, LARGE.password);
    const me = await (await fetch(`${base}/api/auth/me`, { headers: { cookie } })).json();
    const first = await timedGet('/api/t/demo/activity', cookie);
    const day = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
    const monthStart = new Date(Date.now() - 130 * 86_400_000).toISOString().slice(0, 10);
    results.push(await measure('first page', '/api/t/demo/activity', cookie));
    results.push(await measure('next page (cursor)', `/api/t/demo/activity?cursor=${first.body.nextCursor}`, cookie));
    results.push(await measure('action filter', '/api/t/demo/activity?action=store.update', cookie));
    results.push(await measure('actor filter', `/api/t/demo/activity?actor=${me.user.id}`, cookie));
    results.push(await measure('date range (30 days)', `/api/t/demo/activity?from=${monthStart}&to=${day}`, cookie));
    results.push(
      await measure('actor + action + dates', `/api/t/demo/activity?actor=${me.user.id}&action=transaction.earn&from=${monthStart}&to=${day}`, cookie),
    );
    results.push(await measure('rare action (none)', '/api/t/demo/activity?action=platform.admin.sign_in', cookie));
  } finally {
    await stopServerAndWait(server);
  }
  const file = `bench/results/activity-${stamp.toISOString().replace(/[:.]/g, '-')}.json`;
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      { at: stamp.toISOString(), auditRows: ROWS, n: N, warmup: WARMUP, cpus: cpus().length, loadavg: loadavg(), goalMedianMs: 50, results },
      null,
      2,
    ) + '\n',
  );
  console.log(`wrote ${file}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
