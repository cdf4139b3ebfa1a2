import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/sql.ts';
import { createTestContext, offSummaries, unbalancedCards, type TestContext } from './helpers.ts';
import { freePort, MAIN_ARGS, ROOT } from './processes.ts';
import { startTestSmtp, type TestSmtp } from './smtp.ts';

/**
 * The server's database going away and coming back (docs/operations.md 'When the database is
 * away'): main.ts as its own process on its own PostgreSQL database, twelve tills earning, while
 * the test plays a database restart on that database only (the server is shared: the cluster
 * itself is never restarted): new connections are refused (ALLOW_CONNECTIONS false) and every
 * backend of the database is terminated (pg_terminate_backend, as a fast shutdown does), then
 * connections are allowed again after OUTAGE_MS. The process must stay up; while the database is
 * away each request answers 503 DATABASE_UNAVAILABLE with Retry-After within a few seconds and
 * /readyz answers 503; within 10 s of its return every till earns again and /readyz is 200; the
 * ledger holds and no Idempotency-Key moved money twice (a till resends a 503 with its key); and
 * the job queue runs again afterwards (a password-reset e-mail leaves through the outbox worker).
 * PostgreSQL only. With OUTAGE_LOG=<file> the server's log is kept in that file, and what was
 * measured in <file>.summary.json.
 */

const TILLS = 12;
const OUTAGE_MS = 4_000;
/** A request slower than this counts as a hang. */
const MAX_REQUEST_MS = 5_000;
/** Every till must be served again this long after the database is back. */
const RECOVERY_MS = 10_000;

interface Outcome {
  till: number;
  key: string;
  status?: number;
  code?: string;
  retryAfter?: string | null;
  transactionId?: string;
  error?: string;
  sentAt: number;
  ms: number;
}

