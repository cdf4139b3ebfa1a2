#!/usr/bin/env node
/**
 * `npm run bench:large`: read calls of a large tenant against PostgreSQL. Needs the database built
 * by `node bench/large-tenant/generate.mjs` (200,000 customers, 250,000 cards, 2,000,000 ledger
 * rows in tenant 'demo', and a small second tenant).
 *
 * Starts the server on that database (NODE_ENV=production, LOG_LEVEL=warn; the server applies
 * any new migration at start), signs in as the tenant admin, and for each call makes one cold
 * request, BENCH_WARMUP (5) warm-ups and BENCH_N (30) sequential measured requests (a call may
 * set fewer: the whole customers CSV takes 5 after 1); prints
 * and records median, p90, min and max in ms. Then the full CSV export of the ledger,
 * BENCH_EXPORT_RUNS (1) times: time to first byte, total time, rows, bytes, and the server's
 * resident memory sampled every 50 ms from /proc/<pid>/status (VmRSS before and at peak,
 * VmHWM after). A call answering 404 'Not found' (no such route yet) is reported as missing,
 * not as a failure; any other non-200 answer fails the run.
 *
 * For every call whose median is over BENCH_PLAN_MS (50) ms, the server is restarted with
 * auto_explain on for this database only (ANALYZE, BUFFERS, statements of 5 ms or more),
 * the call is made twice, and the plans are read back from the PostgreSQL log (BENCH_PG_LOG,
 * default /var/log/postgresql/postgresql-<major>-main.log) into the results file.
 *
 * Writes bench/results/large-<timestamp>.json.
 */
