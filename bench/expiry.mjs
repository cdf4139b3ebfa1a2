#!/usr/bin/env node
/**
 * `npm run bench:expiry`: the cashback expiry job over the large tenant's
 * lots, and what it does to the till's earn latency while it runs. Needs the large-tenant
 * database (`node bench/large-tenant/generate.mjs`).
 *
 * 1. Copies `loyalty_bench_large` to `loyalty_bench_expiry` (CREATE DATABASE … TEMPLATE) and
 *    gives every open lot of tenant `demo` one expiry instant F, ten days ahead, so that a run
 *    of the job "at F + 1 minute" (the job takes `now` from its caller, ADR 0015) expires them
 *    all while the server's own hourly job, on the real clock, finds nothing due.
 * 2. Starts the built server on the copy (NODE_ENV=production) and signs in as the demo admin.
 * 3. Baseline: earns at a fixed rate (BENCH_RATE requests/s, default 100, over 16 connections,
 *    each on a random ACTIVE card of the tenant with its own Idempotency-Key) for BENCH_SECONDS
 *    (default 20): p50 and p99.
 * 4. During: the same load while this process runs `expireDueLots` (a second instance of the
 *    job, on its own 2-connection pool) over the lots; the load stops when the run ends. The
 *    run's duration, cards and cents, and the earn p50/p99 during it.
 * 5. Checks the ledger afterwards: every card's balance = Σ ledger deltas = Σ open lots, and the
 *    liability summaries (ADR 0016) equal the cards and lots; no non-2xx earn.
 * Writes bench/results/expiry-<timestamp>.json and drops the copy.
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { admin, dbUrl, LARGE, LARGE_DB, signIn, startServer, stopServerAndWait } from './large-tenant/common.mjs';

const COPY = process.env.BENCH_EXPIRY_DB ?? 'loyalty_bench_expiry';
const PORT = Number(process.env.BENCH_PORT ?? 3294);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 16;
const stamp = new Date();
const F = new Date(Math.floor(stamp.getTime() / 3_600_000) * 3_600_000 + 10 * 86_400_000);

/** The earn load: `seconds` at RATE req/s (or until `.stop()`), on random cards of `cardUids`. */
function earnLoad(cookie, cardUids, seconds) {
  return autocannon({
    url: `http://127.0.0.1:${PORT}/api/t/${LARGE.slug}/transactions/earn`,
    connections: CONNECTIONS,
    overallRate: RATE,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, 'idempotency-key': randomUUID() },
          body: JSON.stringify({ cardUid: cardUids[Math.floor(Math.random() * cardUids.length)], amountCents: 1000 + Math.floor(Math.random() * 9000) }),
        }),
      },
    ],
  });
}

const figuresOf = (r) => ({ requests: r.requests.total, p50ms: r.latency.p50, p99ms: r.latency.p99, maxMs: r.latency.max, non2xx: r.non2xx + r.errors });

