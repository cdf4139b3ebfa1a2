import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, type Project } from '@playwright/test';

/**
 * Browser tests (`npm run test:e2e`): build what is missing or stale (scripts/build.mjs), start
 * the built server (`node apps/server/dist/main.js`) on a fresh embedded database with demo
 * data, and drive Debian's Chromium (/usr/bin/chromium). Spec files run in parallel (each makes
 * its own business, e2e/support/fixtures.ts); `npm run test:e2e -- --shuffle=<seed>` runs them
 * once in a seeded random order (ADR 0041).
 */
/** E2E_PORT lets two runs (e.g. parallel work on one machine) use different ports. */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'loyalty-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
/** Parallel workers: 2 by default (the CI machine has two cores), E2E_WORKERS to change it. */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

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
  'wallet',
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
/**
 * The demo-tenant specs one at a time beside the rest, in parallel; the @platform-settings tests
 * after both. `--shuffle[=seed]` (Playwright's own) schedules the files of each phase in a seeded
 * random order while workers still take whichever file is free to run (ADR 0041).
 */
const projects: Project[] = [
  { name: 'demo-tenant', testMatch: matchOf(demoFiles), grepInvert: PLATFORM_SETTINGS, workers: 1 },
  { name: 'own-business', testMatch: matchOf(ownFiles), grepInvert: PLATFORM_SETTINGS },
  { name: 'platform-settings', grep: PLATFORM_SETTINGS, dependencies: ['demo-tenant', 'own-business'], workers: 1 },
];

export default defineConfig({
  testDir: 'e2e',
  // Two workers share the machine's two cores with the server: a test may take longer than alone.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: WORKERS,
  // Files run side by side; the tests of one file in order (several build on the one before).
  fullyParallel: false,
  projects,
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
