import { randomUUID } from 'node:crypto';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { DEMO, signedInPage } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * The audit trail on the built app (docs/security.md 'Audit
 * trail'): the Store Admin of the spec's own business earns at the till and renames its store, then reads both under Activity,
 * filters by action, opens what changed (money formatted from cents) and exports the CSV; the
 * operator sees every tenant's events and its own sign-in under the console's Activity.
 * Screenshots to test-results/screens; axe-core on both pages and the details dialog.
 */

test('a Store Admin reads who changed what, opens a change, filters and exports; the operator sees it too', async ({
  adminPage: page,
  business,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const t = `/api/t/${business.slug}`;
  // The trial allows one store: the audited change renames the sign-up's store.
  const storeName = `Audit Corner ${randomUUID().slice(0, 4)}`;
  const store = await page.request.put(`${t}/stores/${business.store.id}`, { data: { name: storeName, address: '1 Audit St' } });
  expect(store.status()).toBe(200);
  const earn = await page.request.post(`${t}/transactions/earn`, {
    data: { cardUid: business.card, amountCents: 2500, category: 'PURCHASE' },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(earn.status()).toBe(200);

  await page.goto(`/t/${business.slug}/dashboard`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).first().click();
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Activity' });
  await expect(table.getByRole('button', { name: 'Cashback earned' }).first()).toBeVisible();
  await expect(table.getByRole('button', { name: 'Store updated' }).first()).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/activity.png` });
  await expectNoSeriousA11yViolations(page, 'Activity');

  await table.getByRole('button', { name: 'Cashback earned' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Cashback earned' });
  await expect(dialog.getByRole('row', { name: /^Amount/ })).toContainText('$25.00');
  await expect(dialog.getByRole('row', { name: /^Balance/ })).toContainText('$');
  await screenshot(page, { path: `${SCREENS}/activity-details.png` });
  await expectNoSeriousA11yViolations(page, 'Activity: details');
  await page.keyboard.press('Escape');

  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Store updated' });
  await expect(page).toHaveURL(/action=store\.update/);
  await expect(table.getByRole('button', { name: 'Cashback earned' })).toHaveCount(0);
  await table.getByRole('button', { name: 'Store updated' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Store updated' }).getByRole('row', { name: /^Name/ })).toContainText(storeName);
  await page.keyboard.press('Escape');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe('activity.csv');

  await page.getByLabel('From', { exact: true }).fill('2000-01-01');
  await page.getByLabel('To', { exact: true }).fill('2000-01-02');
  await expect(page.getByText('No activity matches these filters')).toBeVisible();

  const operator = await signedInPage(browser, baseURL!, DEMO.operator, { viewport: { width: 1280, height: 900 }, path: '/platform/activity' });
  const all = operator.getByRole('table', { name: 'Activity' });
  await expect(all.getByRole('button', { name: 'Platform admin signed in' }).first()).toBeVisible();
  // Other workers' businesses write events too: look for this business's row, not the newest.
  await expect(
    all
      .getByRole('row', { name: /Store updated/ })
      .filter({ hasText: business.name })
      .first(),
  ).toBeVisible();
  await screenshot(operator, { path: `${SCREENS}/platform-activity.png` });
  await expectNoSeriousA11yViolations(operator, 'Platform Activity');
  await operator.context().close();
});
