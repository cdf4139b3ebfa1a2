import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { SCREENS, screenshot } from './support/screens';

/**
 * A business's journey with the Demo provider, no network: a new business signs up, uses its
 * free trial until the Cards page says the limit is reached, adds a card, subscribes to
 * Professional, sees Active and the new quota, orders 100 printed cards, pays on the demo
 * checkout and finds them in Cards with the quota raised by 100 (docs/product.md 'Card orders').
 */

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

test('signup → trial limit → subscribe to Professional → order 100 cards and pay → see them in Cards', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });

  // Sign up: a new business on trial.
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Nina');
  await page.getByLabel('Last name').fill('Journey');
  await page.getByLabel('Email').fill(`nina+${Date.now()}@journey.test`);
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm password').fill('secret12');
  await page.getByRole('button', { name: /Create|Sign up|Start/ }).click();
  await expect(page).toHaveURL(/\/t\/[a-z0-9-]+\/dashboard$/);
  const slug = new URL(page.url()).pathname.split('/')[2]!;
  await expect(page.getByRole('region', { name: 'Subscription status' }).getByRole('heading', { name: 'Free Trial Active' })).toBeVisible();

  // Use the trial: 40 cards, the free-trial limit; the banner turns red with the way out.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cards' }).click();
  await expect(page.getByText('0 of 40 cards used in your free trial')).toBeVisible();
  await page.getByRole('button', { name: 'Create Card Batch' }).last().click();
  const batch = page.getByRole('dialog', { name: 'Create Card Batch' });
  await batch.getByLabel('Quantity').fill('40');
  await batch.getByRole('button', { name: 'Create Cards' }).click();
  await expect(toast(page, 'Successfully created 40 cards')).toBeVisible();
  const allowance = page.getByRole('region', { name: 'Card allowance' });
  await expect(allowance).toHaveAttribute('data-level', 'limit');
  await expect(allowance.getByText('40 of 40 cards used in your free trial')).toBeVisible();
  await expect(allowance.getByText('You have reached your free trial card limit.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Cards at the trial limit');
  await screenshot(page, { path: `${SCREENS}/journey-trial-limit.png`, fullPage: true });

  // Upgrade: add a demo card, then subscribe to Professional.
  await allowance.getByRole('link', { name: 'Upgrade Plan' }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${slug}/billing$`));
  await page.getByRole('tab', { name: 'Payment Methods' }).click();
  await page.getByRole('button', { name: 'Add Your First Card' }).click();
  const cardDialog = page.getByRole('dialog', { name: 'Add New Card' });
  await cardDialog.getByLabel('Last 4 digits').fill('4242');
  await cardDialog.getByRole('button', { name: 'Add Card' }).click();
  await expect(page.getByText('VISA •••• 4242')).toBeVisible();
  await page.getByRole('tab', { name: 'Plans' }).click();
  await page.getByRole('button', { name: 'Select Plan Professional' }).click();
  const modal = page.getByRole('dialog', { name: 'Complete Your Subscription' });
  await modal.getByRole('button', { name: 'Subscribe for $49.99/month' }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${slug}/billing\\?success=true&demo=true$`));
  await expect(page.getByRole('banner').getByText('Active', { exact: true })).toBeVisible();

  // The new quota on the Cards page: Professional's 5000 cards.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cards' }).click();
  await expect(allowance.getByRole('heading', { name: 'Professional Plan - Active' })).toBeVisible();
  await expect(allowance.getByText('40 of 5000 cards used')).toBeVisible();

  // Order 100 printed cards and pay on the demo checkout.
  await allowance.getByRole('link', { name: 'Order Printed Cards' }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${slug}/card-orders$`));
  await page.getByTestId('card-type-SINGLE_SIDED').click();
  await page.getByLabel('Number of cards').fill('100');
  await expect(page.getByTestId('order-total')).toHaveText('$50.00');
  await page.getByLabel('Recipient name').fill('Nina Journey');
  await page.getByLabel('Address', { exact: true }).fill('5 Harbour Road');
  await page.getByLabel('City').fill('Portsmouth');
  await page.getByLabel('Postal code').fill('PO1 2AB');
  await page.getByLabel('Country').fill('United Kingdom');
  await page.getByRole('button', { name: 'Order and pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${slug}/checkout/[^/]+$`));
  await page.getByRole('button', { name: 'Pay $50.00' }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${slug}/card-orders\\?paid=`));
  await expect(page.getByText('Payment received. 100 cards were added to your account.')).toBeVisible();

  // Cards: 140 cards, the quota 5000 + 100 bought, the new cards UNASSIGNED.
  await page.getByRole('link', { name: 'Go to Cards' }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${slug}/cards$`));
  await expect(allowance.getByText('140 of 5100 cards used')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Cards after an order');
  await screenshot(page, { path: `${SCREENS}/journey-cards-after-order.png`, fullPage: true });

  // Billing's Usage tab agrees.
  await page.goto(`/t/${slug}/billing?tab=usage`);
  await expect(page.getByTestId('usage-Cards')).toHaveText(/^140 \/ 5100 \(3%\)$/);
});
