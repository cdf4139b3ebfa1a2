import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { SCREENS, screenshot } from './support/screens';

/**
 * The Demo payments notice on the built app (the e2e server runs the Demo provider): every tenant
 * screen that takes money says 'Demo payments: no money is taken' near its pay action — Billing
 * (and its subscribe dialog), Card Orders, Add Funds in Customer Details, and the demo checkout
 * page — on a desktop (1280 wide) and a phone (390 wide). Nothing is paid: the checkout is
 * cancelled and the dialogs closed; all in the spec's own business.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const NOTICE = 'Demo payments: no money is taken';

/** The notice inside `scope`: one info status box with exactly the words. */
const notice = (scope: Page | Locator) => scope.getByRole('status').filter({ hasText: NOTICE });

/** Checks the notice in `scope` on a desktop and a phone, with a screenshot of each. */
async function expectNotice(page: Page, scope: Page | Locator, name: string) {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    const box = notice(scope);
    await expect(box).toHaveCount(1);
    await expect(box).toHaveText(NOTICE);
    await box.scrollIntoViewIfNeeded();
    await expect(box).toBeInViewport();
    await screenshot(page, { path: `${SCREENS}/demo-payments-${name}-${size}.png`, fullPage: scope === page });
  }
  await page.setViewportSize(DESKTOP);
}

test.beforeEach(async ({ adminPage: page }) => {
  await page.setViewportSize(DESKTOP);
});

test('Billing and its subscribe dialog say that demo payments take no money', async ({ page, business }) => {
  await page.goto(`/t/${business.slug}/billing`);
  await expect(page.getByRole('heading', { name: 'Billing & Subscription' })).toBeVisible();
  await expectNotice(page, page, 'billing');
  // Payment Methods tab: the page-wide notice stays.
  await page.getByRole('tab', { name: 'Payment Methods' }).click();
  await expect(notice(page)).toBeVisible();

  await page.getByRole('tab', { name: 'Plans' }).click();
  await page.getByRole('button', { name: 'Select Plan Professional' }).click();
  const modal = page.getByRole('dialog', { name: 'Complete Your Subscription' });
  await expect(modal.getByRole('button', { name: /^Subscribe for / })).toBeVisible();
  await expectNotice(page, modal, 'subscribe-dialog');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
});

test('Card Orders says it beside Order and pay', async ({ page, business }) => {
  await page.goto(`/t/${business.slug}/card-orders`);
  const summary = page.locator('form').filter({ has: page.getByRole('button', { name: 'Order and pay' }) });
  await expect(summary.getByTestId('order-total')).toBeVisible();
  await expect(notice(summary)).toBeVisible();
  await expectNotice(page, page, 'card-orders');
});

test('Add Funds and the demo checkout say it; cancelling the checkout takes nothing', async ({ page, business }) => {
  await page.goto(`/t/${business.slug}/customers?search=${encodeURIComponent(business.customer.email)}`);
  await page.getByRole('button', { name: `View ${business.customer.firstName} ${business.customer.lastName}` }).click();
  const details = page.getByRole('dialog', { name: 'Customer Details' });
  await details
    .getByRole('button', { name: /^Add Funds to card / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add Funds to Card' });
  await expect(dialog.getByLabel('Amount')).toBeVisible();
  await expectNotice(page, dialog, 'add-funds');

  await dialog.getByLabel('Amount').fill('12.00');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${business.slug}/checkout/[^/]+$`));
  await expect(page.getByTestId('checkout-amount')).toHaveText('$12.00');
  await expectNotice(page, page, 'checkout');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${business.slug}/customers`));
});
