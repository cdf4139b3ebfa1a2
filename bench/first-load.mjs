#!/usr/bin/env node
/**
 * `npm run bench:first-load`: the JavaScript a browser downloads on the first load of /login and
 * of the public card page (/demo/c/{uid}?t=…), on the built app and a fresh embedded database
 * with demo data. Builds what is stale first, starts the built server on a free port, opens each
 * page in Debian's Chromium with an empty cache, waits until the network is idle, and prints
 * per page the number of scripts, their bytes as sent (what went over the wire, compressed when
 * the server compressed them) and their decoded bytes.
 *
 *   node bench/first-load.mjs
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build } from '../scripts/build.mjs';
import { freePort } from '../scripts/start-time.mjs';
import { publicCardPath, startServer } from './support/demo-server.mjs';

/**
 * Loads `url` in a fresh context until `ready` (a text the page shows once rendered) is visible
 * and the network is idle, and sums its scripts: `{ scripts, sentBytes, decodedBytes, files }`.
 */
async function measure(browser, url, ready) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const loads = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    loads.push(
      Promise.all([request.sizes(), request.response().then((r) => r?.body())]).then(([sizes, body]) => ({
        path: new URL(request.url()).pathname,
        sent: sizes.responseBodySize,
        decoded: body?.length ?? 0,
      })),
    );
  });
  await page.goto(url);
  await page.getByText(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const list = await Promise.all(loads);
  await context.close();
  return {
    scripts: list.length,
    sentBytes: list.reduce((n, s) => n + s.sent, 0),
    decodedBytes: list.reduce((n, s) => n + s.decoded, 0),
    files: list.map((s) => s.path),
  };
}

await build();
const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'loyalty-first-load-'));
const server = await startServer(port, dataDir);
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const pages = [
    { name: '/login', pathname: '/login', ready: 'Forgot password?' },
    { name: 'public card page', pathname: await publicCardPath(base), ready: 'Current balance' },
  ];
  for (const { name, pathname, ready } of pages) {
    const r = await measure(browser, `${base}${pathname}`, ready);
    const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
    console.log(`${name}: ${r.scripts} scripts, ${kib(r.sentBytes)} sent, ${kib(r.decodedBytes)} decoded`);
    if (process.argv.includes('--files')) for (const f of r.files) console.log(`  ${f}`);
  }
} finally {
  await browser.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
