import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, type Project } from '@playwright/test';

/**
 * Browser tests (`npm run test:e2e`): build what is missing or stale (scripts/build.mjs), start
 * the built server (`node apps/server/dist/main.js`) on a fresh embedded database with demo
 * data, and drive Debian's Chromium (/usr/bin/chromium). Spec files run in parallel (each makes
 * its own business, e2e/support/fixtures.ts); E2E_SHUFFLE_SEED runs them once in a seeded random
 * order (ADR 0041).
 */
/** E2E_PORT lets two runs (e.g. parallel work on one machine) use different ports. */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'loyalty-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
/** Parallel workers: 2 by default (the CI machine has two cores), E2E_WORKERS to change it. */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/** A seeded pseudo-random number generator (mulberry32): the same seed, the same order. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * With E2E_SHUFFLE_SEED: one project per spec file, the files in a seeded random order dealt
 * into one chain per worker, each project depending on the one before it in its chain.
 * Playwright sorts the files of a project (and of a command line), but runs a project only
 * after its dependencies, so the chains fix the order while the chains run side by side. A
 * failing file skips the rest of its chain. Without the variable: undefined (one project).
 */
function shuffledProjects(seed: string | undefined): Project[] | undefined {
  if (!seed) return undefined;
  const next = random(Number.parseInt(seed, 10) || [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16_777_619), 2_166_136_261));
  const files = readdirSync(path.join(import.meta.dirname, 'e2e'))
    .filter((f) => f.endsWith('.spec.ts'))
    .sort();
  for (let i = files.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [files[i], files[j]] = [files[j], files[i]];
  }
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const names = files.map((file, i) => `${String(i + 1).padStart(2, '0')}-${file.replace(/\.spec\.ts$/, '')}`);
  return files.map((file, i) => ({
    name: names[i],
    testMatch: new RegExp(`[\\/]${escape(file)}$`),
    dependencies: i >= WORKERS ? [names[i - WORKERS]] : [],
  }));
}
// Printed once, by the runner (the workers load the configuration too).
if (process.env.E2E_SHUFFLE_SEED && process.env.TEST_WORKER_INDEX === undefined) console.log(`E2E_SHUFFLE_SEED=${process.env.E2E_SHUFFLE_SEED}`);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: WORKERS,
  // Files run side by side; the tests of one file in order (several build on the one before).
  fullyParallel: false,
  projects: shuffledProjects(process.env.E2E_SHUFFLE_SEED),
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // What production runs: the built server (scripts/build.mjs first builds what is stale).
    command: 'node scripts/build.mjs && node apps/server/dist/main.js',
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000', WEBHOOKS_ALLOW_PRIVATE: '1' },
  },
});
