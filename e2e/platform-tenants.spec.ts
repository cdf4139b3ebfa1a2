import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { signIn, signInWithFill } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * The operator's tenant management (tenant delete works, confirmed by typing the slug) on the built
 * app and the demo database: the platform admin creates a tenant with its owner from the
 * dashboard's Quick Action, the owner signs in (own browser context) and sees the tenant's
 * dashboard; the operator sets the status to PAST_DUE and the owner, after a reload, sees 'Payment
 * Past Due'; the operator deletes the tenant after typing its slug and it leaves the list. A
 * tenant_admin opening /platform/dashboard sees 'Platform admin access required'.
 */

const DESKTOP = { width: 1440, height: 900 };

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });
const row = (page: Page, text: string) => page.getByTestId('tenant-row').filter({ hasText: text });

test('the operator creates a tenant with its owner, sets it PAST_DUE and deletes it after typing the slug', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const name = `Harbour Books ${stamp}`;
  const slug = `harbour-books-${stamp}`;
  const ownerEmail = `owner-${stamp}@example.com`;
  const ownerPassword = 'HarbourPass123!';

  await page.setViewportSize(DESKTOP);
  await signInWithFill(page, 'admin@platform.com');
  await expect(page).toHaveURL(/\/platform\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Platform Dashboard', level: 1 })).toBeVisible();
  for (const label of ['Total Tenants', 'Active Tenants', 'Total Customers', 'Total Revenue', 'Monthly Revenue', 'Total Stores']) {
    await expect(page.getByRole('group', { name: label })).toBeVisible();
  }
  await expect(page.getByRole('group', { name: 'Total Customers' }).getByTestId('stat-value')).not.toHaveText('');
  await expect(page.getByTestId('activity-item').first()).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/platform-dashboard.png`, fullPage: true });

  // Quick Action → /platform/tenants?action=create opens the dialog and leaves the address.
  await page.getByRole('link', { name: /Create Tenant/ }).click();
  const create = dialog(page, 'Create New Tenant');
  await expect(create).toBeVisible();
  await expect(page).toHaveURL(/\/platform\/tenants$/);
  const createButton = create.getByRole('button', { name: 'Create Tenant' });
  await expect(createButton).toBeDisabled();

  // The slug follows the name, then is forced to lowercase letters, digits and hyphens as typed.
  await create.getByLabel('Business name').fill(name);
  await expect(create.getByLabel('Slug')).toHaveValue(slug);
  await create.getByLabel('Slug').fill('Demo Shop_!');
  await expect(create.getByLabel('Slug')).toHaveValue('demoshop');
  await create.getByLabel('Owner email').fill(ownerEmail);
  await expect(createButton).toBeDisabled();
  await create.getByLabel('Owner password').fill(ownerPassword);
  await create.getByLabel('Owner first name (optional)').fill('Hana');
  await create.getByLabel('Owner last name (optional)').fill('Reader');

  // A taken slug: the server's message in the dialog, which stays open.
  await create.getByLabel('Slug').fill('demo');
  await expect(createButton).toBeEnabled();
  await createButton.click();
  await expect(create.getByRole('alert')).toHaveText('Slug is already taken');
  await expect(create.getByLabel('Slug')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, 'Create tenant, slug taken');
  await screenshot(page, { path: `${SCREENS}/platform-tenant-create-conflict.png` });

  await create.getByLabel('Slug').fill(slug);
  await createButton.click();
  await expect(toast(page, 'Tenant created successfully')).toBeVisible();
  await expect(create).toBeHidden();
  await expect(row(page, slug)).toBeVisible();
  await expect(row(page, slug)).toContainText(name);
  await expect(row(page, slug)).toContainText(ownerEmail);
  await expect(row(page, slug)).toContainText('Trial');

  // Details: the owner, and the link into the tenant's own dashboard.
  await row(page, slug)
    .getByRole('button', { name: `View ${name}` })
    .click();
  const details = dialog(page, 'Tenant Details');
  await expect(details.getByTestId('details-name')).toHaveText(name);
  await expect(details).toContainText('Hana Reader');
  await expect(details.getByRole('link', { name: 'Open Tenant Dashboard' })).toHaveAttribute('href', `/t/${slug}/dashboard`);
  await screenshot(page, { path: `${SCREENS}/platform-tenant-details.png` });
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toBeHidden();

  // The owner signs in, in a browser of their own, and lands on the new tenant's dashboard.
  const ownerContext = await browser.newContext({ viewport: DESKTOP });
  const owner = await ownerContext.newPage();
  await signIn(owner, ownerEmail, ownerPassword);
  await expect(owner).toHaveURL(new RegExp(`/t/${slug}/dashboard$`));
  await expect(owner.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const strip = owner.getByRole('region', { name: 'Subscription status' });
  await expect(strip.getByRole('heading', { name: 'Free Trial Active' })).toBeVisible();

  // The operator sets PAST_DUE…
  await row(page, slug)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const edit = dialog(page, 'Edit Tenant');
  await expect(edit.getByLabel('Business name')).toHaveValue(name);
  await edit.getByLabel('Subscription status').selectOption('PAST_DUE');
  await screenshot(page, { path: `${SCREENS}/platform-tenant-edit.png` });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Tenant updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row(page, slug).getByText('Past Due', { exact: true })).toBeVisible();

  // …and the owner sees it after a reload.
  await owner.reload();
  await expect(strip.getByRole('heading', { name: 'Payment Past Due' })).toBeVisible();
  await expect(owner.getByRole('group', { name: 'Total Customers' })).toBeVisible();
  await expectNoSeriousA11yViolations(owner, 'Owner dashboard, past due');
  await screenshot(owner, { path: `${SCREENS}/platform-tenant-owner-past-due.png` });
  await ownerContext.close();

  // Delete: stays disabled until the slug is typed exactly.
  await row(page, slug)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  const remove = page.getByRole('alertdialog', { name: 'Delete Tenant' });
  await expect(remove).toContainText('This action cannot be undone.');
  const deleteButton = remove.getByRole('button', { name: 'Delete Tenant' });
  await expect(deleteButton).toBeDisabled();
  const confirm = remove.getByLabel(`Type ${slug} to confirm`);
  await confirm.fill(slug.toUpperCase());
  await expect(deleteButton).toBeDisabled();
  await confirm.fill(slug);
  await expect(deleteButton).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'Delete Tenant dialog');
  await screenshot(page, { path: `${SCREENS}/platform-tenant-delete.png` });
  await deleteButton.click();
  await expect(toast(page, 'Tenant deleted successfully')).toBeVisible();
  await expect(remove).toBeHidden();
  await expect(row(page, slug)).toHaveCount(0);

  // Gone from a search too.
  await page.getByLabel('Search tenants').fill(slug);
  await expect(page.getByText('No tenants found matching your criteria')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`search=${slug}`));
});

test('a tenant admin opening the platform area sees Access Denied', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInWithFill(page, 'admin@demo.com');
  await expect(page).toHaveURL(/\/t\/demo\/dashboard$/);
  await page.goto('/platform/dashboard');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('Platform admin access required')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'Platform Access Denied (tenant admin)');
  await screenshot(page, { path: `${SCREENS}/platform-access-denied.png` });
});
