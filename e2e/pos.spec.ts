import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DEMO, signInTo, signInWithFill } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * The POS in the browser, on the built app and a fresh demo database: a cashier signs in
 * with the demo block's Fill button, loads a card at the POS, earns and redeems, signs out.
 */

test('a cashier earns and redeems cashback at the POS, then signs out', async ({ page }) => {
  await signInWithFill(page, 'cashier@demo.com');
  await expect(page).toHaveURL(/\/t\/demo\/pos$/);
  await expect(page.getByText('Scan a customer card to begin')).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/pos-empty.png`, fullPage: true });

  await page.getByLabel('Card UID').fill('dem0-card-0001');
  await page.getByRole('button', { name: 'Load' }).click();
  await expect(page.getByText('Jane Customer')).toBeVisible();
  await expect(page.getByText('DEM0CARD0001')).toBeVisible();
  const balanceText = async () => (await page.getByTestId('card-balance').textContent())!.trim();
  const before = Number((await balanceText()).replace(/[$,]/g, ''));

  // Earn $25.00 on a PURCHASE: SILVER 2% + the demo's running 1% offer = 3% → $0.75.
  await page.getByLabel('Purchase amount').fill('25.00');
  await page.getByRole('button', { name: /Process Earn/ }).click();
  const afterEarn = (before + 0.75).toFixed(2);
  await expect(page.getByText(`Cashback earned: $0.75`)).toBeVisible();
  await expect(page.getByTestId('card-balance')).toHaveText(`$${afterEarn}`);
  await expect(page.getByLabel('Purchase amount')).toHaveValue('');
  await expectNoSeriousA11yViolations(page, 'POS after an earn');
  await screenshot(page, { path: `${SCREENS}/pos-after-earn.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Redeem' }).click();
  await page.getByLabel('Redeem amount').fill('1.00');
  await page.getByRole('button', { name: /Process Redeem/ }).click();
  const afterRedeem = (Number(afterEarn) - 1).toFixed(2);
  await expect(page.getByTestId('card-balance')).toHaveText(`$${afterRedeem}`);
  await expect(page.getByText(/Redeemed \$1\.00/)).toBeVisible();

  // The ledger on the server agrees with the screen.
  const list = await page.request.get('/api/t/demo/transactions?search=DEM0CARD0001&limit=2');
  const body = await list.json();
  expect(body.transactions.map((t: { type: string }) => t.type)).toEqual(['REDEEM', 'EARN']);
  expect(body.transactions[0].afterBalanceCents).toBe(Math.round(Number(afterRedeem) * 100));

  await page.getByRole('button', { name: 'New Transaction' }).click();
  await expect(page.getByText('Scan a customer card to begin')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/t/demo/pos');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown card shows Card not found', async ({ page }) => {
  await signInTo(page, DEMO.cashier, '/t/demo/pos');
  await page.getByLabel('Card UID').fill('ZZZZZZZZZZZZ');
  await page.getByRole('button', { name: 'Load' }).click();
  await expect(page.getByText('Card not found')).toBeVisible();
});

test('a wrong password shows the red error box', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('cashier@demo.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
  await screenshot(page, { path: `${SCREENS}/login-error.png`, fullPage: true });
});

test('a cashier opening a tenant-admin page lands on /unauthorized', async ({ page }) => {
  await signInTo(page, DEMO.cashier, '/t/demo/pos');
  await expect(page).toHaveURL(/\/t\/demo\/pos$/);
  await page.goto('/t/demo/customers');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});

test('signup creates a business on trial and lands on its dashboard', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Nina');
  await page.getByLabel('Last name').fill('Baker');
  await page.getByLabel('Email').fill(`nina+${Date.now()}@bakery.test`);
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm password').fill('12345');
  // The operator's minimum (8 by default) is shown and checked in the browser.
  await expect(page.getByText('At least 8 characters')).toBeVisible();
  await page.getByRole('button', { name: /Create|Sign up|Start/ }).click();
  await expect(page.getByText('Password must be at least 8 characters long').first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm password').fill('secret13');
  await page.getByRole('button', { name: /Create|Sign up|Start/ }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill('secret12');
  await page.getByRole('button', { name: /Create|Sign up|Start/ }).click();
  await expect(page).toHaveURL(/\/t\/ninas-store[-\d]*\/dashboard$/);
  await expect(page.getByText('Trial', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('0 of 40')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Dashboard of a new tenant');
  await screenshot(page, { path: `${SCREENS}/dashboard-new-tenant.png`, fullPage: true });
});

test('the login page and the POS look right on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/login-phone.png`, fullPage: true });
  await signInTo(page, DEMO.cashier, '/t/demo/pos');
  await page.getByLabel('Card UID').fill('DEM0CARD0002');
  await page.getByRole('button', { name: 'Load' }).click();
  await expect(page.getByTestId('card-balance')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, { path: `${SCREENS}/pos-phone-top.png` });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'POS Terminal' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Phone menu');
  await screenshot(page, { path: `${SCREENS}/pos-phone-menu.png` });
});

test('each demo account lands on its home after sign-in (redirect after login)', async ({ page }) => {
  const homes: [string, RegExp, string][] = [
    ['admin@platform.com', /\/platform\/dashboard$/, 'platform-dashboard'],
    ['admin@demo.com', /\/t\/demo\/dashboard$/, 'tenant-dashboard'],
    ['customer@demo.com', /\/t\/demo\/customer$/, 'customer-home'],
  ];
  for (const [email, home, shot] of homes) {
    await signInWithFill(page, email);
    await expect(page).toHaveURL(home);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, `Home of ${email}`);
    await screenshot(page, { path: `${SCREENS}/${shot}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  }
  // A signed-out visitor of / goes to /login; the signup page renders its promo.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/signup');
  await expect(page.getByText(/40 free card activations/i).first()).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/signup.png`, fullPage: true });
});
