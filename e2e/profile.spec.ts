import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { DEMO, signIn, signOut, submitPassword } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * Profile and own-password change on the built app:
 * - the cashier of the spec's own business opens Profile from the menu, sees their account,
 *   changes their password (a wrong current password shows the server's message on its field;
 *   then success with the toast 'Password changed'), signs out, is refused with the old password
 *   and signs in with the new one (no other spec signs in as this cashier);
 * - the operator opens Profile from the platform menu, and the Security tab of Settings shows
 *   'Maximum login attempts' and no 'stored only' hints for the settings that take effect;
 *   a saved value is stored (the settings are put back afterwards).
 * Screenshots at 1280 and 390 wide go to test-results/screens.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const NEW_PASSWORD = 'Cashier-New-456!';

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

test('the cashier changes their password on Profile, signs out and signs in with the new one', async ({ page, business }) => {
  test.slow();
  const CASHIER = business.cashier;
  const pos = new RegExp(`/t/${business.slug}/pos$`);
  await page.setViewportSize(DESKTOP);
  await submitPassword(page, CASHIER.email, CASHIER.password);
  await expect(page).toHaveURL(pos);

  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${business.slug}/profile$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const account = page.locator('dl');
  await expect(account).toContainText(CASHIER.email);
  await expect(account).toContainText('Cashier');
  await expect(account).toContainText(business.store.name);
  await expect(page.getByText('At least 8 characters')).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/profile-tenant-desktop.png`, fullPage: true });

  const form = page.getByRole('form', { name: 'Change password' });
  // Client-side checks first: a too short new password and a mismatch never reach the server.
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('short');
  await form.getByLabel('Confirm new password').fill('short');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Password must be at least 8 characters long')).toBeVisible();

  // A wrong current password: the server's message under that field, nothing changed.
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Current password is incorrect')).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, 'Profile, wrong current password');
  await screenshot(page, { path: `${SCREENS}/profile-tenant-wrong-current.png`, fullPage: true });

  await form.getByLabel('Current password').fill(CASHIER.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Password changed')).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveValue('');
  await expect(form.getByText('Current password is incorrect')).toBeHidden();
  // Still signed in here.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  await page.setViewportSize(PHONE);
  await screenshot(page, { path: `${SCREENS}/profile-tenant-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);

  await signOut(page);
  await submitPassword(page, CASHIER.email, CASHIER.password);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await submitPassword(page, CASHIER.email, NEW_PASSWORD);
  await expect(page).toHaveURL(pos);
});

test("the operator's Profile and the Security settings that now take effect", { tag: '@platform-settings' }, async ({ page }) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  await signIn(page, DEMO.operator.email, DEMO.operator.password);
  await expect(page).toHaveURL(/\/platform\/dashboard$/);
  const before = await (await page.request.get('/api/platform/settings')).json();
  try {
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/platform\/profile$/);
    await expect(page.locator('dl')).toContainText('admin@platform.com');
    await expect(page.locator('dl')).toContainText('Platform Admin');
    await expect(page.getByRole('form', { name: 'Change password' })).toBeVisible();
    await screenshot(page, { path: `${SCREENS}/profile-platform-desktop.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await screenshot(page, { path: `${SCREENS}/profile-platform-phone.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);

    await page.goto('/platform/settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    const attempts = page.getByLabel('Maximum login attempts');
    await expect(attempts).toHaveValue(String(before.security.maxLoginAttempts));
    await expect(page.getByText('Wrong passwords allowed per account and address in 15 minutes')).toBeVisible();
    // No 'stored only' hint for the settings that take effect; two-factor says whom it binds and that cashiers are exempt.
    await expect(page.getByText(/still apply their own minimum/)).toHaveCount(0);
    await expect(page.getByText(/two-factor sign-in is not available yet/)).toHaveCount(0);
    await expect(page.getByText(/Cashiers are exempt/)).toBeVisible();
    await screenshot(page, { path: `${SCREENS}/settings-security-desktop.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await screenshot(page, { path: `${SCREENS}/settings-security-phone.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);

    // A value out of range gets the contract's message; a valid one is stored.
    await attempts.fill('2');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Maximum login attempts must be 3–100')).toBeVisible();
    await attempts.fill('12');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
    const after = await (await page.request.get('/api/platform/settings')).json();
    expect(after.security.maxLoginAttempts).toBe(12);
  } finally {
    const { passwordSet: _ignored, ...smtp } = before.smtp;
    void _ignored;
    const restore = await page.request.put('/api/platform/settings', { data: { ...before, smtp: { ...smtp, password: '' } } });
    expect(restore.status()).toBe(200);
  }
});
