/**
 * Helpers shared by the large-tenant generator (bench/large-tenant/generate.mjs) and the
 * benchmark (bench/large.mjs): database URLs, admin statements, starting and stopping the
 * server on PostgreSQL the way bench/earn.mjs does (own process group, killed as a group).
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { build } from '../../scripts/build.mjs';

/** Admin URL of the PostgreSQL server (a database the role may connect to). */
export const ADMIN_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The large-tenant database, rebuilt by the generator, read by the benchmark. */
export const LARGE_DB = process.env.BENCH_LARGE_DB ?? 'loyalty_bench_large';
/** Slug and sign-in of the large tenant (the demo tenant, grown). */
export const LARGE = { slug: 'demo', email: 'admin@demo.com', password: 'DemoAdmin123!' };
/** The small second tenant, created through the signup API. */
export const SMALL = { email: 'owner@small-bench.test', password: 'SmallBench123!', firstName: 'Sam', lastName: 'Small' };

/** URL of database `db` on the admin URL's server. */
export const dbUrl = (db) => Object.assign(new URL(ADMIN_URL), { pathname: `/${db}` }).toString();

/** Runs one statement on the admin connection (CREATE/DROP DATABASE). */
export async function admin(sql) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * Starts the built server (`apps/server/dist/main.js`, compiled first when missing or stale;
 * ADR 0011) on `databaseUrl` (migrations run at start) in its own process group,
 * production-like: NODE_ENV=production (with the variables it requires), LOG_LEVEL=warn.
 * Node runs the app itself, so `pid` is the server's process, whose /proc/<pid>/status the
 * benchmark samples. Resolves once /healthz answers.
 */
export async function startServer({ databaseUrl, port, env = {} }) {
  await build({ names: ['server'] });
  // BENCH_NODE_FLAGS: node options for the server process only (space-separated), to compare a V8 setting.
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), 'apps/server/dist/main.js'], {
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      QR_TOKEN_SECRET: 'bench-only-qr-token-secret-0123456789abcdef',
      COOKIE_SECURE: '0',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '100',
      // No Stripe keys on a bench machine: production must be told to use demo payments.
      PAYMENT_PROVIDER: 'demo',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = null;
  child.once('exit', (code) => (exited = code ?? -1));
  // Migrations of new indexes on a 2M-row ledger run at start: allow several minutes.
  for (let i = 0; i < 1200; i++) {
    if (exited !== null) throw new Error(`server exited with code ${exited}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (r.ok) return child;
    } catch {}
    await sleep(500);
  }
  stopServer(child);
  throw new Error('server did not start');
}

/** Stops the server's whole process group. */
export function stopServer(child) {
  if (!child) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {}
}

/**
 * Stops the server's process group and waits for it to exit: SIGTERM (graceful close lets
 * in-flight requests finish), then SIGKILL after `graceMs`.
 */
export async function stopServerAndWait(child, graceMs = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  stopServer(child);
  const done = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
  if (!done) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
    await exited;
  }
}

/** Signs in and returns the session cookie (`name=value`). */
export async function signIn(port, email, password) {
  const r = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!r.ok) throw new Error(`login ${email} failed: ${r.status} ${await r.text()}`);
  // Sign-in also sets the trusted-device cookie `did`: pick the session's `sid`.
  const sid = r.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`login ${email}: no session cookie`);
  return sid.split(';')[0];
}
