import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { dismissToasts } from './support/toasts';
import { DEMO, signedInApi, signInTo, signInWithFill } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * Customers and the customer's own dashboard on the built app and the demo database: a tenant admin
 * adds, finds, views, edits and deletes a customer; a duplicate e-mail and deleting a customer who
 * holds a card are refused with the server's messages; the demo customer sees only their own cards
 * and transactions. Every screen and modal is screenshotted on a desktop (1440×900) and a phone
 * (390×844).
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
/** A confirmation of a destroying action (ConfirmDialog: role alertdialog). */
const alertDialog = (page: Page, name: string) => page.getByRole('alertdialog', { name });
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });
const rows = (page: Page) => page.getByTestId('customer-row');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });

async function findCustomer(api: APIRequestContext, search: string) {
  const res = await api.get(`/api/t/demo/customers?search=${encodeURIComponent(search)}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as { customers: Array<{ id: string; email: string | null; phone: string | null }>; total: number };
}

test('a tenant admin adds, searches, views, edits and deletes a customer', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInTo(page, DEMO.admin, '/t/demo/dashboard');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/t\/demo\/customers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  for (const h of ['Customer', 'Contact', 'Tier', 'Total Spend', 'Cards', 'Joined', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
  }
  // The demo customers are listed with tier, spend and 'n active' cards.
  await expect(row(page, 'Maria Garcia')).toContainText('maria.garcia@example.com');
  await expect(row(page, 'Maria Garcia')).toContainText('1 active');
  await expect(row(page, 'Sofia Rossi')).toContainText('0 active'); // her only card is BLOCKED
  await screenshot(page, { path: `${SCREENS}/customers-page.png`, fullPage: true });

  // Add New Customer: the form checks its fields (names required, e-mail format) before sending.
  await page.getByRole('button', { name: 'Add Customer' }).first().click();
  const add = dialog(page, 'Add New Customer');
  await expect(add).toBeVisible();
  await expect(add.getByLabel('First name')).toBeFocused();
  await add.getByRole('button', { name: 'Add Customer' }).click();
  await expect(add.getByText('First name is required')).toBeVisible();
  await expect(add.getByText('Last name is required')).toBeVisible();
  const suffix = String(Date.now()).slice(-7);
  const email = `olive.${suffix}@example.test`;
  await add.getByLabel('First name').fill('Olive');
  await add.getByLabel('Last name').fill(`Tester${suffix}`);
  await add.getByLabel('Email (optional)').fill('not-an-email');
  await add.getByLabel('Phone (optional)').fill('call me');
  await add.getByRole('button', { name: 'Add Customer' }).click();
  await expect(add.getByText('Enter a valid email address')).toBeVisible();
  await expect(add.getByText('Enter a valid phone number')).toBeVisible();
  await expect(add.getByLabel('Email (optional)')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, 'Add Customer, errors');
  await screenshot(page, { path: `${SCREENS}/customers-modal-add-errors.png` });
  await add.getByLabel('Email (optional)').fill(email);
  await add.getByLabel('Phone (optional)').fill('+1 555 0199');
  await screenshot(page, { path: `${SCREENS}/customers-modal-add.png` });
  await add.getByRole('button', { name: 'Add Customer' }).click();
  await expect(toast(page, 'Customer created successfully')).toBeVisible();
  await expect(add).toBeHidden();
  // Newest first: the new customer heads the table, SILVER, no spend, no cards.
  const mine = row(page, `Olive Tester${suffix}`);
  await expect(rows(page).first()).toContainText(`Olive Tester${suffix}`);
  await expect(mine).toContainText(email);
  await expect(mine).toContainText('+1 555 0199');
  await expect(mine).toContainText('Silver');
  await expect(mine).toContainText('$0.00');
  await expect(mine).toContainText('0 active');
  await dismissToasts(page);

  // Search by e-mail (debounced, kept in the address): only that customer remains.
  const searchBox = page.getByRole('searchbox', { name: 'Search customers' });
  await searchBox.fill(email.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(email.toUpperCase()).replace(/\./g, '\\.')}`));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`Olive Tester${suffix}`);
  await screenshot(page, { path: `${SCREENS}/customers-search.png`, fullPage: true });
  // A reload keeps the search.
  await page.reload();
  await expect(searchBox).toHaveValue(email.toUpperCase());
  await expect(rows(page)).toHaveCount(1);

  // Customer Details: initials, tier, member since, spend, active cards, contact, no cards.
  await mine.getByRole('button', { name: `View Olive Tester${suffix}` }).click();
  const details = dialog(page, 'Customer Details');
  await expect(details).toBeVisible();
  await expect(details.getByTestId('details-name')).toHaveText(`Olive Tester${suffix}`);
  await expect(details.getByText('OT', { exact: true })).toBeVisible();
  await expect(details.getByText(/^Member since /)).toBeVisible();
  await expect(details.getByText(email)).toBeVisible();
  await expect(details.getByText('No loyalty cards yet. Assign one from the Cards page.')).toBeVisible();
  await expect(details.getByRole('button', { name: /Add Funds/ })).toHaveCount(0);
  await screenshot(page, { path: `${SCREENS}/customers-modal-details-new.png` });
  await details.getByRole('button', { name: 'Close' }).last().click();
  await expect(details).toBeHidden();

  // Edit Customer: the phone changes.
  await mine.getByRole('button', { name: `Edit Olive Tester${suffix}` }).click();
  const edit = dialog(page, 'Edit Customer');
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('First name')).toHaveValue('Olive');
  await expect(edit.getByLabel('Email (optional)')).toHaveValue(email);
  await expect(edit.getByLabel('Phone (optional)')).toHaveAttribute('type', 'tel');
  await edit.getByLabel('Phone (optional)').fill('+1 555 0142');
  await screenshot(page, { path: `${SCREENS}/customers-modal-edit.png` });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Customer updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(mine).toContainText('+1 555 0142');
  expect((await findCustomer(page.request, email)).customers[0].phone).toBe('+1 555 0142');
  await dismissToasts(page);

  // A duplicate e-mail (another customer's, in other case) is refused on the e-mail field.
  await mine.getByRole('button', { name: `Edit Olive Tester${suffix}` }).click();
  await edit.getByLabel('Email (optional)').fill('Maria.Garcia@example.com');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText('A customer with this email already exists')).toBeVisible();
  await expect(edit.getByLabel('Email (optional)')).toHaveAttribute('aria-invalid', 'true');
  await expect(toast(page, 'A customer with this email already exists')).toBeVisible();
  await expect(edit).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/customers-modal-edit-duplicate.png` });
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  expect((await findCustomer(page.request, email)).customers[0].email).toBe(email);
  await dismissToasts(page);

  // Delete (a customer without cards): a confirmation first, with the cards warning.
  await mine.getByRole('button', { name: `Delete Olive Tester${suffix}` }).click();
  const del = alertDialog(page, 'Delete Customer');
  await expect(del).toBeVisible();
  await expect(del).toContainText(`Olive Tester${suffix}`);
  await expect(del.getByText('Any cards associated with this customer must be unassigned first.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Delete Customer dialog');
  await screenshot(page, { path: `${SCREENS}/customers-modal-delete.png` });
  // Cancel keeps the customer.
  await del.getByRole('button', { name: 'Cancel' }).click();
  await expect(del).toBeHidden();
  await expect(mine).toBeVisible();
  await mine.getByRole('button', { name: `Delete Olive Tester${suffix}` }).click();
  await del.getByRole('button', { name: 'Delete Customer' }).click();
  await expect(toast(page, 'Customer deleted successfully')).toBeVisible();
  await expect(del).toBeHidden();
  await expect(page.getByText('No customers found matching your search')).toBeVisible();
  expect((await findCustomer(page.request, email)).total).toBe(0);
  await expectNoSeriousA11yViolations(page, 'Customers, no match');
  await screenshot(page, { path: `${SCREENS}/customers-empty-search.png`, fullPage: true });

  // Clear search brings the whole list back (and the address loses ?search).
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(row(page, 'Maria Garcia')).toBeVisible();
});

test('deleting a customer who holds a card is refused with the server message', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInTo(page, DEMO.admin, '/t/demo/customers?search=maria.garcia');
  const maria = row(page, 'Maria Garcia');
  await expect(rows(page)).toHaveCount(1);

  // Her details list her card with its balance, as the API has it.
  const { customers } = await findCustomer(page.request, 'maria.garcia@example.com');
  const detail = await (await page.request.get(`/api/t/demo/customers/${customers[0].id}`)).json();
  expect(detail.cards.length).toBeGreaterThan(0);
  await maria.getByRole('button', { name: 'View Maria Garcia' }).click();
  const details = dialog(page, 'Customer Details');
  const cards = details.getByTestId('customer-card');
  await expect(cards).toHaveCount(detail.cards.length);
  const balance = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(detail.cards[0].balanceCents / 100);
  await expect(cards.first()).toContainText(detail.cards[0].cardUid);
  await expect(cards.first()).toContainText(balance);
  await expect(cards.first()).toContainText('Active');
  await screenshot(page, { path: `${SCREENS}/customers-modal-details.png` });
  // Edit from the details modal opens the Edit Customer modal for her.
  await details.getByRole('button', { name: 'Edit Customer' }).click();
  await expect(dialog(page, 'Edit Customer').getByLabel('Last name')).toHaveValue('Garcia');
  await dialog(page, 'Edit Customer').getByRole('button', { name: 'Cancel' }).click();

  await maria.getByRole('button', { name: 'Delete Maria Garcia' }).click();
  const del = alertDialog(page, 'Delete Customer');
  await expect(del).toContainText('This customer has 1 active card.');
  await del.getByRole('button', { name: 'Delete Customer' }).click();
  const refusal = 'This customer has assigned cards. Unassign their cards before deleting the customer.';
  await expect(del.getByRole('alert')).toHaveText(refusal);
  await expect(toast(page, refusal)).toBeVisible();
  await expect(del).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Delete Customer refused');
  await screenshot(page, { path: `${SCREENS}/customers-modal-delete-refused.png` });
  await del.getByRole('button', { name: 'Cancel' }).click();
  await expect(maria).toBeVisible();
  expect((await findCustomer(page.request, 'maria.garcia@example.com')).total).toBe(1);
});

test('the demo customer sees only their own cards and transactions', async ({ page, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  // What a staff member sees of Jane Customer through the API.
  const admin = await signedInApi(baseURL!, DEMO.admin);
  const jane = (await findCustomer(admin, 'customer@demo.com')).customers[0];
  const janeDetail = await (await admin.get(`/api/t/demo/customers/${jane.id}`)).json();
  const janeTx = await (await admin.get(`/api/t/demo/transactions?customerId=${jane.id}&limit=200`)).json();
  expect(janeTx.total).toBeLessThanOrEqual(200);
  const maria = (await findCustomer(admin, 'maria.garcia@example.com')).customers[0];
  const mariaDetail = await (await admin.get(`/api/t/demo/customers/${maria.id}`)).json();
  const otherUid: string = mariaDetail.cards[0].cardUid;
  await admin.dispose();
  const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

  await signInWithFill(page, 'customer@demo.com');
  await expect(page).toHaveURL(/\/t\/demo\/customer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Jane!' })).toBeVisible();
  // The business's subscription badge is for its staff, not shown to a customer.
  await expect(page.getByText('Trial Account')).toHaveCount(0);

  // Four stat cards; the balance is the sum of her cards' balances.
  const totalBalance = janeDetail.cards.reduce((s: number, c: { balanceCents: number }) => s + c.balanceCents, 0);
  const stat = (label: string) => page.getByRole('group', { name: label, exact: true }).getByTestId('stat-value');
  await expect(stat('Total Balance')).toHaveText(usd(totalBalance));
  await expect(stat('Active Cards')).toHaveText(String(janeDetail.activeCards));
  type Tx = { type: string; cashbackCents: number; amountCents: number };
  const all = janeTx.transactions as Tx[];
  // Lifetime figures net of corrections (ADR 0014): a refund's claw-back comes off the cashback
  // earned, a voided redemption's amount off the redeemed; other specs may have made either.
  const sum = (type: string, field: 'cashbackCents' | 'amountCents') => all.filter((t) => t.type === type).reduce((s, t) => s + t[field], 0);
  const earned = sum('EARN', 'cashbackCents') - sum('REFUND', 'cashbackCents');
  const redeemed = sum('REDEEM', 'amountCents') - sum('VOID', 'amountCents');
  expect(earned).toBeGreaterThan(0);
  await expect(stat('Total Earned')).toHaveText(usd(earned));
  await expect(stat('Total Redeemed')).toHaveText(usd(redeemed));

  // Profile Information.
  await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible();
  await expect(page.getByText('customer@demo.com', { exact: true })).toBeVisible();

  // Her loyalty cards: exactly the ones the staff API lists for her, with their balances.
  const cards = page.getByTestId('my-card');
  await expect(cards).toHaveCount(janeDetail.cards.length);
  for (const card of janeDetail.cards as Array<{ cardUid: string; balanceCents: number }>) {
    const tile = cards.filter({ hasText: card.cardUid });
    await expect(tile.getByTestId('my-card-balance')).toHaveText(usd(card.balanceCents));
  }

  // Recent Transactions: her 10 newest ledger rows, the same as the staff list, newest first.
  const txRows = page.getByTestId('my-transaction');
  const expected = janeTx.transactions as Array<{ cardUid: string; amountCents: number; type: string }>;
  expect(expected.length).toBeGreaterThan(0);
  await expect(txRows).toHaveCount(Math.min(10, expected.length));
  for (const [i, tx] of expected.slice(0, 10).entries()) {
    await expect(txRows.nth(i)).toContainText(tx.cardUid);
    await expect(txRows.nth(i)).toContainText(usd(tx.amountCents));
  }

  // Another customer's card never shows up.
  await expect(page.getByText(otherUid)).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(otherUid);
  await screenshot(page, { path: `${SCREENS}/customers-dashboard.png`, fullPage: true });

  // The customer may not open the staff screens' API (server-side role guard).
  expect((await page.request.get('/api/t/demo/customers')).status()).toBe(403);

  await page.setViewportSize(PHONE);
  await expect(cards.first()).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/customers-dashboard-phone.png`, fullPage: true });
});

