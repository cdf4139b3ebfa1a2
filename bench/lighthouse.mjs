#!/usr/bin/env node
/**
 * `npm run bench:lighthouse`: Lighthouse 12's accessibility and best-practices scores (desktop)
 * of /login, the public card page, the POS, the dashboard and the transactions page, on the
 * built app and a fresh embedded database with demo data. Builds what is stale first, starts
 * the built server on a free port, opens Debian's Chromium with a debugging port, and runs
 * Lighthouse on each page; the signed-in pages get the demo Store Admin's session cookie as a
 * header. Prints each page's scores and the audits that failed, writes
 * bench/results/lighthouse-<timestamp>.json, and exits 1 when a page scores below its goal
 * (accessibility 100, best practices 95).
 *
 *   node bench/lighthouse.mjs
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { build } from '../scripts/build.mjs';
import { freePort } from '../scripts/start-time.mjs';
import { publicCardPath, signInCookie, startServer } from './support/demo-server.mjs';

const GOALS = { accessibility: 100, 'best-practices': 95 };

await build();
const port = await freePort();
const debugPort = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'loyalty-lighthouse-'));
const server = await startServer(port, dataDir);
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--remote-debugging-port=${debugPort}`,
  ],
});
const results = [];
let failed = false;
try {
  const cookie = await signInCookie(base);
  const pages = [
    { name: '/login', pathname: '/login' },
    { name: 'public card page', pathname: await publicCardPath(base) },
    { name: 'POS', pathname: '/t/demo/pos', cookie },
    { name: 'dashboard', pathname: '/t/demo/dashboard', cookie },
    { name: 'transactions', pathname: '/t/demo/transactions', cookie },
  ];
  for (const { name, pathname, cookie: pageCookie } of pages) {
    const flags = {
      port: debugPort,
      logLevel: 'error',
      output: 'json',
      onlyCategories: Object.keys(GOALS),
      ...(pageCookie ? { extraHeaders: { Cookie: pageCookie } } : {}),
    };
    const run = await lighthouse(`${base}${pathname}`, flags, desktopConfig);
    const lhr = run.lhr;
    const scores = Object.fromEntries(Object.keys(GOALS).map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const failing = Object.keys(GOALS).flatMap((c) =>
      lhr.categories[c].auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
        .map((ref) => `${c}: ${ref.id} (${lhr.audits[ref.id].title})`),
    );
    // A signed-in page that fell back to /login would score the sign-in form instead.
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== pathname.replace(/\?.*/, '')) throw new Error(`${name}: Lighthouse ended on ${landed}, not ${pathname}`);
    const below = Object.entries(GOALS).filter(([c, goal]) => scores[c] < goal);
    if (below.length) failed = true;
    console.log(`${name}: accessibility ${scores.accessibility}, best practices ${scores['best-practices']}${below.length ? '  BELOW GOAL' : ''}`);
    for (const f of failing) console.log(`  ${f}`);
    results.push({ name, url: pathname.replace(/\?.*/, '?…'), scores, failing });
  }
} finally {
  await browser.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
mkdirSync('bench/results', { recursive: true });
const file = `bench/results/lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
writeFileSync(file, JSON.stringify({ lighthouse: '12', goals: GOALS, results }, null, 2));
console.log(`written to ${file}`);
process.exit(failed ? 1 : 0);
