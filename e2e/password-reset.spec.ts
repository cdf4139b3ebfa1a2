import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, waitForSettled } from './support/a11y';
import { submitPassword } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * Forgot password on the built app and the embedded demo database, which has no SMTP
 * server: the message stays in the outbox as 'not sent', and the operator reads it there, as a
 * newcomer would follow the flow without a mail server.
 * - the admin adds a cashier (so no other spec's account changes);
 * - on the login page the cashier follows 'Forgot password?', asks for a link and sees the
 *   same message whatever the address;
 * - the operator opens Outbox, finds the message (status 'Not sent'), opens it and reads the link
 *   from its plain text;
 * - the link's page refuses a mismatched confirmation, then sets the password; the old password
 *   no longer signs in, the new one does; the link does not work twice.
 * Screenshots at 1280 and 390 wide go to test-results/screens; axe-core on each new page.
 */
const PHONE = { width: 390, height: 844 };
const email = `reset-${Date.now()}@demo.com`;
const FIRST = 'FirstPass123!';
const NEXT = 'SecondPass456!';

test('a cashier who forgot the password gets back in through the e-mailed link', async ({ page, request }) => {
  // The admin adds the cashier this test works with.
  expect((await request.post('/api/auth/login', { data: { email: 'admin@demo.com', password: 'DemoAdmin123!' } })).status()).toBe(200);
  const stores = (await (await request.get('/api/t/demo/stores')).json()) as { stores?: { id: string }[] } | { id: string }[];
  const storeId = (Array.isArray(stores) ? stores : (stores.stores ?? []))[0]?.id;
  const created = await request.post('/api/t/demo/users', {
    data: { firstName: 'Robin', lastName: 'Reset', email, password: FIRST, role: 'cashier', storeId },
  });
  expect(created.status(), await created.text()).toBe(201);
  await request.post('/api/auth/logout');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectNoSeriousA11yViolations(page, 'forgot password');
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists for that address, we have sent it a link/)).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/forgot-password-sent-desktop.png`, fullPage: true });

  // The operator finds the message in the outbox: without SMTP it is kept, not sent.
  await submitPassword(page, 'admin@platform.com', 'AdminSecure123!');
  await expect(page).toHaveURL(/\/platform\//);
  await page.getByRole('link', { name: 'Outbox' }).first().click();
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  // The route only queues the request; the outbox worker writes the message a moment later
  // (ADR 0023), so the list is read again until it shows it, and the worker has marked it.
  await expect(async () => {
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search recipients' }).fill(email);
    // The search applies after its debounce, with the address: until then the rows are unfiltered.
    await expect(page).toHaveURL(/[?&]search=/);
    await expect(page.getByRole('button', { name: 'Reset your password' })).toHaveCount(1, { timeout: 3000 });
    await expect(page.getByRole('row', { name: /Reset your password/ }).getByText('Not sent', { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  // The search's last fetch may still dim the rows (aria-busy): contrast is read once it is done.
  await waitForSettled(page);
  await screenshot(page, { path: `${SCREENS}/outbox-desktop.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, 'outbox');
  await page.getByRole('button', { name: 'Reset your password' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('not sent: no SMTP configured').first()).toBeVisible();
  const text = (await dialog.locator('pre').first().textContent()) ?? '';
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  await screenshot(page, { path: `${SCREENS}/outbox-message-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await screenshot(page, { path: `${SCREENS}/outbox-message-phone.png`, fullPage: true });
  await page.keyboard.press('Escape');
  await request.post('/api/auth/logout');
  await page.context().clearCookies();

  // The link's page: a mismatch is refused, then the new password is set.
  const token = new URL(link!).searchParams.get('token')!;
  await page.goto(`/reset-password?token=${token}`);
  await expectNoSeriousA11yViolations(page, 'reset password');
  await page.getByLabel('New password', { exact: true }).fill(NEXT);
  await page.getByLabel('Confirm password').fill('SomethingElse1!');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill(NEXT);
  await screenshot(page, { path: `${SCREENS}/reset-password-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed. Sign in with the new one.')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, { path: `${SCREENS}/reset-password-done-desktop.png`, fullPage: true });

  // The old password no longer works; the new one does; the link does not work twice.
  expect((await request.post('/api/auth/login', { data: { email, password: FIRST } })).status()).toBe(401);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(NEXT);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/t\/demo\//);
  await page.context().clearCookies();
  await page.goto(`/reset-password?token=${token}`);
  await page.getByLabel('New password', { exact: true }).fill('ThirdPass789!');
  await page.getByLabel('Confirm password').fill('ThirdPass789!');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This link is invalid or has expired. Ask for a new one.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});

test('a new customer gets a welcome message whose link unsubscribes them', async ({ page, request }) => {
  const address = `welcome-${Date.now()}@example.com`;
  expect((await request.post('/api/auth/login', { data: { email: 'admin@demo.com', password: 'DemoAdmin123!' } })).status()).toBe(200);
  const stores = (await (await request.get('/api/t/demo/stores')).json()) as { stores?: { id: string }[] } | { id: string }[];
  const storeId = (Array.isArray(stores) ? stores : (stores.stores ?? []))[0]?.id;
  const batch = await request.post('/api/t/demo/cards/batch', { data: { count: 1, storeId } });
  expect(batch.status(), await batch.text()).toBeLessThan(300);
  const cardUid = ((await batch.json()) as { cards: { cardUid: string }[] }).cards[0].cardUid;
  const activated = await request.post('/api/t/demo/cards/activate', {
    data: { cardUid, storeId, customer: { firstName: 'Wendy', lastName: 'Welcome', email: address } },
  });
  expect(activated.status(), await activated.text()).toBe(200);
  await request.post('/api/auth/logout');

  await submitPassword(page, 'admin@platform.com', 'AdminSecure123!');
  await expect(page).toHaveURL(/\/platform\//);
  await page.goto('/platform/outbox');
  await page.getByRole('searchbox', { name: 'Search recipients' }).fill(address);
  // The search is debounced: wait for the row of this address (other specs activated cards too).
  await page.getByRole('row').filter({ hasText: address }).getByRole('button', { name: 'Welcome to Demo Retail Store rewards' }).click();
  const text = (await page.getByRole('dialog').locator('pre').first().textContent()) ?? '';
  expect(text).toContain(cardUid);
  const link = /https?:\/\/\S+\/unsubscribe\?token=[A-Za-z0-9._-]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  await page.context().clearCookies();

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'unsubscribe');
  await page.setViewportSize(PHONE);
  await screenshot(page, { path: `${SCREENS}/unsubscribe-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('You are unsubscribed. You will get no more e-mails from this business.')).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/unsubscribed-phone.png`, fullPage: true });
});
