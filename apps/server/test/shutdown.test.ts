import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { rowsOf } from '../src/lib/sql.ts';
import { offSummaries, unbalancedCards } from './helpers.ts';
import { freePort, MAIN_ARGS, ROOT } from './processes.ts';

/**
 * Health and shutdown: main.ts as its own process on the embedded database, earning
 * from six tills through a "load balancer" that polls /readyz, while it receives SIGTERM. /readyz
 * turns 503 at once, the instance keeps serving for SHUTDOWN_DRAIN_MS, so every request the
 * balancer sent is answered 200, none dropped; then it exits 0. Every 200 is in the ledger and
 * nothing else is; no idempotency key is left claimed without its answer; each card's balance
 * is still the sum of its ledger rows.
 */

const dataRoot = mkdtempSync(path.join(tmpdir(), 'loyalty-shutdown-'));
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

/** One HTTP request on its own connection (no keep-alive): the status, or the socket error's code. */
function send(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status?: number; error?: string; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      { host: '127.0.0.1', port, method, path: url, agent: false, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode, body: text, headers: res.headers }));
        res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message, body: text, headers: {} }));
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message, body: '', headers: {} }));
    req.end(payload);
  });
}

describe('SIGTERM under load', { timeout: 180_000 }, () => {
  it('drops no request and half-applies none: every answered earn is in the ledger, nothing else is', async () => {
    const dataDir = path.join(dataRoot, 'db');
    const port = await freePort();
    const env = { ...process.env };
    for (const k of ['DATABASE_URL', 'NODE_ENV', 'REDIS_URL', 'PAYMENT_PROVIDER', 'QR_TOKEN_SECRET']) delete env[k];
    const child = spawn(process.execPath, MAIN_ARGS, {
      cwd: ROOT,
      env: {
        ...env,
        NODE_ENV: 'development',
        SEED_DEMO: '1',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SHUTDOWN_DRAIN_MS: '1500',
        SHUTDOWN_GRACE_MS: '10000',
      },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    for (let i = 0; i < 900; i++) {
      const r = await send(port, 'GET', '/readyz', {});
      if (r.status === 200) break;
      if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
      await new Promise((r2) => setTimeout(r2, 100));
    }
    const login = await send(port, 'POST', '/api/auth/login', {}, { email: 'cashier@demo.com', password: 'DemoCashier123!' });
    expect(login.status, login.body).toBe(200);
    const cookie = (login.headers['set-cookie'] as string[]).find((c) => c.startsWith('sid='))!.split(';')[0]!;

    // The load balancer: polls /readyz and takes the instance out of rotation when it answers 503.
    let inRotation = true;
    let readyPolls = 0;
    const balancer = (async () => {
      while (inRotation) {
        const r = await send(port, 'GET', '/readyz', {});
        readyPolls++;
        if (r.status !== 200) inRotation = false;
        else await new Promise((r2) => setTimeout(r2, 50));
      }
    })();
    // Six tills earn through the balancer as long as it routes to this instance; SIGTERM after 40 earns.
    const outcomes: { key: string; status?: number; error?: string; afterSigterm: boolean }[] = [];
    let sent = 0;
    let terminated = false;
    const till = async (n: number) => {
      while (inRotation) {
        const key = `shutdown-${n}-${sent++}`;
        const afterSigterm = terminated;
        const r = await send(
          port,
          'POST',
          '/api/t/demo/transactions/earn',
          { cookie, 'idempotency-key': key },
          { cardUid: `DEM0CARD000${(sent % 5) + 1}`, amountCents: 1000 },
        );
        outcomes.push({ key, status: r.status, error: r.error, afterSigterm });
        if (!terminated && outcomes.filter((o) => o.status === 200).length >= 40) {
          terminated = true;
          child.kill('SIGTERM');
        }
      }
    };
    await Promise.all([balancer, ...Array.from({ length: 6 }, (_, n) => till(n))]);
    expect(await exited, stderr).toBe(0);

    // Every request sent was answered 200, including those sent between SIGTERM and the balancer's next poll.
    const answered = outcomes.filter((o) => o.status === 200);
    expect(
      outcomes.filter((o) => o.status !== 200),
      'requests not answered 200',
    ).toEqual([]);
    expect(answered.length).toBeGreaterThanOrEqual(40);
    expect(
      outcomes.some((o) => o.afterSigterm),
      'the instance served while draining',
    ).toBe(true);
    expect(readyPolls).toBeGreaterThan(1);

    const handle = await openDatabase({ dataDir });
    try {
      const rows = rowsOf<{ key: string; response_status: number | null }>(
        await handle.db.execute(sql`select key, response_status from idempotency_keys where key like 'shutdown-%'`),
      );
      expect(
        rows.filter((r) => r.response_status === null),
        'keys claimed without an answer',
      ).toEqual([]);
      expect(rows.map((r) => r.key).sort()).toEqual(answered.map((o) => o.key).sort());
      const [earns] = rowsOf<{ n: number }>(
        await handle.db.execute(
          sql`select count(*)::int as n from transactions t join users u on u.id = t.user_id where u.email = 'cashier@demo.com' and t.type = 'EARN' and t.created_at > now() - interval '10 minutes'`,
        ),
      );
      expect(earns.n).toBe(answered.length);
      expect(await unbalancedCards(handle.db)).toEqual([]);
      expect(await offSummaries(handle.db)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