/** One request with a deadline: its status, body and time taken, or the transport error. */
async function timed(
  url: string,
  init: RequestInit = {},
): Promise<{ status?: number; body?: Record<string, unknown>; retryAfter?: string | null; error?: string; sentAt: number; ms: number }> {
  const sentAt = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
    const text = await res.text();
    let body: Record<string, unknown> | undefined;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { text };
    }
    return { status: res.status, body, retryAfter: res.headers.get('retry-after'), sentAt, ms: Date.now() - sentAt };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    return { error: e.cause?.code ?? e.name ?? e.message, sentAt, ms: Date.now() - sentAt };
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!process.env.DATABASE_URL)('the database restarting under load', { timeout: 240_000 }, () => {
  let ctx: TestContext | undefined;
  let smtp: TestSmtp | undefined;
  let child: ChildProcess | undefined;
  let admin: pg.Client | undefined;
  let dbName = '';
  afterAll(async () => {
    if (admin && dbName) await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS true`).catch(() => {});
    await admin?.end().catch(() => {});
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await smtp?.close();
    await ctx?.close();
  });

  it('keeps the process up, answers 503 DATABASE_UNAVAILABLE quickly while it is away, and serves every till within 10 s of its return', async () => {
    ctx = await createTestContext();
    const databaseUrl = ctx.databaseUrl!;
    dbName = new URL(databaseUrl).pathname.slice(1);
    smtp = await startTestSmtp();
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { ...process.env };
    for (const k of ['NODE_ENV', 'REDIS_URL', 'PAYMENT_PROVIDER', 'SEED_DEMO', 'DATA_DIR']) delete env[k];
    child = spawn(process.execPath, MAIN_ARGS, {
      cwd: ROOT,
      // tsx reads the server's tsconfig (its JSX setting) for the e-mail templates.
      env: {
        ...env,
        TSX_TSCONFIG_PATH: path.join(ROOT, 'apps/server/tsconfig.json'),
        NODE_ENV: 'development',
        SEED_DEMO: '0',
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: base,
        SMTP_URL: smtp.url,
        SMTP_FROM: 'no-reply@loyalty.test',
      },
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    let stdout = '';
    child.stdout!.on('data', (d) => (stdout += d));
    if (process.env.OUTAGE_LOG) child.stdout!.pipe(createWriteStream(process.env.OUTAGE_LOG));
    const alive = () => child!.exitCode === null && child!.signalCode === null;
    for (let i = 0; ; i++) {
      if (!alive()) throw new Error(`server exited at start: ${stderr}`);
      if (i > 900) throw new Error(`server did not start: ${stderr}`);
      if ((await timed(`${base}/readyz`)).status === 200) break;
      await sleep(100);
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cashier@demo.com', password: 'DemoCashier123!' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))!
      .split(';')[0]!;
    const startedAt = new Date();

    // The job queue works before the outage: a password-reset e-mail leaves through the outbox worker.
    const mailFor = async (email: string) => {
      const res = await fetch(`${base}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(res.status, `${await res.clone().text()}\n${stdout.slice(-3000)}`).toBeLessThan(300);
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && !smtp!.messages.some((m) => m.to && JSON.stringify(m.to).includes(email))) await sleep(200);
      return smtp!.messages.some((m) => m.to && JSON.stringify(m.to).includes(email));
    };
    expect(await mailFor('customer@demo.com'), 'an e-mail leaves before the outage').toBe(true);

    // Twelve tills: each earns on its own card; a 503 is resent with the same key (a till does
    // that), anything else moves on to the next key. Bounded in count and in time.
    const outcomes: Outcome[] = [];
    let stop = false;
    const hardStop = Date.now() + 90_000;
    const till = async (n: number) => {
      let seq = 0;
      let sent = 0;
      while (!stop && sent < 2_000 && Date.now() < hardStop && alive()) {
        const key = `outage-${n}-${seq}`;
        const r = await timed(`${base}/api/t/demo/transactions/earn`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'idempotency-key': key },
          body: JSON.stringify({ cardUid: `DEM0CARD000${(n % 5) + 1}`, amountCents: 1_000 + n }),
        });
        sent++;
        outcomes.push({
          till: n,
          key,
          status: r.status,
          code: r.body?.code as string | undefined,
          retryAfter: r.retryAfter,
          transactionId: r.body?.transactionId as string | undefined,
          error: r.error,
          sentAt: r.sentAt,
          ms: r.ms,
        });
        if (r.status === 503) await sleep(100);
        else seq++;
        if (r.status !== 200 && r.status !== 503) await sleep(100);
      }
    };
    const tills = Array.from({ length: TILLS }, (_, n) => till(n));
    const readiness: { status?: number; sentAt: number; ms: number }[] = [];
    const poller = (async () => {
      while (!stop && Date.now() < hardStop && alive()) {
        readiness.push(await timed(`${base}/readyz`));
        await sleep(200);
      }
    })();

    // Warm up, then the "restart": refuse new connections, cut the open ones, wait, allow again.
    while (outcomes.filter((o) => o.status === 200).length < 3 * TILLS && Date.now() < hardStop && alive()) await sleep(50);
    await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS false`);
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [dbName]);
    const cutAt = Date.now();
    await sleep(OUTAGE_MS);
    await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS true`);
    const backAt = Date.now();
    // Run on until every till has earned again after the return (or the recovery window is long past).
    const servedAgain = (n: number) => outcomes.some((o) => o.till === n && o.status === 200 && o.sentAt >= backAt);
    while (Date.now() < backAt + RECOVERY_MS + 5_000 && alive() && !Array.from({ length: TILLS }, (_, n) => servedAgain(n)).every(Boolean)) await sleep(100);
    await sleep(1_000);
    stop = true;
    await Promise.all([...tills, poller]);

    if (process.env.OUTAGE_LOG) {
      const firstAfter = (n: number) => outcomes.find((o) => o.till === n && o.status === 200 && o.sentAt >= backAt);
      const summary = {
        requests: outcomes.length,
        ok: outcomes.filter((o) => o.status === 200).length,
        unavailable: outcomes.filter((o) => o.code === 'DATABASE_UNAVAILABLE').length,
        other: outcomes.filter((o) => o.status !== 200 && o.code !== 'DATABASE_UNAVAILABLE').length,
        duringOutage: outcomes.filter((o) => o.sentAt > cutAt + 500 && o.sentAt + o.ms < backAt).length,
        slowestMs: Math.max(...outcomes.map((o) => o.ms)),
        slowestReadyzMs: Math.max(...readiness.map((r) => r.ms)),
        lastTillServedAgainMs: Math.max(
          ...Array.from({ length: TILLS }, (_, n) => {
            const f = firstAfter(n);
            return f ? f.sentAt + f.ms - backAt : Infinity;
          }),
        ),
        readyAgainMs: (() => {
          const r = readiness.find((x) => x.sentAt >= backAt && x.status === 200);
          return r ? r.sentAt + r.ms - backAt : null;
        })(),
      };
      writeFileSync(`${process.env.OUTAGE_LOG}.summary.json`, JSON.stringify(summary, null, 2));
    }
    expect(alive(), `the server process exited (code ${child.exitCode}, signal ${child.signalCode}):\n${stderr.slice(-3000)}`).toBe(true);
    expect(
      outcomes.filter((o) => o.error),
      'requests without an answer',
    ).toEqual([]);
    // Every answer is a 200 or the outage's 503, never a 500; every 503 says when to come back.
    const others = outcomes.filter((o) => o.status !== 200 && !(o.status === 503 && o.code === 'DATABASE_UNAVAILABLE'));
    expect(others.slice(0, 5), 'answers other than 200 and 503 DATABASE_UNAVAILABLE').toEqual([]);
    expect(
      outcomes.filter((o) => o.status === 503 && !/^\d+$/.test(o.retryAfter ?? '')),
      '503s without Retry-After',
    ).toEqual([]);
    // While the database was away (sent after the cut, answered before its return): 503s, quickly.
    const during = outcomes.filter((o) => o.sentAt > cutAt + 500 && o.sentAt + o.ms < backAt);
    expect(during.length).toBeGreaterThanOrEqual(TILLS);
    expect(during.filter((o) => o.status !== 503)).toEqual([]);
    expect(Math.max(...outcomes.map((o) => o.ms)), 'the slowest request (ms)').toBeLessThan(MAX_REQUEST_MS);
    const readyDuring = readiness.filter((r) => r.sentAt > cutAt + 500 && r.sentAt + r.ms < backAt);
    expect(readyDuring.length).toBeGreaterThan(3);
    expect(
      readyDuring.filter((r) => r.status !== 503),
      '/readyz while the database is away',
    ).toEqual([]);
    expect(Math.max(...readiness.map((r) => r.ms)), 'the slowest /readyz (ms)').toBeLessThan(MAX_REQUEST_MS);
    // Within 10 s of its return every till is served again, and /readyz is 200.
    for (let n = 0; n < TILLS; n++) {
      const first = outcomes.find((o) => o.till === n && o.status === 200 && o.sentAt >= backAt);
      expect(first, `till ${n} served again`).toBeDefined();
      expect(first!.sentAt + first!.ms - backAt, `till ${n}: ms from the return to its first 200`).toBeLessThan(RECOVERY_MS);
    }
    const ready = readiness.find((r) => r.sentAt >= backAt && r.status === 200);
    expect(ready, '/readyz 200 again').toBeDefined();
    expect(ready!.sentAt + ready!.ms - backAt).toBeLessThan(RECOVERY_MS);

    // The ledger held: one EARN per key answered 200 (the answers name exactly those rows), no
    // key claimed without its answer, and every balance is the sum of its ledger rows.
    const answered = new Map<string, string>();
    for (const o of outcomes) if (o.status === 200) answered.set(o.key, o.transactionId!);
    const earns = rowsOf<{ id: string }>(
      await ctx.db.execute(
        sql`select t.id from transactions t join users u on u.id = t.user_id where u.email = 'cashier@demo.com' and t.type = 'EARN' and t.created_at >= ${startedAt.toISOString()}::timestamptz`,
      ),
    );
    expect(new Set(answered.values()).size).toBe(answered.size);
    expect(earns.map((r) => r.id).sort()).toEqual([...answered.values()].sort());
    const unanswered = rowsOf<{ key: string }>(
      await ctx.db.execute(sql`select key from idempotency_keys where key like 'outage-%' and response_status is null`),
    );
    expect(unanswered).toEqual([]);
    expect(await unbalancedCards(ctx.db)).toEqual([]);
    expect(await offSummaries(ctx.db)).toEqual([]);

    // The job queue survived and runs again: another password-reset e-mail leaves.
    expect(await mailFor('admin@demo.com'), `an e-mail leaves after the outage:\n${stderr.slice(-2000)}`).toBe(true);
    expect(alive()).toBe(true);
    void stdout;
  });
});
