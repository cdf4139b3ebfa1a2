import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DEMO, signInTo } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * Staff invitations on the built app and the embedded demo database (no SMTP: the
 * invitation waits in the operator's Outbox, where its link is read):
 * - the Store Admin adds a cashier with 'Send an invitation instead' (no password): toast, the
 *   row shows 'Invited' with Resend and Revoke;
 * - the invitation's link greets the new cashier ('Join Demo Retail Store'), refuses a mismatch,
 *   sets the password and signs them in to the POS;
 * - back on the Staff page the row is no longer 'Invited'; a second invitation is revoked
 *   after a confirmation and leaves the list.
 * Screenshots at 1280 wide to test-results/screens; axe-core on the new page and dialog.
 */
const suffix = Date.now();
const invitee = `invitee-${suffix}@demo.com`;
const revokee = `revokee-${suffix}@demo.com`;

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });
const staffRow = (page: Page, email: string) => page.getByRole('table', { name: 'Staff members' }).getByRole('row').filter({ hasText: email });

async function inviteCashier(page: Page, first: string, email: string) {
  await page.getByRole('button', { name: 'Add Staff Member' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Staff Member' });
  await add.getByLabel('First name').fill(first);
  await add.getByLabel('Last name').fill('Newcomer');
  await add.getByLabel('Email').fill(email);
  await add.getByLabel('Store').selectOption({ label: 'Main Store' });
  await add.getByLabel('Send an invitation instead').check();
  await expect(add.getByLabel('Password', { exact: true })).toHaveCount(0);
  await add.getByRole('button', { name: 'Add Staff Member' }).click();
  await expect(toast(page, `Invitation sent to ${email}`)).toBeVisible();
  await expect(add).toBeHidden();
}

test('an invited cashier chooses a password from the e-mailed link and lands at the till', async ({ page }) => {
  await signInTo(page, DEMO.admin, '/t/demo/staff');
  await inviteCashier(page, 'Ines', invitee);
  const row = staffRow(page, invitee);
  await expect(row).toContainText('Invited');
  await expect(row.getByRole('button', { name: /Resend invitation/ })).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/staff-invited-desktop.png`, fullPage: true });

  // The operator reads the invitation in the outbox (no SMTP on the embedded database).
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInTo(page, DEMO.operator, '/platform/outbox');
  await page.getByRole('searchbox', { name: 'Search recipients' }).fill(invitee);
  await page
    .getByRole('row')
    .filter({ hasText: invitee })
    .getByRole('button', { name: 'Alex Owner invited you to Demo Retail Store on Loyalty Cards' })
    .click();
  const text = (await page.getByRole('dialog').locator('pre').first().textContent()) ?? '';
  const link = /https?:\/\/\S+\/accept-invitation\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Sign out' }).click();

  const url = new URL(link!);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { name: 'Join Demo Retail Store' })).toBeVisible();
  await expect(page.getByText(`Choose a password for ${invitee}.`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'accept invitation');
  await page.getByLabel('Password', { exact: true }).fill('InvitedPass123!');
  await page.getByLabel('Confirm password').fill('Different123!');
  await page.getByRole('button', { name: 'Create my password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill('InvitedPass123!');
  await screenshot(page, { path: `${SCREENS}/accept-invitation-desktop.png`, fullPage: true });
  await page.getByRole('button', { name: 'Create my password' }).click();
  await expect(page).toHaveURL(/\/t\/demo\/pos$/);

  // The owner sees the invitation accepted; a second one is revoked after a confirmation.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInTo(page, DEMO.admin, '/t/demo/staff');
  await expect(staffRow(page, invitee)).toContainText('Active');
  await expect(staffRow(page, invitee)).not.toContainText('Invited');
  await inviteCashier(page, 'Rhea', revokee);
  await staffRow(page, revokee)
    .getByRole('button', { name: /Revoke invitation/ })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke invitation' });
  await expect(confirm).toContainText(revokee);
  await expectNoSeriousA11yViolations(page, 'revoke invitation dialog');
  await confirm.getByRole('button', { name: 'Revoke invitation' }).click();
  await expect(toast(page, 'Invitation revoked')).toBeVisible();
  await expect(staffRow(page, revokee)).toHaveCount(0);
});