let server;
try {
  await admin(`DROP DATABASE IF EXISTS "${COPY}" WITH (FORCE)`);
  let t = Date.now();
  await admin(`CREATE DATABASE "${COPY}" TEMPLATE "${LARGE_DB}"`);
  process.stdout.write(`copied ${LARGE_DB} to ${COPY} in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);

  const setup = new pg.Client({ connectionString: dbUrl(COPY) });
  await setup.connect();
  const [{ id: tenantId }] = (await setup.query(`select id from tenants where slug = $1`, [LARGE.slug])).rows;
  t = Date.now();
  const due = (await setup.query(`update cashback_lots set expires_at = $2 where tenant_id = $1 and remaining_cents > 0`, [tenantId, F.toISOString()]))
    .rowCount;
  await setup.query('vacuum analyze cashback_lots');
  const [{ n: dueCards }] = (
    await setup.query(`select count(distinct card_id)::int as n from cashback_lots where tenant_id = $1 and remaining_cents > 0`, [tenantId])
  ).rows;
  const cardUids = (
    await setup.query(`select card_uid from cards where tenant_id = $1 and status = 'ACTIVE' order by random() limit 5000`, [tenantId])
  ).rows.map((r) => r.card_uid);
  await setup.end();
  process.stdout.write(`${due} open lots on ${dueCards} cards now expire at ${F.toISOString()} (set in ${((Date.now() - t) / 1000).toFixed(1)} s)\n`);

  server = await startServer({ databaseUrl: dbUrl(COPY), port: PORT });
  const cookie = await signIn(PORT, LARGE.email, LARGE.password);
  // Warm-up, then the baseline.
  await earnLoad(cookie, cardUids, 3);
  const baseline = figuresOf(await earnLoad(cookie, cardUids, SECONDS));
  process.stdout.write(`earn at ${RATE}/s without the job: p50 ${baseline.p50ms} ms, p99 ${baseline.p99ms} ms (${baseline.requests} requests)\n`);

  // The job as a second instance would run it, from the built server's own module.
  const { openDatabase } = await import('../apps/server/dist/db/client.js');
  const { expireDueLots } = await import('../apps/server/dist/modules/ledger/lots.js');
  const handle = await openDatabase({ databaseUrl: dbUrl(COPY), dataDir: '', poolSize: 2 });
  const load = earnLoad(cookie, cardUids, 3600);
  t = Date.now();
  const run = await expireDueLots(handle.db, new Date(F.getTime() + 60_000));
  const jobSeconds = (Date.now() - t) / 1000;
  load.stop();
  const during = figuresOf(await load);
  await handle.close();
  process.stdout.write(`expiry run: ${run.cards} cards, ${run.cents} cents in ${jobSeconds.toFixed(1)} s\n`);
  process.stdout.write(`earn at ${RATE}/s during the run: p50 ${during.p50ms} ms, p99 ${during.p99ms} ms (${during.requests} requests)\n`);
  await stopServerAndWait(server);
  server = null;

  const check = new pg.Client({ connectionString: dbUrl(COPY) });
  await check.connect();
  const [{ bad }] = (
    await check.query(
      `select count(*)::int as bad from cards c
       left join (select card_id, sum(after_balance_cents - before_balance_cents) s from transactions where tenant_id = $1 group by 1) l on l.card_id = c.id
       left join (select card_id, sum(remaining_cents) s from cashback_lots where tenant_id = $1 group by 1) o on o.card_id = c.id
       where c.tenant_id = $1 and (c.balance_cents <> coalesce(l.s, 0) or c.balance_cents <> coalesce(o.s, 0))`,
      [tenantId],
    )
  ).rows;
  const [{ off }] = (
    await check.query(
      `select ((select coalesce(sum(balance_cents), 0) from cards where tenant_id = $1)
               <> (select coalesce(sum(balance_cents), 0) from (select balance_cents from card_balance_totals where tenant_id = $1 union all select balance_cents from card_balance_deltas where tenant_id = $1) s))
           or ((select coalesce(sum(remaining_cents), 0) from cashback_lots where tenant_id = $1)
               <> (select coalesce(sum(remaining_cents), 0) from (select remaining_cents from lot_totals where tenant_id = $1 union all select remaining_cents from lot_total_deltas where tenant_id = $1) s)) as off`,
      [tenantId],
    )
  ).rows;
  const [{ left }] = (
    await check.query(`select count(*)::int as left from cashback_lots where tenant_id = $1 and remaining_cents > 0 and expires_at <= $2`, [
      tenantId,
      F.toISOString(),
    ])
  ).rows;
  await check.end();

  const figures = {
    date: stamp.toISOString(),
    machine: { cores: cpus().length, node: process.version, loadAverage: loadavg().map((x) => Number(x.toFixed(1))) },
    dataset: { database: LARGE_DB, dueLots: due, dueCards },
    job: { seconds: Number(jobSeconds.toFixed(1)), cards: run.cards, cents: run.cents, dueLotsLeft: left },
    earn: { ratePerSecond: RATE, connections: CONNECTIONS, baseline, duringExpiry: during, p99Ratio: Number((during.p99ms / baseline.p99ms).toFixed(2)) },
    checks: { cardsOffLedgerOrLots: bad, summariesOff: off },
  };
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/expiry-${stamp.toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(file, JSON.stringify(figures, null, 2) + '\n');
  process.stdout.write(
    `earn p99 during / without the run: ${figures.earn.p99Ratio}; cards off the ledger or lots: ${bad}; summaries off: ${off}; due lots left: ${left}\nwritten to ${file}\n`,
  );
  if (bad > 0 || off || left > 0 || baseline.non2xx > 0 || during.non2xx > 0) process.exitCode = 1;
} finally {
  await stopServerAndWait(server);
  await admin(`DROP DATABASE IF EXISTS "${COPY}" WITH (FORCE)`).catch(() => {});
}