import { mkdirSync, writeFileSync, readFileSync, openSync, readSync, closeSync, statSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { LARGE, LARGE_DB, SMALL, dbUrl, signIn, startServer, stopServerAndWait } from './large-tenant/common.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3293);
const N = Number(process.env.BENCH_N ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const EXPORT_RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 1);
const PLAN_MS = Number(process.env.BENCH_PLAN_MS ?? 50);
const EXPORT_TIMEOUT_S = Number(process.env.BENCH_EXPORT_TIMEOUT_S ?? 300);
/** Only the calls whose name matches this regular expression (all when unset), for a quick look at one figure. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const base = `http://127.0.0.1:${PORT}`;
const stamp = new Date();

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
const round1 = (x) => Math.round(x * 10) / 10;
const ymd = (d) => d.toISOString().slice(0, 10);

/** One timed GET: status, ms (until the whole body is read), bytes, parsed body when JSON. */
async function timedGet(path, cookie) {
  const t0 = performance.now();
  const r = await fetch(base + path, { headers: { cookie } });
  const buf = Buffer.from(await r.arrayBuffer());
  const ms = performance.now() - t0;
  let body = null;
  if ((r.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(buf.toString('utf8'));
  return { status: r.status, ms, bytes: buf.length, body };
}

/** VmRSS and VmHWM of a process in MiB. */
function memOf(pid) {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(s)?.[1] ?? NaN);
  return { rssMiB: round1(kb('VmRSS') / 1024), hwmMiB: round1(kb('VmHWM') / 1024) };
}

/** Measures one call: cold request, warm-ups, N sequential requests. */
async function measure(call, cookie) {
  const cold = await timedGet(call.path, cookie);
  if (cold.status === 404 && cold.body?.error === 'Not found') return { ...call, missing: true, status: 404 };
  if (cold.status !== 200) throw new Error(`${call.name}: ${cold.status} ${JSON.stringify(cold.body)}`);
  for (let i = 0; i < (call.warmup ?? WARMUP); i++) await timedGet(call.path, cookie);
  const times = [];
  let last;
  for (let i = 0; i < (call.n ?? N); i++) {
    last = await timedGet(call.path, cookie);
    if (last.status !== 200) throw new Error(`${call.name}: ${last.status}`);
    times.push(last.ms);
  }
  const s = [...times].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  const sd = Math.sqrt(s.reduce((a, b) => a + (b - mean) ** 2, 0) / s.length);
  const b = last.body ?? {};
  return {
    ...call,
    status: 200,
    coldMs: round1(cold.ms),
    medianMs: round1(quantile(s, 0.5)),
    p90Ms: round1(quantile(s, 0.9)),
    minMs: round1(s[0]),
    maxMs: round1(s[s.length - 1]),
    cv: round1((sd / mean) * 100) / 100,
    bytes: last.bytes,
    ...(b.total !== undefined ? { total: b.total, rowsReturned: b.transactions?.length } : {}),
  };
}

/**
 * Streams the full CSV export, sampling the server's memory every 50 ms. Gives up after
 * EXPORT_TIMEOUT_S seconds (the figures then cover the rows received so far, with the rate
 * and the time the whole ledger would take at that rate), and checks whether the server
 * stopped querying once the client went away.
 */
async function exportRun(path, cookie, pid, expectedRows) {
  const before = memOf(pid);
  const t0 = performance.now();
  let peak = before.rssMiB;
  const samples = [];
  // RSS every 5 s (seconds since start, MiB): flat or growing?
  const timeline = [];
  const timer = setInterval(() => {
    try {
      const m = memOf(pid);
      samples.push(m.rssMiB);
      if (m.rssMiB > peak) peak = m.rssMiB;
      if (samples.length % 100 === 1) timeline.push([Math.round((performance.now() - t0) / 1000), m.rssMiB]);
    } catch {}
  }, 50);
  const abort = new AbortController();
  const deadline = setTimeout(() => abort.abort(), EXPORT_TIMEOUT_S * 1000);
  let ttfb = null;
  let bytes = 0;
  let newlines = 0;
  let status;
  let missing = false;
  let timedOut = false;
  try {
    const r = await fetch(base + path, { headers: { cookie }, signal: abort.signal });
    status = r.status;
    if (r.status === 404) {
      const body = await r.json().catch(() => ({}));
      if (body.error === 'Not found') missing = true;
      else throw new Error(`export: 404 ${JSON.stringify(body)}`);
    } else {
      if (r.status !== 200) throw new Error(`export: ${r.status} ${await r.text()}`);
      for await (const chunk of r.body) {
        if (ttfb === null) ttfb = performance.now() - t0;
        bytes += chunk.length;
        for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) newlines++;
      }
    }
  } catch (err) {
    if (!abort.signal.aborted) throw err;
    timedOut = true;
  } finally {
    clearInterval(timer);
    clearTimeout(deadline);
  }
  const ms = performance.now() - t0;
  if (missing) return { path, missing: true, status: 404 };
  const after = memOf(pid);
  const rows = Math.max(0, newlines - 1);
  const result = {
    path,
    status,
    timedOut,
    ttfbMs: round1(ttfb ?? ms),
    totalMs: Math.round(ms),
    // Lines after the header (the generated notes hold no line breaks).
    rows,
    expectedRows,
    bytes,
    rowsPerSecond: Math.round(rows / (ms / 1000)),
    rssBeforeMiB: before.rssMiB,
    rssPeakMiB: peak,
    rssAfterMiB: after.rssMiB,
    rssGrowthMiB: round1(peak - before.rssMiB),
    vmHwmBeforeMiB: before.hwmMiB,
    vmHwmAfterMiB: after.hwmMiB,
    samples: samples.length,
    rssTimeline: timeline,
  };
  if (timedOut) {
    result.projectedFullSeconds = rows > 0 ? Math.round(expectedRows / (rows / (ms / 1000))) : null;
    // Did the server stop reading the ledger when the client hung up?
    await sleep(3000);
    const probe = new pg.Client({ connectionString: dbUrl(LARGE_DB) });
    await probe.connect();
    const [{ n }] = (
      await probe.query(
        `select count(*)::int n from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid() and query ilike '%from "transactions"%'`,
        [LARGE_DB],
      )
    ).rows;
    await probe.end();
    result.serverStillQuerying3sAfterAbort = n > 0;
  }
  return result;
}

/** Reads the PostgreSQL log from byte `from` and returns the auto_explain plans of database `db`. */
function plansFromLog(file, from, db) {
  const size = statSync(file).size;
  if (size <= from) return [];
  const fd = openSync(file, 'r');
  const buf = Buffer.alloc(size - from);
  readSync(fd, buf, 0, buf.length, from);
  closeSync(fd);
  const plans = [];
  let cur = null;
  for (const line of buf.toString('utf8').split('\n')) {
    const head = /@(\S+) LOG:\s+duration: ([\d.]+) ms\s+plan:/.exec(line);
    if (head) {
      cur = head[1] === db ? { durationMs: Number(head[2]), lines: [] } : null;
      if (cur) plans.push(cur);
    } else if (cur && line.startsWith('\t')) cur.lines.push(line.slice(1));
    else cur = null;
  }
  // The statement's text runs from 'Query Text:' to the plan's root node, the first
  // unindented line with costs.
  return plans.map((p) => {
    const root = p.lines.findIndex((l) => /^\S.*\(cost=/.test(l));
    const query = p.lines
      .slice(0, root < 0 ? p.lines.length : root)
      .join('\n')
      .replace(/^Query Text:\s*/, '');
    return { durationMs: p.durationMs, query: query.replace(/\s+/g, ' ').trim(), plan: root < 0 ? '' : p.lines.slice(root).join('\n') };
  });
}

/** The checked-out commit and whether the server's files differ from it (the run uses the work tree). */
function commitOf() {
  try {
    const head = execFileSync('git', ['log', '-1', '--format=%h %s'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'apps/server', 'packages'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean).length;
    return { head, serverFilesChangedSinceCommit: dirty };
  } catch {
    return null;
  }
}

let server;
const db = new pg.Client({ connectionString: dbUrl(LARGE_DB) });
try {
  await db.connect();
  const [dataset] = (
    await db.query(
      `
      select (select count(*)::int from customers where tenant_id = t.id) customers,
             (select count(*)::int from cards where tenant_id = t.id) cards,
             (select count(*)::int from transactions where tenant_id = t.id) ledger_rows,
             (select count(*)::int from transactions) all_ledger_rows,
             (select count(*)::int from tenants) tenants
      from tenants t where t.slug = $1`,
      [LARGE.slug],
    )
  ).rows;
  if (!dataset || dataset.ledger_rows < 1000) throw new Error(`run node bench/large-tenant/generate.mjs first (${LARGE_DB} has no large tenant)`);
  const [{ slug: smallSlug }] = (await db.query(`select t.slug from tenants t join users u on u.tenant_id = t.id where u.email = $1`, [SMALL.email])).rows;
  const [{ version, major }] = (await db.query(`select version(), current_setting('server_version_num')::int / 10000 major`)).rows;
  // Parameters of the searches: a store of the tenant, the UID of the oldest card (the
  // generator gives old cards the most rows), a last name of the generated population
  // (about 1 customer in 150).
  const [{ store_id: storeId, card_uid: busyCard }] = (
    await db.query(
      `select c.store_id, c.card_uid from cards c join tenants t on t.id = c.tenant_id
       where t.slug = $1 and c.status = 'ACTIVE' and c.store_id is not null order by c.activated_at, c.id limit 1`,
      [LARGE.slug],
    )
  ).rows;
  await db.end();

  const today = new Date();
  const from = ymd(new Date(today.getTime() - 90 * 86_400_000));
  const to = ymd(new Date(today.getTime() - 30 * 86_400_000));
  const t = `/api/t/${LARGE.slug}`;
  const calls = [
    { name: 'dashboard', path: `${t}/reports/dashboard` },
    { name: 'tenant', path: `${t}/tenant` },
    { name: `card ${busyCard}`, path: `${t}/cards/${busyCard}` },
    { name: 'transactions page 1', path: `${t}/transactions?page=1&limit=50` },
    { name: 'transactions page 500', path: `${t}/transactions?page=500&limit=50` },
    { name: `type=REDEEM ${from}..${to}`, path: `${t}/transactions?type=REDEEM&from=${from}&to=${to}&page=1&limit=50` },
    { name: 'store + category=REPAIR, page 20', path: `${t}/transactions?storeFilter=${storeId}&category=REPAIR&page=20&limit=50` },
    { name: 'search name "Kowalski"', path: `${t}/transactions?search=Kowalski&page=1&limit=50` },
    { name: 'search full name "Mary Kowalski"', path: `${t}/transactions?search=${encodeURIComponent('Mary Kowalski')}&page=1&limit=50` },
    { name: `search card UID ${busyCard}`, path: `${t}/transactions?search=${busyCard}&page=1&limit=50` },
    { name: 'customers page 1', path: `${t}/customers?page=1&limit=50` },
    { name: 'liability (last 30 days)', path: `${t}/reports/liability` },
    { name: 'platform liability (last 30 days)', path: `/api/platform/reports/liability`, platform: true },
    { name: 'customers search "kowal"', path: `${t}/customers?search=kowal&page=1&limit=50` },
    { name: 'customers without a card (Assign Card)', path: `${t}/customers/available` },
    { name: 'customers without a card, search "kowal"', path: `${t}/customers/available?search=kowal` },
    { name: 'operator tenants, search "demo"', path: `/api/platform/tenants?search=demo&page=1&limit=20`, platform: true },
    // The whole customers CSV (every customer with its Active Cards count): fewer repetitions.
    { name: 'customers CSV export (whole file)', path: `${t}/reports/export/customers`, n: 5, warmup: 1 },
    { name: `small tenant: dashboard`, path: `/api/t/${smallSlug}/reports/dashboard`, small: true },
    { name: `small tenant: transactions page 1`, path: `/api/t/${smallSlug}/transactions?page=1&limit=50`, small: true },
  ];
  const exportPath = `${t}/reports/export/transactions`;

  const loadStart = loadavg();
  const t0 = Date.now();
  const commitAtStart = commitOf();
  server = await startServer({ databaseUrl: dbUrl(LARGE_DB), port: PORT });
  const startSeconds = round1((Date.now() - t0) / 1000);
  const cookie = await signIn(PORT, LARGE.email, LARGE.password);
  const smallCookie = await signIn(PORT, SMALL.email, SMALL.password);
  // The operator (the demo seed's platform admin) for the platform calls (liability).
  const platformCookie = await signIn(PORT, 'admin@platform.com', 'AdminSecure123!');
  process.stdout.write(`server up in ${startSeconds} s (pid ${server.pid}), ${N} requests per call after ${WARMUP} warm-ups\n`);

  const results = [];
  for (const call of calls.filter((c) => !ONLY || ONLY.test(c.name))) {
    const r = await measure(call, call.small ? smallCookie : call.platform ? platformCookie : cookie);
    results.push(r);
    process.stdout.write(r.missing ? `  ${call.name}: missing (404)\n` : `  ${call.name}: median ${r.medianMs} ms, p90 ${r.p90Ms} ms\n`);
  }
  const exports = [];
  for (let i = 0; i < EXPORT_RUNS; i++) {
    const e = await exportRun(exportPath, cookie, server.pid, dataset.ledger_rows);
    exports.push(e);
    process.stdout.write(
      e.missing
        ? `  export: missing (404)\n`
        : `  export: ${e.timedOut ? 'TIMED OUT after ' : ''}${e.rows} rows, ${(e.bytes / 1048576).toFixed(1)} MiB in ${e.totalMs} ms, RSS ${e.rssBeforeMiB} → peak ${e.rssPeakMiB} MiB\n`,
    );
    if (e.missing) break;
  }
  await stopServerAndWait(server);
  server = null;
  const loadEnd = loadavg();

  // Plans of the slow calls, captured by auto_explain in a second server run.
  const slow = results.filter((r) => !r.missing && r.medianMs > PLAN_MS);
  const logFile = process.env.BENCH_PG_LOG ?? `/var/log/postgresql/postgresql-${major}-main.log`;
  const plans = [];
  let plansCommit = null;
  if (slow.length && !existsSync(logFile)) process.stdout.write(`(no PostgreSQL log at ${logFile}: set BENCH_PG_LOG to capture plans)\n`);
  if (slow.length && existsSync(logFile)) {
    const adminDb = new pg.Client({ connectionString: dbUrl(LARGE_DB) });
    await adminDb.connect();
    const settings = {
      session_preload_libraries: 'auto_explain',
      'auto_explain.log_min_duration': '5ms',
      'auto_explain.log_analyze': 'on',
      'auto_explain.log_buffers': 'on',
      'auto_explain.log_timing': 'on',
      'auto_explain.log_format': 'text',
    };
    try {
      for (const [k, v] of Object.entries(settings)) await adminDb.query(`alter database "${LARGE_DB}" set ${k} = '${v}'`);
      await sleep(300);
      plansCommit = commitOf();
      server = await startServer({ databaseUrl: dbUrl(LARGE_DB), port: PORT });
      const c1 = await signIn(PORT, LARGE.email, LARGE.password);
      const c2 = await signIn(PORT, SMALL.email, SMALL.password);
      const c3 = await signIn(PORT, 'admin@platform.com', 'AdminSecure123!');
      const who = (r) => (r.small ? c2 : r.platform ? c3 : c1);
      for (const r of slow) {
        await timedGet(r.path, who(r));
        await sleep(300);
        const offset = statSync(logFile).size;
        await timedGet(r.path, who(r));
        await sleep(700);
        plans.push({ call: r.name, path: r.path, medianMs: r.medianMs, statements: plansFromLog(logFile, offset, LARGE_DB) });
      }
      // The export's batch statements: read for 3 s, hang up, keep the first few plans.
      if (exports.some((e) => !e.missing && (e.timedOut || e.rowsPerSecond < 50_000))) {
        const offset = statSync(logFile).size;
        const abort = new AbortController();
        setTimeout(() => abort.abort(), 3000);
        try {
          const r = await fetch(base + exportPath, { headers: { cookie: c1 }, signal: abort.signal });
          for await (const _ of r.body);
        } catch {}
        await sleep(2000);
        plans.push({ call: 'CSV export (first batches)', path: exportPath, statements: plansFromLog(logFile, offset, LARGE_DB).slice(0, 4) });
      }
    } finally {
      await stopServerAndWait(server);
      server = null;
      for (const k of Object.keys(settings)) await adminDb.query(`alter database "${LARGE_DB}" reset ${k}`).catch(() => {});
      await adminDb.end();
    }
  }

  const figures = {
    date: stamp.toISOString(),
    machine: { cores: cpus().length, node: process.version, postgres: version, loadavgStart: loadStart.map(round1), loadavgEnd: loadEnd.map(round1) },
    dataset: { database: LARGE_DB, largeTenant: LARGE.slug, smallTenant: smallSlug, ...dataset },
    method: { requestsPerCall: N, warmups: WARMUP, sequential: true, exportTimeoutSeconds: EXPORT_TIMEOUT_S, serverStartSeconds: startSeconds },
    // The server runs the work tree: what it held when each server started.
    commit: { timings: commitAtStart, plans: plansCommit },
    calls: results,
    export: exports,
    plans,
  };
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/large-${stamp.toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(file, JSON.stringify(figures, null, 2) + '\n');

  const rows = results.map((r) =>
    r.missing
      ? `| ${r.name} | missing (404) | | | | |`
      : `| ${r.name} | ${r.medianMs} | ${r.p90Ms} | ${r.minMs}–${r.maxMs} | ${r.coldMs} | ${r.medianMs <= 50 ? 'yes' : 'NO'} |`,
  );
  const lines = [
    '',
    `Large tenant '${LARGE.slug}': ${dataset.customers} customers, ${dataset.cards} cards, ${dataset.ledger_rows} ledger rows (${dataset.tenants} tenants). ${cpus().length} cores, load ${loadStart.map(round1).join(' ')} → ${loadEnd.map(round1).join(' ')}.`,
    '',
    '| call | median ms | p90 ms | min–max ms | cold ms | ≤ 50 ms |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    ...exports.map((e) =>
      e.missing
        ? 'CSV export: missing (404)'
        : `CSV export${e.timedOut ? ` TIMED OUT after ${EXPORT_TIMEOUT_S} s (whole ledger at this rate: ~${e.projectedFullSeconds} s; server still querying after the client left: ${e.serverStillQuerying3sAfterAbort})` : ''}: ${e.rows} of ${e.expectedRows} rows, ${(e.bytes / 1048576).toFixed(1)} MiB, first byte ${e.ttfbMs} ms, total ${e.totalMs} ms (${e.rowsPerSecond} rows/s); server RSS ${e.rssBeforeMiB} → peak ${e.rssPeakMiB} MiB (+${e.rssGrowthMiB}), VmHWM ${e.vmHwmBeforeMiB} → ${e.vmHwmAfterMiB} MiB`,
    ),
    ...plans.map((p) => `plans of '${p.call}': ${p.statements.length} statements ≥ 5 ms (${p.statements.map((s) => s.durationMs + ' ms').join(', ')})`),
    `written to ${file}`,
  ];
  process.stdout.write(lines.join('\n') + '\n');
} finally {
  await stopServerAndWait(server);
  await db.end().catch(() => {});
}
