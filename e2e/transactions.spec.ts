import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DEMO, signInTo } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * Dashboard and Transactions (real trends) on the built app and the demo database: a cashier earns
 * and redeems at the POS and finds both movements on Transactions and in the dashboard's
 * Recent Transactions; filters by type and date, clears them, exports the filtered rows as CSV
 * and pages through the list; the tiles show the API's figures; the banner's three variants.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

interface ApiTransaction {
  id: string;
  type: string;
  customerName: string | null;
  cardUid: string;
  amountCents: number;
  cashbackCents: number;
  beforeBalanceCents: number;
  afterBalanceCents: number;
}
interface Trend {
  thisMonth: number;
  lastMonth: number;
  changePct: number | null;
}

/** GET /api/t/demo/transactions with the given query, as the signed-in user. */
async function listApi(
  request: APIRequestContext,
  query: Record<string, string> = {},
): Promise<{ transactions: ApiTransaction[]; total: number; pages: number }> {
  const res = await request.get(`/api/t/demo/transactions?${new URLSearchParams({ limit: '200', ...query })}`);
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const count = (n: number) => n.toLocaleString('en-US');
/** The trend line the dashboard must show for a figure (real trends). */
function trendText(t: Trend): string {
  if (t.changePct === null) return t.thisMonth > 0 ? 'New this month' : '—';
  const abs = Math.abs(t.changePct).toFixed(1);
  return t.changePct > 0 ? `+${abs}% from last month` : t.changePct < 0 ? `−${abs}% from last month` : '0.0% from last month';
}

const utcToday = () => new Date().toISOString().slice(0, 10);
const tableRows = (page: Page) => page.getByRole('table', { name: 'Transactions' }).locator('tbody tr');
const summary = (page: Page) => page.getByTestId('pagination-summary');
const tile = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

async function openFilters(page: Page): Promise<Locator> {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const panel = page.getByRole('region', { name: 'Filters' });
  await expect(panel).toBeVisible();
  return panel;
}

test('a cashier earns at the POS, then finds it on Transactions and the dashboard; filters, export and pages', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInTo(page, DEMO.cashier, '/t/demo/pos');
  await expect(page).toHaveURL(/\/t\/demo\/pos$/);

  // Earn $37.40 on a REPAIR and redeem $1.00 for Maria Garcia at the POS.
  await page.getByLabel('Card UID').fill('DEM0CARD0002');
  await page.getByRole('button', { name: 'Load' }).click();
  await expect(page.getByText('Maria Garcia')).toBeVisible();
  await page.getByLabel('Purchase amount').fill('37.40');
  await page.getByLabel('Category').selectOption('REPAIR');
  await page.getByRole('button', { name: /Process Earn/ }).click();
  await expect(page.getByText(/Cashback earned: \$/)).toBeVisible();
  await page.getByRole('tab', { name: 'Redeem' }).click();
  await page.getByLabel('Redeem amount').fill('1.00');
  await page.getByRole('button', { name: /Process Redeem/ }).click();
  await expect(page.getByText(/Redeemed \$1\.00/)).toBeVisible();

  const [redeemRow, earnRow] = (await listApi(page.request, { search: 'DEM0CARD0002', limit: '2' })).transactions;
  expect([redeemRow.type, earnRow.type]).toEqual(['REDEEM', 'EARN']);
  expect(earnRow.amountCents).toBe(3740);

  // The dashboard works for a cashier: Recent Transactions starts with both movements.
  await page.goto('/t/demo/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const recent = page.getByRole('table', { name: 'Recent Transactions' });
  await expect(recent.locator('tbody tr')).toHaveCount(5);
  const [r1, r2] = [recent.locator('tbody tr').nth(0), recent.locator('tbody tr').nth(1)];
  await expect(r1).toContainText('Maria Garcia');
  await expect(r1).toContainText('DEM0CARD0002');
  await expect(r1).toContainText('Redeem');
  await expect(r1.locator('td').nth(2)).toHaveText('−$1.00');
  await expect(r1.locator('td').nth(3)).toHaveText('—');
  await expect(r2).toContainText('Earn');
  await expect(r2.locator('td').nth(2)).toHaveText('$37.40');
  await expect(r2.locator('td').nth(3)).toHaveText(`+${money(earnRow.cashbackCents)}`);

  // The six tiles show the API's figures and trends.
  const report = await (await page.request.get('/api/t/demo/reports/dashboard')).json();
  const tiles: [string, string, Trend][] = [
    ['Total Customers', count(report.stats.totalCustomers), report.trends.totalCustomers],
    ['Active Cards', count(report.stats.totalCards), report.trends.totalCards],
    ['Total Transactions', count(report.stats.totalTransactions), report.trends.totalTransactions],
    ['Cashback Issued', money(report.stats.totalCashbackIssued), report.trends.totalCashbackIssued],
    ['Cashback Redeemed', money(report.stats.totalCashbackRedeemed), report.trends.totalCashbackRedeemed],
    ['Active Offers', count(report.stats.activeOffers), report.trends.activeOffers],
  ];
  for (const [name, value, trend] of tiles) {
    await expect(tile(page, name).getByTestId('stat-value')).toHaveText(value);
    await expect(tile(page, name).getByTestId('stat-trend')).toHaveText(trendText(trend));
  }
  // The demo data: 6 customers, 14 cards, one running offer; the ledger holds all movements.
  expect(report.stats.totalCustomers).toBeGreaterThanOrEqual(6);
  expect(report.stats.activeOffers).toBe(1);
  expect(report.stats.totalTransactions).toBe((await listApi(page.request, { limit: '1' })).total);
  // The trial banner: the demo tenant is on trial with activations to spare (blue).
  const banner = page.locator('section[data-variant]');
  await expect(banner).toHaveAttribute('data-variant', 'trial');
  await expect(banner).toHaveAttribute('data-tone', 'blue');
  await expect(banner.getByRole('heading', { name: 'Free Trial Status' })).toBeVisible();
  await expect(banner.getByRole('progressbar', { name: 'Free trial activations used' })).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/tx-dashboard-desktop.png`, fullPage: true });

  // More than one page of transactions: top up through the API with small earns when needed.
  let total = (await listApi(page.request, { limit: '1' })).total;
  for (let i = 0; total <= 55; i++, total++) {
    const res = await page.request.post('/api/t/demo/transactions/earn', {
      headers: { 'Idempotency-Key': randomUUID() },
      data: { cardUid: 'DEM0CARD0003', amountCents: 100 + i, category: 'OTHER' },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }

  // Transactions: the newest row is the redeem; balance change before → after.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(/\/t\/demo\/transactions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(page.getByText('View and manage all cashback transactions')).toBeVisible();
  await expect(tableRows(page)).toHaveCount(50);
  await expect(summary(page)).toHaveText(`Showing 1 to 50 of ${total} results`);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await screenshot(page, { path: `${SCREENS}/tx-transactions-desktop.png`, fullPage: true });

  // Search finds Maria's two movements; the newest first, balance change before → after.
  await page.getByLabel('Search transactions').fill('maria');
  await expect(page).toHaveURL(/search=maria/);
  const mariaRow = tableRows(page).first();
  await expect(mariaRow).toContainText('Maria Garcia');
  await expect(mariaRow).toContainText('Redeem');
  await expect(mariaRow).toContainText(`${money(redeemRow.beforeBalanceCents)}${money(redeemRow.afterBalanceCents)}`);
  await expect(tableRows(page).nth(1)).toContainText('Repair');
  await page.getByRole('button', { name: 'Clear Filters' }).first().click();
  await expect(page.getByLabel('Search transactions')).toHaveValue('');
  await expect(summary(page)).toHaveText(`Showing 1 to 50 of ${total} results`);

  // Next page, then Back returns to page 1.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(summary(page)).toHaveText(`Showing 51 to ${Math.min(100, total)} of ${total} results`);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.goBack();
  await expect(summary(page)).toHaveText(`Showing 1 to 50 of ${total} results`);

  // Filter by type Redeem: only redeems, as many as the API counts; kept over a reload.
  let panel = await openFilters(page);
  await panel.getByLabel('Type').selectOption({ label: 'Redeem' });
  await expect(page).toHaveURL(/type=REDEEM/);
  const redeems = await listApi(page.request, { type: 'REDEEM' });
  expect(redeems.total).toBeGreaterThan(0);
  await expect(summary(page)).toHaveText(`Showing 1 to ${Math.min(50, redeems.total)} of ${redeems.total} results`);
  for (const type of await tableRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-type')))) expect(type).toBe('REDEEM');
  await page.reload();
  panel = page.getByRole('region', { name: 'Filters' });
  await expect(panel.getByLabel('Type')).toHaveValue('REDEEM');
  await expect(summary(page)).toHaveText(`Showing 1 to ${Math.min(50, redeems.total)} of ${redeems.total} results`);

  // A date range that excludes everything: the filtered empty state.
  await panel.getByLabel('From date').fill('2001-01-01');
  await panel.getByLabel('To date').fill('2001-01-31');
  await expect(page.getByText('No transactions found matching your criteria')).toBeVisible();
  await expect(page).toHaveURL(/from=2001-01-01/);
  await expectNoSeriousA11yViolations(page, 'Transactions, no match');
  await screenshot(page, { path: `${SCREENS}/tx-transactions-empty-filtered.png`, fullPage: true });

  // Today only: today's redeems, the cashier's $1.00 among them.
  const today = utcToday();
  await panel.getByLabel('To date').fill(today);
  await panel.getByLabel('From date').fill(today);
  const todays = await listApi(page.request, { type: 'REDEEM', from: today, to: today });
  expect(todays.transactions.map((t) => t.id)).toContain(redeemRow.id);
  await expect(summary(page)).toHaveText(`Showing 1 to ${todays.total} of ${todays.total} results`);
  await expect(tableRows(page)).toHaveCount(todays.total);
  await expectNoSeriousA11yViolations(page, 'Transactions, filtered');
  await screenshot(page, { path: `${SCREENS}/tx-transactions-filtered.png`, fullPage: true });

  // Export CSV: transactions.csv holds exactly the filtered rows (the search box is not applied).
  await page.getByLabel('Search transactions').fill('nobody-matches-this');
  await expect(page.getByText('No transactions found matching your criteria')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('transactions.csv');
  const records: Record<string, string>[] = parse(readFileSync((await download.path())!), { columns: true, skip_empty_lines: true, bom: true });
  expect(records.length).toBe(todays.total);
  expect(records.map((r) => r['Transaction ID']).sort()).toEqual(todays.transactions.map((t) => t.id).sort());
  for (const r of records) expect(r.Type).toBe('REDEEM');
  const exported = records.find((r) => r['Transaction ID'] === redeemRow.id)!;
  expect(exported['Card UID']).toBe('DEM0CARD0002');
  expect(exported.Customer).toBe('Maria Garcia');
  expect(exported.Amount).toBe('1.00');
  expect(exported['Balance Before']).toBe((redeemRow.beforeBalanceCents / 100).toFixed(2));
  expect(exported['Balance After']).toBe((redeemRow.afterBalanceCents / 100).toFixed(2));

  // Clear Filters resets filters and search, and the address.
  await page.getByRole('button', { name: 'Clear Filters' }).first().click();
  await expect(page).toHaveURL(/\/t\/demo\/transactions$/);
  await expect(panel.getByLabel('Type')).toHaveValue('');
  await expect(panel.getByLabel('From date')).toHaveValue('');
  await expect(summary(page)).toHaveText(`Showing 1 to 50 of ${total} results`);
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();

  // A phone: stacked rows; the filter panel folds away.
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('region', { name: 'Filters' })).toBeHidden();
  await expect(page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').first()).toBeVisible();
  await expect(tableRows(page).first()).toBeHidden();
  await expectNoSeriousA11yViolations(page, 'Transactions on a phone');
  await screenshot(page, { path: `${SCREENS}/tx-transactions-phone.png` });
  await page.goto('/t/demo/dashboard');
  await expect(tile(page, 'Total Customers')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recent Transactions' }).getByRole('listitem')).toHaveCount(5);
  await screenshot(page, { path: `${SCREENS}/tx-dashboard-phone.png`, fullPage: true });
});

/** Serves GET /tenant and /trial/status with the real answer changed by `edit`. */
async function patchJson(page: Page, pattern: string, edit: (body: Record<string, unknown>) => void) {
  await page.route(pattern, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    edit(body);
    await route.fulfill({ response, json: body });
  });
}

test('the dashboard banner shows the plan, the expired trial and the trial running low', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInTo(page, DEMO.admin, '/t/demo/dashboard');
  await expect(page).toHaveURL(/\/t\/demo\/dashboard$/);
  const banner = page.locator('section[data-variant]');
  await expect(banner).toHaveAttribute('data-variant', 'trial');

  // (3) Trial with 5 or fewer activations left: yellow, with the upgrade buttons.
  await patchJson(page, '**/api/t/demo/trial/status', (b) =>
    Object.assign(b, { activationsUsed: 36, trialLimit: 40, activationsRemaining: 4, subscriptionRequired: false }),
  );
  await page.reload();
  await expect(banner).toHaveAttribute('data-tone', 'yellow');
  await expect(banner.getByRole('heading', { name: 'Free Trial Status' })).toBeVisible();
  await expect(banner.getByText('36 of 40 activations used')).toBeVisible();
  await expect(banner.getByText(/4 free activations remaining/)).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/t/demo/billing');
  await expect(banner.getByRole('link', { name: 'Order More Cards' })).toHaveAttribute('href', '/t/demo/card-orders');
  await expectNoSeriousA11yViolations(page, 'Dashboard banner, trial running low');
  await screenshot(page, { path: `${SCREENS}/tx-banner-trial-low.png` });
  await page.unrouteAll();

  // (2) No active plan and a subscription required: red 'Free Trial Expired'.
  await patchJson(page, '**/api/t/demo/trial/status', (b) =>
    Object.assign(b, { activationsUsed: 40, trialLimit: 40, activationsRemaining: 0, subscriptionRequired: true }),
  );
  await page.reload();
  await expect(banner).toHaveAttribute('data-variant', 'expired');
  await expect(banner).toHaveAttribute('data-tone', 'red');
  await expect(banner.getByRole('heading', { name: 'Free Trial Expired' })).toBeVisible();
  await expect(banner.getByText("You've used all 40 free card activations.")).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/t/demo/billing');
  await expect(banner.getByRole('link', { name: 'Order More Cards' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Dashboard banner, trial expired');
  await screenshot(page, { path: `${SCREENS}/tx-banner-expired.png` });
  await page.unrouteAll();

  // (1) An active plan: green with room, yellow at 50 or fewer left, 'No cards remaining.' at 0.
  const plan = (used: number, limit: number) => (b: Record<string, unknown>) =>
    Object.assign(b, {
      subscriptionStatus: 'ACTIVE',
      subscriptionInfo: { isActive: true, planId: null, planName: 'Starter', cardLimit: limit, cardsUsed: used, cardsRemaining: limit - used },
    });
  for (const [used, tone, note] of [
    [300, 'green', '200 cards remaining'],
    [460, 'yellow', '40 cards remaining'],
    [500, 'yellow', 'No cards remaining.'],
  ] as const) {
    await patchJson(page, '**/api/t/demo/tenant', plan(used, 500));
    await page.reload();
    await expect(banner).toHaveAttribute('data-variant', 'plan');
    await expect(banner).toHaveAttribute('data-tone', tone);
    await expect(banner.getByRole('heading', { name: 'Starter Plan - Active' })).toBeVisible();
    await expect(banner.getByText(`${used} of 500 cards used`)).toBeVisible();
    await expect(banner.getByText(note)).toBeVisible();
    if (used === 500) {
      await expect(banner.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/t/demo/billing');
      await expect(banner.getByRole('link', { name: 'Order More Cards' })).toHaveAttribute('href', '/t/demo/card-orders');
      await expectNoSeriousA11yViolations(page, 'Dashboard banner, plan full');
      await screenshot(page, { path: `${SCREENS}/tx-banner-plan-full.png` });
    } else {
      await expect(banner.getByRole('link')).toHaveCount(0);
    }
    await page.unrouteAll();
  }

  // Without the trial status the banner is hidden (its failure is only logged).
  await page.route('**/api/t/demo/trial/status', (route) => route.fulfill({ status: 500, json: { error: 'boom', code: 'INTERNAL' } }));
  await page.reload();
  await expect(tile(page, 'Total Customers')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.unrouteAll();
});

test('failures: the dashboard says so and retries; the transaction list offers a retry', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInTo(page, DEMO.admin, '/t/demo/dashboard');
  await page.route('**/api/t/demo/reports/dashboard', (route) => route.fulfill({ status: 500, json: { error: 'boom', code: 'INTERNAL' } }));
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Failed to load dashboard data', { timeout: 20_000 });
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(tile(page, 'Total Customers')).toBeVisible();

  await page.route(/\/api\/t\/demo\/transactions\?/, (route) => route.fulfill({ status: 500, json: { error: 'boom', code: 'INTERNAL' } }));
  await page.goto('/t/demo/transactions');
  await expect(page.getByText('Transactions could not be loaded right now.')).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousA11yViolations(page, 'Transactions, load error');
  await screenshot(page, { path: `${SCREENS}/tx-transactions-retry.png` });
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(tableRows(page).first()).toBeVisible();
});

test('a new business sees both empty states', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Olga');
  await page.getByLabel('Last name').fill('Empty');
  await page.getByLabel('Email').fill(`olga+${Date.now()}@empty.test`);
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm password').fill('secret12');
  await page.getByRole('button', { name: /Create|Sign up|Start/ }).click();
  await expect(page).toHaveURL(/\/t\/[\w-]+\/dashboard$/);
  const slug = new URL(page.url()).pathname.split('/')[2];
  await expect(page.getByText('No transactions yet')).toBeVisible();
  await expect(tile(page, 'Total Transactions').getByTestId('stat-value')).toHaveText('0');
  await expect(tile(page, 'Total Transactions').getByTestId('stat-trend')).toHaveText('—');
  await expect(page.getByText('0 of 40 activations used')).toBeVisible();
  await page.goto(`/t/${slug}/transactions`);
  await expect(page.getByRole('heading', { name: 'No transactions yet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'Transactions, empty');
  await screenshot(page, { path: `${SCREENS}/tx-transactions-empty.png`, fullPage: true });
});
