import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { SCREENS, screenshot } from './support/screens';

/**
 * Checkouts on the built app, each in a business of the spec's own (docs/product.md 'Payments', 'Card
 * orders'): the tenant admin orders printed cards and pays on the Demo checkout page (the cards
 * arrive in Cards), adds funds to a customer's card from Customer Details, and cancels a
 * checkout (the order keeps waiting for payment, then is cancelled with a confirmation).
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function shoot(page: Page, name: string, fullPage = true) {
  await expectNoSeriousA11yViolations(page, `Card orders: ${name}`);
  await screenshot(page, { path: `${SCREENS}/card-orders-${name}.png`, fullPage });
}

/** Fills the shipping address of the order form. */
async function fillAddress(page: Page) {
  await page.getByLabel('Recipient name').fill('Alex Owner');
  await page.getByLabel('Address', { exact: true }).fill('1 Market Street');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('Postal code').fill('12345');
  await page.getByLabel('Country').fill('United States');
}

const orderRow = (page: Page, id: string) => page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);
const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

test('an admin orders 100 single-sided cards, pays on the demo checkout and finds them in Cards', async ({ page }) => {
  // A new business of its own, so the 100 cards do not change the demo tenant other specs read.
  await page.setViewportSize(DESKTOP);
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Omar');
  await page.getByLabel('Last name').fill('Orders');
  await page.getByLabel('Email').fill(`omar+${Date.now()}@orders.test`);
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm password').fill('secret12');
  await page.getByRole('button', { name: /Create|Sign up|Start/ }).click();
  await expect(page).toHaveURL(/\/t\/[a-z0-9-]+\/dashboard$/);
  const slug = new URL(page.url()).pathname.split('/')[2]!;
  const cardTotalOf = async () => {
    const res = await page.request.get(`/api/t/${slug}/cards?limit=1`);
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { total: number }).total;
  };
  const before = await cardTotalOf();

  await page.goto(`/t/${slug}/card-orders`);
  await expect(page.getByRole('heading', { level: 1, name: 'Card Orders' })).toBeVisible();
  // The price list: two card kinds with volume tiers.
  const single = page.getByTestId('card-type-SINGLE_SIDED');
  const double = page.getByTestId('card-type-DOUBLE_SIDED_CUSTOM');
  await expect(single).toContainText('Single-sided');
  await expect(single).toContainText('$0.50');
  await expect(double).toContainText('Double-sided custom');
  await expect(double).toContainText('$0.90');
  await shoot(page, 'page');

  // Out-of-bounds quantity and an empty address are refused with the contract's messages.
  await page.getByLabel('Number of cards').fill('10');
  await expect(page.getByTestId('order-total')).toHaveText('—');
  await page.getByRole('button', { name: 'Order and pay' }).click();
  await expect(page.getByText('Quantity must be between 50 and 10,000')).toBeVisible();
  await expect(page.getByText('Recipient name is required')).toBeVisible();
  await expect(page).toHaveURL(/\/card-orders$/);

  // 100 single-sided cards: $0.50 each, $50.00 in all (the live price follows the tiers).
  await double.click();
  await page.getByLabel('Number of cards').fill('500');
  await expect(page.getByTestId('unit-price')).toHaveText('$0.75');
  await single.click();
  await page.getByLabel('Number of cards').fill('100');
  await expect(page.getByTestId('unit-price')).toHaveText('$0.50');
  await expect(page.getByTestId('order-total')).toHaveText('$50.00');
  await fillAddress(page);
  await shoot(page, 'form-filled');
  await page.getByRole('button', { name: 'Order and pay' }).click();

  // The Demo checkout page.
  await expect(page).toHaveURL(new RegExp(`/t/${slug}/checkout/[^/]+$`));
  await expect(page.getByText('Demo checkout', { exact: true })).toBeVisible();
  await expect(page.getByText('Demo payments: no money is taken', { exact: true })).toBeVisible();
  await expect(page.getByTestId('checkout-amount')).toHaveText('$50.00');
  await shoot(page, 'checkout');
  await page.setViewportSize(PHONE);
  await shoot(page, 'checkout-phone');
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Pay $50.00' }).click();

  // Back on Card Orders with the paid banner and the order PAID.
  await expect(page).toHaveURL(new RegExp(`/t/${slug}/card-orders\\?paid=[^&]+$`));
  const orderId = new URL(page.url()).searchParams.get('paid')!;
  await expect(page.getByText('Payment received. 100 cards were added to your account.')).toBeVisible();
  const row = orderRow(page, orderId);
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('$50.00');
  await expect(row.getByRole('button', { name: /Pay now/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /Cancel order/ })).toBeVisible();
  await shoot(page, 'paid');
  await page.setViewportSize(PHONE);
  await expect(page.locator(`[data-testid="order-item"][data-order-id="${orderId}"]`)).toContainText('Paid');
  await shoot(page, 'paid-phone');
  await page.setViewportSize(DESKTOP);

  // Cards: 100 more, the new ones UNASSIGNED.
  expect(await cardTotalOf()).toBe(before + 100);
  await page.getByRole('link', { name: 'Go to Cards' }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${slug}/cards$`));
  await expect(page.getByText(`of ${before + 100} cards`)).toBeVisible();

  // A paid checkout cannot be paid again: the page says so and offers to continue.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/t/${slug}/checkout/`));
  await expect(page.getByText('This checkout is already paid')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue' })).toBeVisible();
});

