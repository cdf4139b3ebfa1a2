import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { dismissToasts } from './support/toasts';
import { DEMO, signInTo, signOut, submitPassword } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * Stores and Staff Management on the built app and the demo database: the demo tenant admin adds a
 * store and edits it, adds a cashier there and resets their password; the cashier signs in and
 * lands on the POS with the store badge; the admin deactivates the cashier, who can no longer sign
 * in. Every screen and modal is screenshotted on desktop (1440×900) and phone (390×844).
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });
const storeCard = (page: Page, name: string) => page.getByRole('article', { name: `Store ${name}` });
const staffRow = (page: Page, email: string) => page.getByRole('table', { name: 'Staff members' }).getByRole('row').filter({ hasText: email });

test('a tenant admin adds a store and a cashier; the cashier signs in until deactivated', async ({ page, browser }) => {
  // A long flow (three sign-ins, eight saves) on a shared machine.
  test.slow();
  await page.setViewportSize(DESKTOP);
  const suffix = String(Date.now()).slice(-6);
  const storeName = `Harbour Store ${suffix}`;
  const cashierEmail = `casey.${suffix}@example.test`;

  await signInTo(page, DEMO.admin, '/t/demo/dashboard');
  await expect(page).toHaveURL(/\/t\/demo\/dashboard$/);

  // Stores: the demo's two stores, as cards.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Stores' }).click();
  await expect(page).toHaveURL(/\/t\/demo\/stores$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Stores' })).toBeVisible();
  const main = storeCard(page, 'Main Store');
  await expect(main).toBeVisible();
  await expect(main.getByText('Active', { exact: true })).toBeVisible();
  await expect(main.getByText(/^Created /)).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/stores-page.png`, fullPage: true });

  // Create New Store: the name is required.
  await page.getByRole('button', { name: 'Add Store' }).click();
  const create = dialog(page, 'Create New Store');
  await expect(create).toBeVisible();
  await expect(create.getByLabel('Store name')).toBeFocused();
  await expect(create.getByLabel('Active')).toHaveCount(0);
  await create.getByRole('button', { name: 'Create Store' }).click();
  await expect(create.getByText('Store name is required')).toBeVisible();
  await create.getByLabel('Store name').fill(storeName);
  await create.getByLabel('Address (optional)').fill('1 Quay Street');
  await screenshot(page, { path: `${SCREENS}/stores-modal-create.png` });
  await create.getByRole('button', { name: 'Create Store' }).click();
  await expect(toast(page, 'Store created successfully')).toBeVisible();
  await expect(create).toBeHidden();

  // The new store: Active, its address, zero counts.
  const created = storeCard(page, storeName);
  await expect(created).toBeVisible();
  await expect(created.getByText('Active', { exact: true })).toBeVisible();
  await expect(created.getByTestId('store-address')).toHaveText('1 Quay Street');
  for (const count of ['staff', 'cards', 'transactions']) await expect(created.getByTestId(`store-count-${count}`)).toHaveText('0');
  await dismissToasts(page);
  await screenshot(page, { path: `${SCREENS}/stores-page-after-create.png`, fullPage: true });

  // The same name again: the server's 409 message.
  await page.getByRole('button', { name: 'Add Store' }).click();
  await create.getByLabel('Store name').fill(storeName);
  await create.getByRole('button', { name: 'Create Store' }).click();
  await expect(toast(page, 'A store with this name already exists')).toBeVisible();
  await expect(create.getByLabel('Store name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, 'Store dialog, duplicate name');
  await screenshot(page, { path: `${SCREENS}/stores-modal-duplicate.png` });
  await create.getByRole('button', { name: 'Cancel' }).click();
  await expect(create).toBeHidden();
  await dismissToasts(page);

  // Edit Store: the form starts from the store; the address changes.
  await created.getByRole('button', { name: `Edit ${storeName}` }).click();
  const edit = dialog(page, 'Edit Store');
  await expect(edit.getByLabel('Store name')).toHaveValue(storeName);
  await expect(edit.getByLabel('Address (optional)')).toHaveValue('1 Quay Street');
  await expect(edit.getByLabel('Active')).toBeChecked();
  await edit.getByLabel('Address (optional)').fill('22 Harbour Road, Portside');
  await screenshot(page, { path: `${SCREENS}/stores-modal-edit.png` });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Store updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(created.getByTestId('store-address')).toHaveText('22 Harbour Road, Portside');
  await dismissToasts(page);

  // The Cards page offers the new store at once (shared store query).
  await nav.getByRole('link', { name: 'Cards' }).click();
  await page.getByRole('button', { name: 'Create Card Batch' }).first().click();
  await expect(dialog(page, 'Create Card Batch').getByLabel('Store (optional)').locator('option', { hasText: storeName })).toHaveCount(1);
  await page.keyboard.press('Escape');

  // Staff Management: the demo's admin and cashier.
  await nav.getByRole('link', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/t\/demo\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff Management' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Staff members' });
  await expect(table.getByRole('columnheader')).toHaveText(['Staff Member', 'Role', 'Store', 'Status', 'Last Login', 'Actions']);
  await expect(staffRow(page, 'cashier@demo.com')).toContainText('Cashier');
  await expect(staffRow(page, 'cashier@demo.com')).toContainText('Main Store');
  await expect(staffRow(page, 'admin@demo.com')).toContainText('Store Admin');
  await screenshot(page, { path: `${SCREENS}/staff-page.png`, fullPage: true });

  // Add New Staff Member: Cashier by default, required fields, a cashier needs a store.
  await page.getByRole('button', { name: 'Add Staff Member' }).click();
  const add = dialog(page, 'Add New Staff Member');
  await expect(add).toBeVisible();
  await expect(add.getByLabel('Role')).toHaveValue('cashier');
  await add.getByRole('button', { name: 'Add Staff Member' }).click();
  await expect(add.getByText('First name is required')).toBeVisible();
  await expect(add.getByText('Last name is required')).toBeVisible();
  await expect(add.getByText('Email is required')).toBeVisible();
  await expect(add.getByText('Password is required')).toBeVisible();
  await expect(add.getByText('Select a store for this cashier')).toBeVisible();
  // A Store Admin may have no store ('All stores').
  await add.getByLabel('Role').selectOption({ label: 'Store Admin' });
  await expect(add.getByLabel('Store')).toContainText('All stores');
  await expect(add.getByText('Select a store for this cashier')).toBeHidden();
  await add.getByLabel('Role').selectOption({ label: 'Cashier' });
  await add.getByLabel('First name').fill('Casey');
  await add.getByLabel('Last name').fill(`Till${suffix}`);
  await add.getByLabel('Email').fill(cashierEmail);
  await add.getByLabel('Password', { exact: true }).fill('abc');
  await add.getByLabel('Store').selectOption({ label: storeName });
  // The operator's minimum (8 by default) is checked in the browser.
  await add.getByRole('button', { name: 'Add Staff Member' }).click();
  await expect(add.getByText('Password must be at least 8 characters long')).toBeVisible();
  await add.getByLabel('Password', { exact: true }).fill('FirstPass1!');
  await screenshot(page, { path: `${SCREENS}/staff-modal-add.png` });
  await add.getByRole('button', { name: 'Add Staff Member' }).click();
  await expect(toast(page, 'Staff member created successfully')).toBeVisible();
  await expect(add).toBeHidden();
  const row = staffRow(page, cashierEmail);
  await expect(row).toContainText(`Casey Till${suffix}`);
  await expect(row).toContainText('Cashier');
  await expect(row).toContainText(storeName);
  await expect(row).toContainText('Active');
  await expect(row.getByRole('cell').nth(4)).toHaveText('Never');
  await dismissToasts(page);

  // The same e-mail again: the server's 409 text.
  await page.getByRole('button', { name: 'Add Staff Member' }).click();
  await add.getByLabel('First name').fill('Other');
  await add.getByLabel('Last name').fill('Person');
  await add.getByLabel('Email').fill(cashierEmail);
  await add.getByLabel('Password', { exact: true }).fill('Another1!');
  await add.getByLabel('Store').selectOption({ label: 'Main Store' });
  await add.getByRole('button', { name: 'Add Staff Member' }).click();
  await expect(toast(page, 'An account with this email already exists')).toBeVisible();
  await expect(add).toBeVisible();
  await add.getByRole('button', { name: 'Cancel' }).click();
  await dismissToasts(page);

  // Edit Staff Member: email locked, no password, Active toggle.
  await row.getByRole('button', { name: `Edit Casey Till${suffix}` }).click();
  const editStaff = dialog(page, 'Edit Staff Member');
  await expect(editStaff.getByLabel('Email')).toHaveValue(cashierEmail);
  await expect(editStaff.getByLabel('Email')).toBeDisabled();
  await expect(editStaff.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expect(editStaff.getByLabel('Store')).toHaveValue(/.+/);
  await expect(editStaff.getByLabel('Active')).toBeChecked();
  await screenshot(page, { path: `${SCREENS}/staff-modal-edit.png` });
  await editStaff.getByRole('button', { name: 'Cancel' }).click();
  await expect(editStaff).toBeHidden();

  // Reset password: the two entries must match.
  await row.getByRole('button', { name: `Reset password for Casey Till${suffix}` }).click();
  const reset = dialog(page, 'Reset password');
  await reset.getByLabel('New password', { exact: true }).fill('SecondPass2!');
  await reset.getByLabel('Confirm new password').fill('SecondPass3!');
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(reset.getByText('Passwords do not match')).toBeVisible();
  await reset.getByLabel('Confirm new password').fill('SecondPass2!');
  await expectNoSeriousA11yViolations(page, 'Reset password dialog');
  await screenshot(page, { path: `${SCREENS}/staff-modal-reset-password.png` });
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(toast(page, 'Password reset successfully')).toBeVisible();
  await expect(reset).toBeHidden();

  // The store now counts one staff member.
  await nav.getByRole('link', { name: 'Stores' }).click();
  await expect(storeCard(page, storeName).getByTestId('store-count-staff')).toHaveText('1');

  // The cashier signs in with the new password and lands on the POS with the store badge.
  await signOut(page);
  await submitPassword(page, cashierEmail, 'FirstPass1!');
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await submitPassword(page, cashierEmail, 'SecondPass2!');
  await expect(page).toHaveURL(/\/t\/demo\/pos$/);
  await expect(page.locator('header').getByText(storeName)).toBeVisible();
  await expect(page.locator('header')).toContainText(`Casey Till${suffix}`);
  await screenshot(page, { path: `${SCREENS}/staff-cashier-pos.png` });

  // Meanwhile the admin, in another browser, sees the last login and deactivates the cashier.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: DESKTOP });
  const admin = await adminContext.newPage();
  await signInTo(admin, DEMO.admin, '/t/demo/staff');
  const adminRow = staffRow(admin, cashierEmail);
  await expect(adminRow.getByRole('cell').nth(4)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
  await adminRow.getByRole('button', { name: `Edit Casey Till${suffix}` }).click();
  const deactivate = dialog(admin, 'Edit Staff Member');
  await deactivate.getByLabel('Active').uncheck();
  await deactivate.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(admin, 'Staff member updated successfully')).toBeVisible();
  await expect(deactivate).toBeHidden();
  await expect(adminRow).toContainText('Inactive');
  await expectNoSeriousA11yViolations(admin, 'Staff with an inactive member');
  await screenshot(admin, { path: `${SCREENS}/staff-page-after.png`, fullPage: true });
  await adminContext.close();

  // The cashier's session has ended: the next page load goes to the login page...
  expect(await (await page.request.get('/api/auth/me')).json()).toEqual({ user: null });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  // ...and a deactivated cashier cannot sign in again.
  await submitPassword(page, cashierEmail, 'SecondPass2!');
  await expect(page.getByRole('alert')).toHaveText('This account has been deactivated. Please contact your store administrator.');
  await expect(page).toHaveURL(/\/login$/);
});

test('stores and staff screens and their modals on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInTo(page, DEMO.admin, '/t/demo/dashboard');

  await page.goto('/t/demo/stores');
  await expect(storeCard(page, 'Main Store')).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/stores-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Add Store' }).click();
  await expect(dialog(page, 'Create New Store')).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/stores-phone-modal-create.png` });
  await page.keyboard.press('Escape');
  await storeCard(page, 'Main Store').getByRole('button', { name: 'Edit Main Store' }).click();
  await expect(dialog(page, 'Edit Store').getByLabel('Store name')).toHaveValue('Main Store');
  await screenshot(page, { path: `${SCREENS}/stores-phone-modal-edit.png` });
  await page.keyboard.press('Escape');

  await page.goto('/t/demo/staff');
  // On a phone the staff are a list of cards, not a table.
  const list = page.getByRole('list', { name: 'Staff members' });
  await expect(list.getByRole('listitem').filter({ hasText: 'cashier@demo.com' })).toContainText('Main Store');
  await expect(page.getByRole('table', { name: 'Staff members' })).toBeHidden();
  await screenshot(page, { path: `${SCREENS}/staff-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Add Staff Member' }).click();
  await expect(dialog(page, 'Add New Staff Member')).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/staff-phone-modal-add.png` });
  await page.keyboard.press('Escape');
  await list
    .getByRole('listitem')
    .filter({ hasText: 'cashier@demo.com' })
    .getByRole('button', { name: /^Edit / })
    .click();
  await expect(dialog(page, 'Edit Staff Member').getByLabel('Email')).toBeDisabled();
  await screenshot(page, { path: `${SCREENS}/staff-phone-modal-edit.png` });
  await page.keyboard.press('Escape');
  await list
    .getByRole('listitem')
    .filter({ hasText: 'cashier@demo.com' })
    .getByRole('button', { name: /^Reset password for / })
    .click();
  await expect(dialog(page, 'Reset password')).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/staff-phone-modal-reset-password.png` });
});

test('empty, error and refusal states of both screens', async ({ page }) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  await signInTo(page, DEMO.admin, '/t/demo/dashboard');
  const json = (status: number, body: unknown) => ({ status, contentType: 'application/json', body: JSON.stringify(body) });

  // Stores: empty, then a load failure (retried, then shown with a retry button).
  await page.route('**/api/t/demo/stores', (route) => (route.request().method() === 'GET' ? route.fulfill(json(200, { stores: [] })) : route.fallback()));
  await page.goto('/t/demo/stores');
  await expect(page.getByRole('heading', { name: 'No stores yet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Store' })).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'Stores, empty');
  await screenshot(page, { path: `${SCREENS}/stores-empty.png`, fullPage: true });
  await page.unroute('**/api/t/demo/stores');
  await page.route('**/api/t/demo/stores', (route) =>
    route.request().method() === 'GET' ? route.fulfill(json(503, { error: 'Service temporarily unavailable', code: 'INTERNAL' })) : route.fallback(),
  );
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load stores' })).toContainText('Service temporarily unavailable', { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page, 'Stores, load error');
  await screenshot(page, { path: `${SCREENS}/stores-error.png`, fullPage: true });
  await page.unroute('**/api/t/demo/stores');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(storeCard(page, 'Main Store')).toBeVisible();

  // The plan's store limit: the server's message, and the modal stays open.
  const limit = 'Your Starter plan allows 1 store. Upgrade to add more.';
  await page.route('**/api/t/demo/stores', (route) =>
    route.request().method() === 'POST' ? route.fulfill(json(403, { error: limit, code: 'FORBIDDEN' })) : route.fallback(),
  );
  await page.getByRole('button', { name: 'Add Store' }).click();
  const create = dialog(page, 'Create New Store');
  await create.getByLabel('Store name').fill('One Too Many');
  await create.getByRole('button', { name: 'Create Store' }).click();
  await expect(toast(page, limit)).toBeVisible();
  await expect(create).toBeVisible();
  await create.getByRole('button', { name: 'Cancel' }).click();
  await expect(storeCard(page, 'One Too Many')).toHaveCount(0);
  await page.unroute('**/api/t/demo/stores');

  // Staff: empty, then the spec's load failure text.
  await page.route('**/api/t/demo/users', (route) => (route.request().method() === 'GET' ? route.fulfill(json(200, { users: [] })) : route.fallback()));
  await page.goto('/t/demo/staff');
  await expect(page.getByRole('heading', { name: 'No staff members yet' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Staff, empty');
  await screenshot(page, { path: `${SCREENS}/staff-empty.png`, fullPage: true });
  await page.unroute('**/api/t/demo/users');
  await page.route('**/api/t/demo/users', (route) =>
    route.request().method() === 'GET' ? route.fulfill(json(403, { error: 'Forbidden', code: 'FORBIDDEN' })) : route.fallback(),
  );
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Failed to load staff data. Please refresh the page.');
  await expectNoSeriousA11yViolations(page, 'Staff, load error');
  await screenshot(page, { path: `${SCREENS}/staff-error.png`, fullPage: true });
  await page.unroute('**/api/t/demo/users');

  // A platform_admin among the staff is edited as a Store Admin; no last login reads 'Never'.
  const platformAdmin = {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ops@platform.test',
    firstName: 'Olga',
    lastName: 'Ops',
    role: 'platform_admin',
    storeId: null,
    store: null,
    active: true,
    lastLogin: null,
    createdAt: new Date().toISOString(),
  };
  await page.route('**/api/t/demo/users', (route) =>
    route.request().method() === 'GET' ? route.fulfill(json(200, { users: [platformAdmin] })) : route.fallback(),
  );
  await page.reload();
  const opsRow = staffRow(page, 'ops@platform.test');
  await expect(opsRow).toContainText('Platform Admin');
  await expect(opsRow).toContainText('All stores');
  await expect(opsRow.getByRole('cell').nth(4)).toHaveText('Never');
  await opsRow.getByRole('button', { name: 'Edit Olga Ops' }).click();
  const edit = dialog(page, 'Edit Staff Member');
  await expect(edit.getByLabel('Role')).toHaveValue('tenant_admin');
  await expect(edit.getByLabel('Store')).toHaveValue('');
  await expect(edit.getByLabel('Store').locator('option:checked')).toHaveText('All stores');
  // A failed save without an error body: the spec's fallback text; the modal stays open.
  await page.route('**/api/t/demo/users/*', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Failed to update staff member. Please try again.')).toBeVisible();
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await page.unroute('**/api/t/demo/users/*');
  await page.unroute('**/api/t/demo/users');

  // The plan's staff limit: the server's text on create.
  const staffLimit = 'Your Starter plan allows 3 staff members. Upgrade to add more.';
  await page.route('**/api/t/demo/users', (route) =>
    route.request().method() === 'POST' ? route.fulfill(json(403, { error: staffLimit, code: 'FORBIDDEN' })) : route.fallback(),
  );
  await page.reload();
  await page.getByRole('button', { name: 'Add Staff Member' }).click();
  const add = dialog(page, 'Add New Staff Member');
  await add.getByLabel('Role').selectOption({ label: 'Store Admin' });
  await add.getByLabel('First name').fill('Extra');
  await add.getByLabel('Last name').fill('Person');
  await add.getByLabel('Email').fill('extra.person@example.test');
  await add.getByLabel('Password', { exact: true }).fill('Extra123!');
  await add.getByRole('button', { name: 'Add Staff Member' }).click();
  await expect(toast(page, staffLimit)).toBeVisible();
  await expect(add).toBeVisible();
});
