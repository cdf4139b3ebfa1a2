import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_QR_SECRET } from '../src/config.ts';
import { freePort, MAIN_ARGS, ROOT } from './processes.ts';

/**
 * A production start as an operator meets it: `main.ts` started as its own process
 * on the embedded database, with production settings. Each start takes a few seconds
 * (PGlite, migrations).
 */

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://cards.example.com',
  QR_TOKEN_SECRET: 'q'.repeat(48),
  PAYMENT_PROVIDER: 'demo',
  LOG_LEVEL: 'warn',
};

interface Started {
  base: string;
  stdout: () => string;
  stderr: () => string;
  stop(): Promise<number | null>;
}

/**
 * Runs main.ts with `env` (plus a fresh DATA_DIR and a free PORT, and nothing of this
 * process's DATABASE_URL/SEED_DEMO/PAYMENT_PROVIDER). Resolves once it listens, or with the
 * exit code when it stops first.
 */
async function start(env: Record<string, string>): Promise<Started | { exitCode: number | null; stderr: string; stdout: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'loyalty-prod-'));
  dirs.push(dataDir);
  const port = await freePort();
  const base = { ...process.env };
  for (const k of [
    'DATABASE_URL',
    'SEED_DEMO',
    'PAYMENT_PROVIDER',
    'STRIPE_SECRET_KEY',
    'NODE_ENV',
    'QR_TOKEN_SECRET',
    'PUBLIC_URL',
    'REDIS_URL',
    'TRUST_PROXY',
  ])
    delete base[k];
  const child = spawn(process.execPath, MAIN_ARGS, {
    cwd: ROOT,
    env: { ...base, DATA_DIR: path.join(dataDir, 'db'), PORT: String(port), HOST: '127.0.0.1', ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = (async () => {
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) return false;
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (res.ok && out.includes('is running')) return true;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  })();
  const outcome = await Promise.race([ready, exited.then(() => false)]);
  if (!outcome) {
    const exitCode = await Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
    child.kill('SIGKILL');
    return { exitCode, stderr: err, stdout: out };
  }
  return {
    base: `http://127.0.0.1:${port}`,
    stdout: () => out,
    stderr: () => err,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

function isStarted(s: Awaited<ReturnType<typeof start>>): s is Started {
  return 'base' in s;
}

async function post(base: string, url: string, body: unknown, cookie?: string) {
  return fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
}

// A start is a fresh process (tsx, PGlite, migrations): allow for a loaded 2-core machine.
const START_TIMEOUT = 120_000;

describe('a production start on the embedded database', { timeout: START_TIMEOUT }, () => {
  it('seeds no demo data: the published platform password does not sign in; a one-time /setup link creates the first admin', async () => {
    const s = await start(PRODUCTION);
    if (!isStarted(s)) throw new Error(`did not start: ${s.exitCode} ${s.stderr}`);
    try {
      const demo = await post(s.base, '/api/auth/login', { email: 'admin@platform.com', password: 'AdminSecure123!' });
      expect(demo.status).toBe(401);
      expect((await fetch(`${s.base}/api/platform/stats`)).status).toBe(401);
      expect((await fetch(`${s.base}/api/demo/c/DEM0CARD0001`)).status).toBe(404);
      expect(s.stdout()).not.toContain('Demo accounts');

      const link = /https:\/\/cards\.example\.com\/setup\?token=([A-Za-z0-9_-]{43})/.exec(s.stdout());
      expect(link, s.stdout()).not.toBeNull();
      const token = link![1]!;
      const created = await post(s.base, '/api/setup', {
        token,
        firstName: 'Olive',
        lastName: 'Operator',
        email: 'olive@operator.example',
        password: 'Correct-Horse-9',
      });
      expect(created.status).toBe(201);
      const cookie = created.headers.get('set-cookie')!.split(';')[0]!;
      expect((await fetch(`${s.base}/api/platform/stats`, { headers: { cookie } })).status).toBe(200);
      // Single use.
      const again = await post(s.base, '/api/setup', {
        token,
        firstName: 'Eve',
        lastName: 'Twice',
        email: 'eve@operator.example',
        password: 'Correct-Horse-9',
      });
      expect(again.status).toBe(400);
      // The development QR secret is not in use, so no warning about it.
      expect(s.stderr()).not.toContain('QR_TOKEN_SECRET');
    } finally {
      expect(await s.stop()).toBe(0);
    }
  });

  it('creates the first admin from PLATFORM_ADMIN_EMAIL and PLATFORM_ADMIN_PASSWORD, and prints no link', async () => {
    const s = await start({ ...PRODUCTION, PLATFORM_ADMIN_EMAIL: 'Root@Operator.example', PLATFORM_ADMIN_PASSWORD: 'Very-Long-Secret-42' });
    if (!isStarted(s)) throw new Error(`did not start: ${s.exitCode} ${s.stderr}`);
    try {
      expect(s.stdout()).not.toContain('/setup?token=');
      const login = await post(s.base, '/api/auth/login', { email: 'root@operator.example', password: 'Very-Long-Secret-42' });
      expect(login.status).toBe(200);
      expect(((await login.json()) as { user: { role: string } }).user.role).toBe('platform_admin');
    } finally {
      await s.stop();
    }
  });

  it.concurrent.each([
    ['SEED_DEMO=1', { ...PRODUCTION, SEED_DEMO: '1' }, /SEED_DEMO: demo data .* never seeded in production/],
    ['no Stripe keys and no PAYMENT_PROVIDER', { ...PRODUCTION, PAYMENT_PROVIDER: '' }, /PAYMENT_PROVIDER: production without STRIPE_SECRET_KEY/],
    [
      'PLATFORM_ADMIN_PASSWORD under the password policy',
      { ...PRODUCTION, PLATFORM_ADMIN_EMAIL: 'root@operator.example', PLATFORM_ADMIN_PASSWORD: 'short12' },
      /PLATFORM_ADMIN_PASSWORD: Password must be at least 8 characters long/,
    ],
    [
      'the published development QR_TOKEN_SECRET',
      { ...PRODUCTION, QR_TOKEN_SECRET: DEV_QR_SECRET },
      /QR_TOKEN_SECRET: this is the published development secret/,
    ],
    ['a QR_TOKEN_SECRET under 32 characters', { ...PRODUCTION, QR_TOKEN_SECRET: 'q'.repeat(31) }, /QR_TOKEN_SECRET: must be at least 32 characters/],
    [
      'PLATFORM_ADMIN_EMAIL without its password',
      { ...PRODUCTION, PLATFORM_ADMIN_EMAIL: 'root@operator.example' },
      /PLATFORM_ADMIN_PASSWORD: set PLATFORM_ADMIN_EMAIL and PLATFORM_ADMIN_PASSWORD together/,
    ],
  ])('refuses to start with %s: exit 78 and a message naming the variable', async (_name, env, message) => {
    const env2: Record<string, string> = { ...env };
    if (env2.PAYMENT_PROVIDER === '') delete env2.PAYMENT_PROVIDER;
    const s = await start(env2);
    if (isStarted(s)) {
      await s.stop();
      throw new Error('started');
    }
    expect(s.exitCode).toBe(78);
    expect(s.stderr).toMatch(message);
  });
});

describe('a development start', { timeout: START_TIMEOUT }, () => {
  it('seeds the demo accounts and warns that the published development QR secret signs tokens', async () => {
    const s = await start({ LOG_LEVEL: 'warn' });
    if (!isStarted(s)) throw new Error(`did not start: ${s.exitCode} ${s.stderr}`);
    try {
      expect(s.stderr()).toMatch(/Warning: QR_TOKEN_SECRET is not set: card QR tokens are signed with the published development secret/);
      expect(s.stdout()).toContain('admin@platform.com');
      expect((await post(s.base, '/api/auth/login', { email: 'admin@platform.com', password: 'AdminSecure123!' })).status).toBe(200);
    } finally {
      await s.stop();
    }
  });
});
