import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { SCREENS, screenshot } from './support/screens';

/**
 * The first platform admin's set-up in the browser: a production start of the built app on a fresh
 * embedded database has no demo accounts (the login page offers none, the published platform
 * password fails) and prints a one-time /setup link; the operator opens it, creates the first
 * platform admin and lands on the platform dashboard; the link then no longer works. This spec
 * starts its own server (production settings) beside the suite's one.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 50;
const BASE = `http://127.0.0.1:${PORT}`;

let server: ChildProcess;
let output = '';
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'loyalty-e2e-setup-'));
  const env = { ...process.env };
  for (const k of ['DATABASE_URL', 'SEED_DEMO', 'STRIPE_SECRET_KEY', 'REDIS_URL']) delete env[k];
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'db'),
      PUBLIC_URL: BASE,
      QR_TOKEN_SECRET: 'e2e-production-qr-secret-0123456789abcdef',
      PAYMENT_PROVIDER: 'demo',
      // Chromium keeps Secure cookies on http://127.0.0.1 too, but say it plainly for this local run.
      COOKIE_SECURE: '0',
      LOG_LEVEL: 'warn',
    },
  });
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  for (let i = 0; i < 600 && !output.includes('/setup?token='); i++) {
    if (server.exitCode !== null) throw new Error(`production server stopped: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(output).toContain('/setup?token=');
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
});

test('the first platform admin is created through the one-time set-up link', async ({ page }) => {
  // No demo accounts: the login page lists none and the published password fails.
  await page.goto(`${BASE}/login`);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page.getByText('Demo accounts')).toHaveCount(0);
  await page.getByLabel('Email').fill('admin@platform.com');
  await page.getByLabel('Password', { exact: true }).fill('AdminSecure123!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();

  const link = /(http:\/\/127\.0\.0\.1:\d+\/setup\?token=[A-Za-z0-9_-]+)/.exec(output)![1]!;
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set up the platform' })).toBeVisible();
  await expect(page.getByText('At least 8 characters')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Setup form');
  await screenshot(page, { path: `${SCREENS}/setup-desktop.png`, fullPage: true });

  await page.getByLabel('First name').fill('Olive');
  await page.getByLabel('Last name').fill('Operator');
  await page.getByLabel('Email').fill('olive@operator.example');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Create platform admin' }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
  await page.getByLabel('Confirm password').fill('Correct-Horse-9');
  await page.getByRole('button', { name: 'Create platform admin' }).click();
  await expect(page).toHaveURL(/\/platform\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Platform Dashboard' })).toBeVisible();

  // Spent: the same link now says so.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(page.getByText('This set-up link is invalid or has expired. Restart the server to print a new one.')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page, 'Setup, spent link');
  await screenshot(page, { path: `${SCREENS}/setup-spent-phone.png`, fullPage: true });
});
