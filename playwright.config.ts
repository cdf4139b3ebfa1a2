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
 * Spec files that still write the shared demo tenant (slug `demo`) or read what others write
 * there: one at a time, in their own project. Every other spec works in a business of its own
 * (e2e/support/fixtures.ts) or only reads the demo data, and runs beside them.
 */
const DEMO_TENANT_SPECS = [
  'cards',
  'customer-data',
  'customers',
  'invitations',
  'journey',
  'money-corrections',
  'password-reset',
  'pos',
  'public-card',
  'rules',
  'self-enrolment',
  'staff-stores',
  'transactions',
];
/** Tests that change the platform's settings every sign-in reads: tagged, and run alone at the end. */
const PLATFORM_SETTINGS = /@platform-settings/;

const specFiles = readdirSync(path.join(import.meta.dirname, 'e2e'))
  .filter((f) => f.endsWith('.spec.ts'))
  .sort();
const nameOf = (file: string) => file.replace(/\.spec\.ts$/, '');
const matchOf = (files: string[]) => files.map((f) => new RegExp(`[\\/]${nameOf(f).replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}\\.spec\\.ts$`));
const demoFiles = specFiles.filter((f) => DEMO_TENANT_SPECS.includes(nameOf(f)));
const ownFiles = specFiles.filter((f) => !DEMO_TENANT_SPECS.includes(nameOf(f)));
/** The last project: the @platform-settings tests, after every other project. */
const settingsProject = (after: string[]): Project => ({ name: 'platform-settings', grep: PLATFORM_SETTINGS, dependencies: after, workers: 1 });

/** Without E2E_SHUFFLE_SEED: the demo-tenant specs one at a time beside the rest, in parallel. */
function sortedProjects(): Project[] {
  return [
    { name: 'demo-tenant', testMatch: matchOf(demoFiles), grepInvert: PLATFORM_SETTINGS, workers: 1 },
    { name: 'own-business', testMatch: matchOf(ownFiles), grepInvert: PLATFORM_SETTINGS },
    settingsProject(['demo-tenant', 'own-business']),
  ];
}

/**
 * With E2E_SHUFFLE_SEED: one project per spec file, in a seeded random order. Playwright sorts
 * the files of a project (and of a command line), but starts a project only after its
 * dependencies, so two chains of projects fix the order: the demo-tenant specs in one (never
 * two at once), the others in the second; the chains run side by side and the
 * @platform-settings tests run after both. A failing file skips the rest of its chain.
 */
function shuffledProjects(seed: string): Project[] {
  const next = random(Number.parseInt(seed, 10) || [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16_777_619), 2_166_136_261));
  const shuffle = (files: string[]) => {
    const out = [...files];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  const chain = (prefix: string, files: string[]): Project[] =>
    files.map((file, i) => ({
      name: `${prefix}${String(i + 1).padStart(2, '0')}-${nameOf(file)}`,
      testMatch: matchOf([file]),
      grepInvert: PLATFORM_SETTINGS,
      dependencies: i > 0 ? [`${prefix}${String(i).padStart(2, '0')}-${nameOf(files[i - 1]!)}`] : [],
    }));
  const demo = chain('demo-', shuffle(demoFiles));
  const own = chain('own-', shuffle(ownFiles));
  return [...demo, ...own, settingsProject([demo.at(-1)!.name!, own.at(-1)!.name!])];
}
const SEED = process.env.E2E_SHUFFLE_SEED;
// Printed once, by the runner (the workers load the configuration too).
if (SEED && process.env.TEST_WORKER_INDEX === undefined) console.log(`E2E_SHUFFLE_SEED=${SEED}`);

export default defineConfig({
  testDir: 'e2e',
  // Two workers share the machine's two cores with the server: a test may take longer than alone.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: WORKERS,
  // Files run side by side; the tests of one file in order (several build on the one before).
  fullyParallel: false,
  projects: SEED ? shuffledProjects(SEED) : sortedProjects(),
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    // As a user who turned animations off: toasts appear and close at once instead of bouncing
    // for half a second, in the contexts the specs make themselves too (the switch below).
    reducedMotion: 'reduce',
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
        '--force-prefers-reduced-motion',
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
