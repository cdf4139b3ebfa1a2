import AdmZip from 'adm-zip';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DEMO, signInTo } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * A customer's data rights (docs/security.md 'Personal data', ADR 0026) on the built app and
 * the demo database: the Store Admin exports a customer's data (the zip read back) and erases
 * them after typing their full name; the demo customer downloads their own data and asks for
 * erasure, and the request shows on the Store Admins' Erasure requests page. The demo
 * customer is never erased here (later specs sign in as them). Screenshots of each screen.
 */

const DESKTOP = { width: 1440, height: 900 };

/** Clicks `button` and returns the downloaded file read as a zip. */
async function downloadZip(page: Page, click: () => Promise<void>): Promise<{ name: string; zip: AdmZip }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), zip: new AdmZip(path) };
}

test('the Store Admin sees the empty list of erasure requests', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInTo(page, DEMO.admin, '/t/demo/customers');
  await page.getByRole('button', { name: 'Erasure requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Erasure requests' })).toBeVisible();
  await expect(page.getByText('No erasure requests')).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/erasure-requests-empty.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, 'Erasure requests, empty');
});

test("the Store Admin exports a customer's data and erases the customer", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInTo(page, DEMO.admin, '/t/demo/dashboard');
  const created = await page.request.post('/api/t/demo/customers', {
    data: { firstName: 'Erin', lastName: 'Erasable', email: 'erin.erasable@example.com', phone: '+1 555 0199' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const erin = (await created.json()) as { id: string };

  await page.goto('/t/demo/customers?search=Erasable');
  await page.getByTestId('customer-row').filter({ hasText: 'Erin Erasable' }).getByRole('button', { name: 'View Erin Erasable' }).click();
  const details = page.getByRole('dialog', { name: 'Customer Details' });
  await expect(details.getByRole('button', { name: 'Export data' })).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/customer-details-personal-data.png` });

  const { name, zip } = await downloadZip(page, () => details.getByRole('button', { name: 'Export data' }).click());
  expect(name).toBe(`customer-data-${erin.id}.zip`);
  expect(zip.getEntries().map((e) => e.entryName)).toEqual(['README.txt', 'customer.json', 'cards.json', 'transactions.csv', 'messages.json']);
  expect(JSON.parse(zip.readAsText('customer.json'))).toMatchObject({
    firstName: 'Erin',
    lastName: 'Erasable',
    email: 'erin.erasable@example.com',
    phone: '+1 555 0199',
  });

  await details.getByRole('button', { name: 'Erase customer' }).click();
  const erase = page.getByRole('alertdialog', { name: 'Erase customer' });
  await expect(erase.getByText('This cannot be undone')).toBeVisible();
  const confirm = erase.getByRole('button', { name: 'Erase customer' });
  await expect(confirm).toBeDisabled();
  await erase.getByLabel(/Type the customer's full name/).fill('Erin Erasabl');
  await expect(confirm).toBeDisabled();
  await screenshot(page, { path: `${SCREENS}/erase-customer-dialog.png` });
  await expectNoSeriousA11yViolations(page, 'Erase customer dialog');
  await erase.getByLabel(/Type the customer's full name/).fill('Erin Erasable');
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page.locator('.Toastify').getByText('Customer erased', { exact: true })).toBeVisible();
  await expect(erase).toBeHidden();

  const after = await page.request.get(`/api/t/demo/customers/${erin.id}`);
  expect(await after.json()).toMatchObject({ firstName: 'Erased', lastName: 'customer', email: null, phone: null });
  const search = await page.request.get('/api/t/demo/customers?search=Erasable');
  expect((await search.json()).total).toBe(0);
});

test('the customer downloads their data and asks for erasure; the Store Admins see the request', async ({ page, browser }) => {
  await page.setViewportSize(DESKTOP);
  await signInTo(page, DEMO.customer, '/t/demo/customer');
  await expect(page.getByRole('button', { name: 'Download my data' })).toBeVisible();
  const { zip } = await downloadZip(page, () => page.getByRole('button', { name: 'Download my data' }).click());
  expect(JSON.parse(zip.readAsText('customer.json'))).toMatchObject({ firstName: 'Jane', email: 'customer@demo.com' });
  expect(zip.readAsText('transactions.csv').split('\n')[0]).toContain('Card UID');
  await page.getByRole('heading', { name: 'Your data' }).scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${SCREENS}/customer-your-data.png`, fullPage: true });

  await page.getByRole('button', { name: 'Ask to erase my data' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Erase my data' });
  await expect(ask.getByText(/This cannot be undone/)).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/customer-ask-erasure-dialog.png` });
  await expectNoSeriousA11yViolations(page, 'Ask to erase my data dialog');
  await ask.getByRole('button', { name: 'Ask to erase my data' }).click();
  await expect(page.getByRole('status').filter({ hasText: /You asked to erase your data/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ask to erase my data' })).toHaveCount(0);
  await screenshot(page, { path: `${SCREENS}/customer-erasure-requested.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, 'Customer page, erasure requested');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.setViewportSize(DESKTOP);
  await signInTo(admin, DEMO.admin, '/t/demo/customers/erasure-requests');
  const table = admin.getByRole('table', { name: 'Erasure requests' });
  await expect(table.getByText('Jane Customer')).toBeVisible();
  await expect(table.getByRole('button', { name: 'Erase Jane Customer now' })).toBeVisible();
  await screenshot(admin, { path: `${SCREENS}/erasure-requests-list.png`, fullPage: true });
  await table.getByRole('button', { name: 'Erase Jane Customer now' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Erase customer' });
  await expect(confirm.getByText(/This cannot be undone/)).toBeVisible();
  await screenshot(admin, { path: `${SCREENS}/erasure-requests-confirm.png` });
  await expectNoSeriousA11yViolations(admin, 'Erasure requests, confirm');
  // Cancel: the demo customer stays for the specs after this one.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await adminContext.close();
});
