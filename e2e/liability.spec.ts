import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolationsAtWidths } from './support/a11y';
import { DEMO, signInTo } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

test.use({ viewport: { width: 1280, height: 900 } });

/**
 * The liability report (docs/product.md 'Reports') on the built app: the demo tenant's admin opens
 * Liability from the side menu and reads 'Outstanding' as a dollar figure, with the chart and the
 * age buckets; the operator opens Platform → Liability and sees the total and the per-tenant table.
 * Both pages pass axe (WCAG 2.1 A/AA, nothing serious) at the desktop and the phone width.
 */

test('the tenant admin reads the liability report', async ({ page }) => {
  await signInTo(page, DEMO.admin, '/t/demo/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Liability' }).click();
  await expect(page).toHaveURL(/\/t\/demo\/liability/);
  await expect(page.getByRole('heading', { name: 'Liability', level: 1 })).toBeVisible();
  const outstanding = page.getByRole('group', { name: 'Outstanding' }).getByTestId('stat-value');
  await expect(outstanding).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByRole('table', { name: 'Outstanding cashback by age' })).toBeVisible();
  // The demo cards belong to the demo stores: the outstanding by store names them.
  await expect(page.getByRole('table', { name: 'Outstanding cashback by store' }).getByRole('row').nth(1)).toHaveText(/\$[\d,]+\.\d{2}/);
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await page.waitForTimeout(1000); // the chart's 400 ms draw animation
  await screenshot(page, { path: `${SCREENS}/liability-tenant.png`, fullPage: true });
  await expectNoSeriousA11yViolationsAtWidths(page, 'Liability', async () => {
    await expect(page.getByRole('group', { name: 'Outstanding' }).getByTestId('stat-value')).toBeVisible();
  });
});

test('the operator reads every tenant’s liability', async ({ page }) => {
  await signInTo(page, DEMO.operator, '/platform/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Liability' }).click();
  await expect(page.getByRole('heading', { name: 'Liability', level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Total outstanding' }).getByTestId('stat-value')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  const table = page.getByRole('table', { name: 'Liability by tenant' });
  await expect(table.getByRole('cell', { name: 'Demo Retail Store' }).first()).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/liability-platform.png`, fullPage: true });
  await expectNoSeriousA11yViolationsAtWidths(page, 'Platform liability', async () => {
    await expect(page.getByRole('group', { name: 'Total outstanding' }).getByTestId('stat-value')).toBeVisible();
  });
});