test('add funds $25.00 to a customer card from Customer Details and pay', async ({ adminPage: page, business }) => {
  const card = { cardUid: business.card, balanceCents: 0 };
  const who = `${business.customer.firstName} ${business.customer.lastName}`;
  await page.setViewportSize(DESKTOP);
  const t = `/t/${business.slug}`;

  await page.goto(`${t}/customers?search=${encodeURIComponent(business.customer.email)}`);
  await page.getByRole('button', { name: `View ${who}` }).click();
  const details = page.getByRole('dialog', { name: 'Customer Details' });
  const item = details.getByTestId('customer-card').filter({ hasText: card.cardUid });
  await expect(item.getByTestId('card-balance')).toHaveText(usd(card.balanceCents));
  await shoot(page, 'customer-details', false);
  await item.getByRole('button', { name: `Add Funds to card ${card.cardUid}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Add Funds to Card' });
  await dialog.getByLabel('Amount').fill('1000.01');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(dialog.getByText('Amount must be between $1.00 and $1,000.00')).toBeVisible();
  await shoot(page, 'add-funds-error', false);
  await dialog.getByLabel('Amount').fill('25.00');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(new RegExp(`${t}/checkout/[^/]+$`));
  await expect(page.getByTestId('checkout-amount')).toHaveText('$25.00');
  await page.getByRole('button', { name: 'Pay $25.00' }).click();

  // Back on Customers: the message, and her details open again with the new balance.
  await expect(page).toHaveURL(new RegExp(`${t}/customers$`));
  await expect(page.locator('.Toastify').getByText('Funds added to the card.')).toBeVisible();
  const again = page.getByRole('dialog', { name: 'Customer Details' });
  await expect(again.getByTestId('details-name')).toHaveText(who);
  await expect(again.getByTestId('customer-card').filter({ hasText: card.cardUid }).getByTestId('card-balance')).toHaveText(usd(card.balanceCents + 2500));
  await shoot(page, 'funds-added', false);
});

test('cancel on the demo checkout leaves the order waiting for payment; cancelling it asks first', async ({ adminPage: page, business }) => {
  const t = `/t/${business.slug}`;
  await page.setViewportSize(DESKTOP);
  await page.goto(`${t}/card-orders`);
  await page.getByTestId('card-type-DOUBLE_SIDED_CUSTOM').click();
  await page.getByLabel('Number of cards').fill('50');
  await expect(page.getByTestId('order-total')).toHaveText('$45.00');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Order and pay' }).click();

  await expect(page).toHaveURL(new RegExp(`${t}/checkout/[^/]+$`));
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${t}/card-orders\\?canceled=[^&]+$`));
  const orderId = new URL(page.url()).searchParams.get('canceled')!;
  await expect(page.getByText('Payment canceled. Your order is waiting for payment.')).toBeVisible();
  const row = orderRow(page, orderId);
  await expect(row).toContainText('Pending payment');
  await expect(row.getByRole('button', { name: /Pay now/ })).toBeVisible();
  await shoot(page, 'canceled');

  // Cancel the order: the confirmation says nothing is charged; 'Keep order' keeps it.
  await row.getByRole('button', { name: /Cancel order/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this order?' });
  await expect(confirm.getByText('The order is cancelled and nothing is charged.')).toBeVisible();
  await shoot(page, 'cancel-confirm', false);
  await confirm.getByRole('button', { name: 'Keep order' }).click();
  await expect(row).toContainText('Pending payment');
  await row.getByRole('button', { name: /Cancel order/ }).click();
  await confirm.getByRole('button', { name: 'Cancel order' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Cancelled');
  await expect(row.getByRole('button')).toHaveCount(0);
});
