import { randomUUID } from 'node:crypto';
import { DESKTOP, PHONE, expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsAtWidths, waitForSettled } from './support/a11y';
import { expect, test } from './support/fixtures';
import { SCREENS, screenshot } from './support/screens';
import { signedInApi } from './support/sign-in';
import type { Page } from '@playwright/test';

/**
 * The offline till's settings and sync conflicts end to end on the built app (docs/product.md
 * 'Offline till'), in the spec's own business: the owner allows redemptions while offline in Rules &
 * Settings → Offline; the owner blocks the card while the till's earn made an hour ago is on its way,
 * so the earn is refused when it arrives and becomes a sync conflict; the owner finds it on the
 * Review page's Sync conflicts with the server's reason and what to do, and marks it resolved.
 */
test('the owner allows offline redemptions, then finds a refused offline earn under Sync conflicts and resolves it', async ({
  adminPage: admin,
  adminApi,
  business,
  baseURL,
}) => {
  test.slow();
  const t = `/api/t/${business.slug}`;

  // The owner allows redemptions while offline, up to $25.00 each.
  await admin.goto(`/t/${business.slug}/rules`);
  await admin.getByRole('tab', { name: 'Offline' }).click();
  const redemptions = admin.getByRole('group', { name: 'Redemptions' });
  await expect(admin.getByText("While offline the till cannot see the card's current balance.", { exact: false })).toBeVisible();
  await expect(admin.getByText(/Earns are always accepted offline/)).toBeVisible();
  await redemptions.getByRole('checkbox', { name: 'Allow redemptions while offline' }).check();
  await redemptions.getByLabel('Most per offline redemption').fill('25.00');
  await expectNoSeriousA11yViolationsAtWidths(admin, 'rules offline tab', () => expect(redemptions).toBeVisible());
  await screenshot(admin, { path: `${SCREENS}/rules-offline-desktop.png`, fullPage: true });
  await phoneScreenshot(admin, 'rules-offline-phone.png');
  await admin.getByRole('button', { name: 'Save Offline Settings' }).click();
  await expect(admin.locator('.Toastify').getByText('Offline settings saved')).toBeVisible();
  const saved = await adminApi.get(`${t}/rules/offline`);
  expect(await saved.json()).toEqual({ redemptions: { enabled: true, maxPerTransactionCents: 2500, maxPerCardPerDayCents: 5000 } });

  // The owner blocks the card; then the till's earn made offline an hour ago arrives and is refused.
  expect((await adminApi.post(`${t}/cards/${business.card}/block`, { data: {} })).ok()).toBe(true);
  const till = await signedInApi(baseURL!, business.cashier);
  try {
    const occurredAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const earn = await till.post(`${t}/transactions/earn`, {
      data: { cardUid: business.card, amountCents: 1500, occurredAt },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(earn.status(), await earn.text()).toBe(422);
  } finally {
    await till.dispose();
  }

  // The owner finds it on the Review page under Sync conflicts, with the reason and what to do.
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
  await expect(admin.getByText('1 open conflict', { exact: true })).toBeVisible();
  await admin.getByRole('tab', { name: 'Sync conflicts' }).click();
  await expect(admin).toHaveURL(/[?&]view=conflicts/);
  const row = admin.getByRole('table', { name: 'Sync conflicts' }).getByRole('row').filter({ hasText: business.card });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Earn $15.00');
  await expect(row).toContainText('This card is blocked');
  await expect(row).toContainText(
    'What to do: The card was blocked before this synced. If the sale was genuine, credit the customer with an adjustment on another card or unblock the card first.',
  );
  await expect(row).toContainText(`Casey ${business.cashier.lastName}`);
  await expect(row).toContainText(business.store.name);
  await expect(row).toContainText(/Happened .+Arrived /);
  await expect(row).toContainText('Open');
  await expectNoSeriousA11yViolationsAtWidths(admin, 'review sync conflicts', () => expect(admin.getByRole('tab', { name: 'Sync conflicts' })).toBeVisible());
  await screenshot(admin, { path: `${SCREENS}/review-conflicts-desktop.png`, fullPage: true });
  await phoneScreenshot(admin, 'review-conflicts-phone.png');

  // Marking it resolved asks first; then it leaves the open list.
  await row.getByRole('button', { name: `Mark the conflict on card ${business.card} resolved` }).click();
  const dialog = admin.getByRole('alertdialog', { name: 'Mark this conflict resolved?' });
  await expect(dialog).toContainText('Do this after you have settled it.');
  await expectNoSeriousA11yViolations(admin, 'resolve conflict confirmation', { include: '[role="alertdialog"]' });
  await screenshot(admin, { path: `${SCREENS}/review-conflicts-confirm-desktop.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(admin.locator('.Toastify').getByText(`Conflict on card ${business.card} marked resolved`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('heading', { name: 'No sync conflicts' })).toBeVisible();
  await expect(admin.getByText('0 open conflicts', { exact: true })).toBeVisible();

  // Under All conflicts it stays, resolved by the owner.
  await admin.getByLabel('Show', { exact: true }).selectOption({ label: 'All conflicts' });
  const resolved = admin.getByRole('table', { name: 'Sync conflicts' }).getByRole('row').filter({ hasText: business.card });
  await expect(resolved).toContainText('Resolved');
  await expect(resolved).toContainText(`By ${business.admin.firstName} ${business.admin.lastName}`);
  await expect(resolved.getByRole('button')).toHaveCount(0);
  await screenshot(admin, { path: `${SCREENS}/review-conflicts-all-desktop.png`, fullPage: true });
});

/** A full-page screenshot of `page` at the phone width (taken only when the run asks for screenshots), then back to the desktop width. */
async function phoneScreenshot(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await waitForSettled(page);
  await screenshot(page, { path: `${SCREENS}/${name}`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}
