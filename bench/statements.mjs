#!/usr/bin/env node
/**
 * `node bench/statements.mjs`: the till's statements per request as PostgreSQL itself logs
 * them (docs/performance.md 'The till's statements'). Starts the built server on a database of
 * its own with `log_statement = all` (ALTER DATABASE, so every connection of the pool logs),
 * signs in as the demo cashier, then sends one request at a time (a card lookup, an earn, a
 * redeem; each several times) and counts the lines PostgreSQL wrote for that database while it
 * ran ('statement:' and 'execute' lines; the 'parse'/'bind' steps of a prepared statement are
 * not logged as statements). Prints the fewest per request and exits 1 when a count is above
 * its limit (earn 5, redeem 2, card lookup 2), so it can guard a change by hand or in CI.
 *
 * Needs a superuser connection (BENCH_PG, default postgres://postgres@127.0.0.1:5432/postgres)
 * and the server's log readable by this process (BENCH_PG_LOG, default Debian's
 * /var/log/postgresql/postgresql-15-main.log; log_line_prefix must contain %d). BENCH_PORT
 * (default 3218). BENCH_LIMITS=0 only prints.
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from '../scripts/build.mjs';
import { admin, dbUrl, signIn } from './large-tenant/common.mjs';

const LOG = process.env.BENCH_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const PORT = Number(process.env.BENCH_PORT ?? 3218);
const LIMITS = process.env.BENCH_LIMITS === '0' ? null : { card: 2, earn: 5, redeem: 2 };
const appDb = `loyalty_statements_${Date.now()}`;

/**
 * The statements PostgreSQL logged for our database from byte `from` on (an entry is its
 * prefixed line and the continuation lines after it), leaving out the job queue's own (pg-boss
 * polls and schedules on connections of its own, in schema pgboss).
 */
function statementsSince(from) {
  const text = readFileSync(LOG).subarray(from).toString('utf8');
  const entries = text.split(/\n(?=\d{4}-\d\d-\d\d )/);
  return entries
    .filter((e) => e.includes(`@${appDb} `) && /LOG: {2}(statement|execute [^:]*):/.test(e) && !e.includes('pgboss.'))
    .map((e) => e.replace(/\s+/g, ' '));
}

let server;
let failed = false;
try {
  await admin(`CREATE DATABASE "${appDb}"`);
  await admin(`ALTER DATABASE "${appDb}" SET log_statement = 'all'`);
  await build({ names: ['server'] });
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    detached: true,
    env: { ...process.env, DATABASE_URL: dbUrl(appDb), SEED_DEMO: '1', PORT: String(PORT), LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '100' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/healthz`)).ok) break;
    } catch {}
    if (i > 120) throw new Error('server did not start');
    await sleep(500);
  }
  const cookie = await signIn(PORT, 'cashier@demo.com', 'DemoCashier123!');
  const requests = {
    card: () => fetch(`http://127.0.0.1:${PORT}/api/t/demo/cards/DEM0CARD0001`, { headers: { cookie } }),
    earn: () =>
      fetch(`http://127.0.0.1:${PORT}/api/t/demo/transactions/earn`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ cardUid: 'DEM0CARD0001', amountCents: 1000 }),
      }),
    redeem: () =>
      fetch(`http://127.0.0.1:${PORT}/api/t/demo/transactions/redeem`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ cardUid: 'DEM0CARD0001', amountCents: 1 }),
      }),
  };
  for (const [name, send] of Object.entries(requests)) {
    let best = null;
    for (let run = 0; run < 5; run++) {
      await sleep(300); // let the previous request's lines reach the log
      const from = statSync(LOG).size;
      const res = await send();
      if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
      await sleep(300);
      const lines = statementsSince(from);
      if (!best || lines.length < best.length) best = lines;
    }
    const limit = LIMITS?.[name];
    const over = limit !== undefined && best.length > limit;
    failed ||= over;
    console.log(`${name}: ${best.length} statements${limit !== undefined ? ` (limit ${limit})` : ''}${over ? '  OVER' : ''}`);
    for (const l of best) console.log(`    ${l.replace(/^.*?LOG: /, '').slice(0, 140)}`);
  }
} finally {
  if (server) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
    await sleep(1000);
  }
  await admin(`DROP DATABASE IF EXISTS "${appDb}" WITH (FORCE)`).catch(() => {});
}
process.exit(failed ? 1 : 0);