test("a customer login without a customer record sees 'Customer profile not found'", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInTo(page, DEMO.customer, '/t/demo/customer');
  await expect(page.getByRole('heading', { name: 'Welcome back, Jane!' })).toBeVisible();
  // The seed links every customer login to a record: the API's 404 is played back here.
  await page.route('**/api/t/demo/me', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: 'Customer profile not found', code: 'NOT_FOUND' }) }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Customer profile not found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Customer profile not found');
  await screenshot(page, { path: `${SCREENS}/customers-dashboard-not-found.png` });
});

test('the customers screen and its modals on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInTo(page, DEMO.admin, '/t/demo/customers');
  // Cards instead of a table: every customer readable without sideways scrolling.
  const maria = page.getByRole('article', { name: 'Customer Maria Garcia' });
  await expect(maria).toBeVisible();
  await expect(maria).toContainText('maria.garcia@example.com');
  await expect(maria).toContainText('1 active');
  await expect(page.getByRole('table')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, { path: `${SCREENS}/customers-phone.png`, fullPage: true });

  await maria.getByRole('button', { name: 'View Maria Garcia' }).click();
  await expect(dialog(page, 'Customer Details').getByTestId('customer-card')).toHaveCount(1);
  await screenshot(page, { path: `${SCREENS}/customers-phone-modal-details.png` });
  await dialog(page, 'Customer Details').getByRole('button', { name: 'Close' }).last().click();

  await page.getByRole('button', { name: 'Add Customer' }).first().click();
  const add = dialog(page, 'Add New Customer');
  await add.getByRole('button', { name: 'Add Customer' }).click();
  await expect(add.getByText('First name is required')).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/customers-phone-modal-add.png` });
  await add.getByRole('button', { name: 'Cancel' }).click();

  await maria.getByRole('button', { name: 'Edit Maria Garcia' }).click();
  await expect(dialog(page, 'Edit Customer').getByLabel('First name')).toHaveValue('Maria');
  await screenshot(page, { path: `${SCREENS}/customers-phone-modal-edit.png` });
  await dialog(page, 'Edit Customer').getByRole('button', { name: 'Cancel' }).click();

  await maria.getByRole('button', { name: 'Delete Maria Garcia' }).click();
  await expect(alertDialog(page, 'Delete Customer')).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/customers-phone-modal-delete.png` });
  await alertDialog(page, 'Delete Customer').getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('searchbox', { name: 'Search customers' }).fill('zzzz-nobody');
  await expect(page.getByText('No customers found matching your search')).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/customers-phone-empty-search.png` });
});

test("a new business sees 'No customers yet' and adds its first customer", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Cleo');
  await page.getByLabel('Last name').fill('Customers');
  await page.getByLabel('Email').fill(`cleo+${Date.now()}@customers.test`);
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm password').fill('secret12');
  await page.getByRole('button', { name: /Create|Sign up|Start/ }).click();
  await expect(page).toHaveURL(/\/t\/[a-z0-9-]+\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();

  await expect(page.getByText('No customers yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Customers, none yet');
  await screenshot(page, { path: `${SCREENS}/customers-empty.png`, fullPage: true });
  // The same e-mail as a demo customer is fine in another tenant (unique per tenant only).
  await page.getByRole('button', { name: 'Add Customer' }).last().click();
  const add = dialog(page, 'Add New Customer');
  await add.getByLabel('First name').fill('Maria');
  await add.getByLabel('Last name').fill('Garcia');
  await add.getByLabel('Email (optional)').fill('maria.garcia@example.com');
  await add.getByRole('button', { name: 'Add Customer' }).click();
  await expect(toast(page, 'Customer created successfully')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByText('1 customer in your loyalty programme')).toBeVisible();

  // More than one page (25 a page): Previous / Next with 'Showing x to y of z customers'.
  const slug = new URL(page.url()).pathname.split('/')[2];
  for (let i = 1; i <= 26; i++) {
    const res = await page.request.post(`/api/t/${slug}/customers`, { data: { firstName: 'Page', lastName: `Filler${String(i).padStart(2, '0')}` } });
    expect(res.status()).toBe(201);
  }
  await page.reload();
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager).toContainText('Showing 1 to 25 of 27 customers');
  await expect(rows(page)).toHaveCount(25);
  await expect(rows(page).first()).toContainText('Page Filler26');
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pager).toContainText('Showing 26 to 27 of 27 customers');
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).last()).toContainText('Maria Garcia');
  await expectNoSeriousA11yViolations(page, 'Customers, pages');
  await screenshot(page, { path: `${SCREENS}/customers-pagination.png`, fullPage: true });
  // A search goes back to page 1.
  await page.getByRole('searchbox', { name: 'Search customers' }).fill('Filler0');
  await expect(page).not.toHaveURL(/page=2/);
  await expect(rows(page)).toHaveCount(9);
  await expect(pager).toBeHidden();
});
