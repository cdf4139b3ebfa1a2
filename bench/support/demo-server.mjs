/**
 * The benches' demo server: the built server (apps/server/dist) started on a port of its own
 * with a fresh embedded database and demo data, and the demo data's sign-in and card page.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from '../../scripts/build.mjs';

const CARD = 'DEM0CARD0001';
export const ADMIN = { email: 'admin@demo.com', password: 'DemoAdmin123!' };

/** Starts the built server on `port` with its own data directory; resolves once /healthz answers 200. */
export async function startServer(port, dataDir) {
  const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  server.kill();
  throw new Error('the server did not answer /healthz within 60 s');
}

/** Signs in through the API as `who` (default the demo Store Admin); resolves to the session's Cookie header value. */
export async function signInCookie(base, who = ADMIN) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(who),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The public card page's path of the demo card, with its signed token, read as the Store Admin. */
export async function publicCardPath(base) {
  const cookie = await signInCookie(base);
  const card = await fetch(`${base}/api/t/demo/cards/${CARD}`, { headers: { cookie } });
  if (!card.ok) throw new Error(`card lookup failed: ${card.status}`);
  const url = new URL((await card.json()).qrUrl);
  return `${url.pathname}${url.search}`;
}
